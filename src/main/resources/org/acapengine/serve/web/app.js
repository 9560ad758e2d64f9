// acap serve's page. Every text that comes from a file or an answer is put in the page with
// textContent, never parsed as HTML; the server's Content-Security-Policy allows this file only.
'use strict';

// Each source the page can hold: its request field, tab label, and the name answers give it (a
// deciding line's source). A header value is one line, sent trimmed.
const SOURCES = {
  robots_txt: {label: 'robots.txt', name: 'robots.txt'},
  llm_policy: {label: 'llm-policy.json', name: 'llm-policy.json'},
  scorpion: {label: 'Scorpion', name: 'scorpion.crawl'},
  tdmrep: {label: 'tdmrep.json', name: 'tdmrep.json'},
  rsl: {label: 'RSL licence', name: 'license.xml'},
  page_headers: {label: 'page headers', name: 'page.headers'},
  page_html: {label: 'page HTML', name: 'page.html'},
  content_usage: {label: 'Content-Usage', name: 'Content-Usage header', header: true},
  content_signal: {label: 'Content-Signal', name: 'Content-Signal header', header: true},
};
const SEVERITY_SYMBOL = {error: '✖', warning: '⚠', info: 'ℹ'};
const state = {editors: {}, active: 'robots_txt', looks: [], updated: '', lintTimer: null, lastFindings: []};

function $(id) { return document.getElementById(id); }

/** An element with attributes and children (strings become text nodes). */
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') e.className = v;
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.append(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return e;
}

function showError(message) {
  const e = $('error');
  e.textContent = message;
  e.hidden = !message;
}

async function post(endpoint, body) {
  const r = await fetch('/v1/' + endpoint, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
  const answer = await r.json();
  if (!r.ok) throw new Error(answer.error || ('HTTP ' + r.status));
  return answer;
}

// ---- editors -------------------------------------------------------------------------------

/** An editor: a textarea over a backdrop of lines (for highlights) beside a gutter of line numbers. */
function createEditor(key) {
  const gutter = el('div', {class: 'gutter', 'aria-hidden': 'true'});
  const backdrop = el('div', {class: 'backdrop', 'aria-hidden': 'true', id: 'lines-' + key});
  const input = el('textarea', {class: 'input', id: 'text-' + key, spellcheck: 'false', wrap: 'off', autocomplete: 'off',
    'aria-label': SOURCES[key].label + ' text'});
  const box = el('div', {class: 'editor', id: 'editor-' + key}, gutter, el('div', {class: 'area'}, backdrop, input));
  const ed = {key, box, gutter, backdrop, input, findings: [], decided: new Map(), selected: 0};
  input.addEventListener('input', () => { render(ed); if (key === 'robots_txt') scheduleLint(); });
  // the box scrolls, not the textarea: kept at its origin, its text stays over its line backgrounds
  input.addEventListener('scroll', () => { input.scrollTop = 0; input.scrollLeft = 0; });
  state.editors[key] = ed;
  $('editors').append(box);
  render(ed);
  return ed;
}

function lines(text) {
  const l = text.split('\n');
  if (l.length > 1 && l[l.length - 1] === '') l.pop();
  return l;
}

/** Redraws an editor's gutter and backdrop from its text, findings and highlighted lines. */
function render(ed) {
  const ls = lines(ed.input.value);
  const byLine = new Map();
  for (const f of ed.findings) {
    if (!byLine.has(f.line)) byLine.set(f.line, []);
    byLine.get(f.line).push(f);
  }
  const gutter = [];
  const back = [];
  let longest = 0;
  ls.forEach((text, i) => {
    const n = i + 1;
    const fs = byLine.get(n) || [];
    const worst = fs.some(f => f.severity === 'error') ? 'error' : fs.some(f => f.severity === 'warning') ? 'warning' : fs.length ? 'info' : '';
    const marker = worst ? el('span', {class: 'marker sev-' + worst}, SEVERITY_SYMBOL[worst]) : null;
    const cell = el('div', {class: 'num' + (worst ? ' sev-' + worst : ''), dataset: {line: n}}, marker, String(n));
    if (fs.length) cell.title = fs.map(f => f.code + ': ' + f.message + '\nfix: ' + f.help).join('\n\n');
    gutter.push(cell);
    const classes = ['ln'];
    if (worst) classes.push('sev-' + worst);
    if (ed.decided.has(n)) classes.push('decided', ed.decided.get(n) ? 'decided-allowed' : 'decided-prohibited');
    if (ed.selected === n) classes.push('selected');
    back.push(el('div', {class: classes.join(' '), dataset: {line: n}}, text === '' ? ' ' : text));
    longest = Math.max(longest, text.length);
  });
  ed.gutter.replaceChildren(...gutter);
  ed.backdrop.replaceChildren(...back);
  // one row more than the lines, for the caret after a final line end: the textarea never scrolls inside itself
  const rows = Math.max(ls.length + 1, 12);
  ed.input.style.height = 'calc(' + rows + ' * var(--lh) + 2 * var(--pad))';
  ed.input.style.width = 'calc(' + Math.max(longest + 2, 40) + 'ch + 2 * var(--pad))';
}

function scrollToLine(ed, n) {
  const target = ed.backdrop.querySelector('[data-line="' + n + '"]');
  if (target) target.scrollIntoView({block: 'center', inline: 'nearest'});
}

function activate(key) {
  state.active = key;
  for (const [k, ed] of Object.entries(state.editors)) ed.box.hidden = k !== key;
  for (const t of $('source-tabs').children) t.classList.toggle('active', t.dataset.key === key);
}

function addSource(key) {
  if (!state.editors[key]) {
    createEditor(key);
    const tab = el('button', {type: 'button', class: 'source-tab', dataset: {key}, id: 'source-' + key, onclick: () => activate(key)}, SOURCES[key].label);
    if (key !== 'robots_txt') {
      tab.append(el('span', {class: 'remove', title: 'remove this source', onclick: e => { e.stopPropagation(); removeSource(key); }}, ' ×'));
    }
    $('source-tabs').append(tab);
  }
  activate(key);
}

function removeSource(key) {
  const ed = state.editors[key];
  ed.box.remove();
  $('source-' + key).remove();
  delete state.editors[key];
  activate('robots_txt');
}

/** The request fields of every source in the editors. */
function policy() {
  const p = {};
  for (const [k, ed] of Object.entries(state.editors)) p[k] = SOURCES[k].header ? ed.input.value.trim() : ed.input.value;
  return p;
}

function setText(key, text) {
  const ed = state.editors[key];
  ed.input.value = text;
  ed.decided = new Map();
  ed.selected = 0;
  render(ed);
  if (key === 'robots_txt') lint();
}

// ---- lint ----------------------------------------------------------------------------------

function scheduleLint() {
  clearTimeout(state.lintTimer);
  state.lintTimer = setTimeout(lint, 300);
}

async function lint() {
  const body = policy(); // the other sources are read for where they and the robots.txt disagree
  try {
    const findings = await post('lint', body);
    const ed = state.editors.robots_txt;
    ed.findings = findings;
    render(ed);
    const list = $('findings');
    list.replaceChildren(...findings.map(f => el('li', {class: 'finding sev-' + f.severity, dataset: {line: f.line}, onclick: () => select('robots_txt', f.line)},
      el('span', {class: 'where'}, 'line ' + f.line), ' ',
      el('span', {class: 'sev'}, (SEVERITY_SYMBOL[f.severity] || '') + ' ' + f.severity), ' ',
      el('code', {}, f.code), ' ', f.message,
      el('div', {class: 'fix'}, 'fix: ' + f.help))));
    $('lint-count').textContent = findings.length ? '(' + findings.length + ')' : '(none)';
    showError('');
  } catch (e) {
    showError('lint: ' + e.message);
  }
}

// ---- URL tester ----------------------------------------------------------------------------

/** The editor whose file a deciding line's source names, if any. */
function editorFor(source) {
  for (const [k, ed] of Object.entries(state.editors)) if (SOURCES[k].name === source && !SOURCES[k].header) return ed;
  return null;
}

function select(key, line) {
  activate(key);
  const ed = state.editors[key];
  ed.selected = line;
  render(ed);
  scrollToLine(ed, line);
}

function crawlerNames() {
  return $('crawler').value.split(',').map(s => s.trim()).filter(s => s);
}

async function test(event) {
  event.preventDefault();
  const urls = $('urls').value.split('\n').map(s => s.trim()).filter(s => s);
  if (!urls.length) return;
  const body = Object.assign(policy(), {crawler: crawlerNames(), usage: $('usage').value.trim() || 'crawl', urls});
  if ($('purpose').value.trim()) body.purpose = $('purpose').value.trim();
  try {
    const answers = await post('decide', body);
    for (const ed of Object.values(state.editors)) { ed.decided = new Map(); ed.selected = 0; }
    const rows = answers.map((a, i) => resultRow(a, i, body));
    $('results').tBodies[0].replaceChildren(...rows);
    $('results').hidden = false;
    $('explanation').hidden = true;
    for (const ed of Object.values(state.editors)) render(ed);
    showError('');
  } catch (e) {
    showError('test: ' + e.message);
  }
}

function resultRow(a, i, request) {
  const ed = a.line ? editorFor(a.source) : null;
  if (ed && !ed.decided.has(a.line)) ed.decided.set(a.line, a.allowed);
  const where = a.line ? 'line ' + a.line + ': ' + a.text : a.text ? a.source + ': ' + a.text : 'no rule applies (' + a.basis + ')';
  const verdict = el('td', {class: 'verdict ' + (a.allowed ? 'v-allowed' : 'v-prohibited')}, (a.allowed ? '✓ allowed' : '✗ prohibited'));
  const explain = el('button', {type: 'button', class: 'link explain', onclick: e => { e.stopPropagation(); explainRow(a, request); }}, 'why?');
  const row = el('tr', {class: 'result', dataset: {index: i, allowed: a.allowed, line: a.line || 0, source: a.source || ''}},
    verdict, el('td', {}, a.usage), el('td', {class: 'url'}, a.path), el('td', {class: 'where'}, el('code', {}, where)), el('td', {}, explain));
  row.title = (a.allowed ? 'allowed' : 'prohibited') + ' (' + a.basis + ')' + (a.source ? ' by ' + a.source : '');
  row.addEventListener('click', () => {
    for (const r of row.parentNode.children) r.classList.toggle('current', r === row);
    if (ed) select(ed.key, a.line);
  });
  return row;
}

async function explainRow(a, request) {
  const body = Object.assign({}, request, {url: a.path, usage: a.usage, format: 'text'});
  delete body.urls;
  try {
    const x = await post('explain', body);
    $('explanation-text').textContent = x.text;
    $('explanation').hidden = false;
    const ed = a.line ? editorFor(a.source) : null;
    if (ed) select(ed.key, a.line);
    showError('');
  } catch (e) {
    showError('explain: ' + e.message);
  }
}

// ---- audit ---------------------------------------------------------------------------------

/** How an audit label looks: its symbol and colour (what it means is the legend's, in acap audit's words). */
function legendEntry(label) {
  return state.looks.find(e => e.label === label) || {label, symbol: '?', css: 'v-other'};
}

function verdictCell(label, deciding) {
  const e = legendEntry(label);
  const td = el('td', {class: 'v ' + e.css, dataset: {verdict: label}}, e.symbol + ' ' + label);
  if (deciding) td.title = deciding;
  return td;
}

async function audit() {
  $('audit-status').textContent = 'auditing…';
  try {
    const rows = await post('audit', policy());
    const purposes = rows.length ? Object.keys(rows[0].purposes) : [];
    const head = el('tr', {}, el('th', {}, 'crawler'), el('th', {}, 'operator'), el('th', {}, 'function'), el('th', {}, 'crawl /'),
      ...purposes.map(p => el('th', {}, p)));
    $('audit-table').tHead.replaceChildren(head);
    $('audit-table').tBodies[0].replaceChildren(...rows.map(r => {
      const crawl = typeof r.crawl === 'boolean' ? (r.crawl ? 'allowed' : 'prohibited') : String(r.crawl);
      return el('tr', {dataset: {crawler: r.crawler}}, el('td', {}, el('code', {}, r.crawler)), el('td', {}, r.operator), el('td', {}, r.function),
        verdictCell(crawl, r.deciding['crawl /']), ...purposes.map(p => verdictCell(r.purposes[p], r.deciding[p])));
    }));
    $('audit-table').hidden = false;
    const count = new Map();
    for (const r of rows) for (const l of Object.values(r.deciding)) count.set(l, (count.get(l) || 0) + 1);
    $('audit-deciding').replaceChildren(...[...count].map(([line, n]) => {
      const m = /^robots\.txt:(\d+): /.exec(line);
      const item = el('li', {}, el('code', {}, line), ' (' + n + (n === 1 ? ' answer)' : ' answers)'));
      if (m) {
        item.append(' ', el('button', {type: 'button', class: 'link', onclick: () => { show('view-editor'); select('robots_txt', Number(m[1])); }}, 'show in the editor'));
      }
      return item;
    }));
    $('audit-status').textContent = rows.length + ' crawlers (AI crawler list updated ' + state.updated + ')';
    showError('');
  } catch (e) {
    $('audit-status').textContent = '';
    showError('audit: ' + e.message);
  }
}

// ---- diff ----------------------------------------------------------------------------------

function side(s) {
  const where = s.line ? 'line ' + s.line + ': ' + s.text : s.text ? s.text : 'no rule applies (' + s.basis + ')';
  return el('td', {class: s.allowed ? 'v-allowed' : 'v-prohibited'}, el('strong', {}, s.allowed ? '✓ allowed' : '✗ prohibited'), el('br'), el('code', {}, where));
}

async function diff() {
  const body = {before_txt: $('diff-before').value, after_txt: $('diff-after').value,
    urls: $('diff-urls').value.split('\n').map(s => s.trim()).filter(s => s),
    usages: $('diff-usages').value.split(',').map(s => s.trim()).filter(s => s)};
  if ($('diff-purpose').value.trim()) body.purpose = $('diff-purpose').value.trim();
  try {
    const r = await post('diff', body);
    const n = r.changes.length;
    $('diff-summary').textContent = r.crawlers.length + ' crawlers × ' + r.paths.length + ' paths × ' + r.usages.length + ' usages = ' + r.questions
      + ' questions: ' + (n ? n + (n === 1 ? ' verdict changes.' : ' verdicts change.') : 'no verdict changes.');
    $('diff-table').tBodies[0].replaceChildren(...r.changes.map(c => el('tr', {class: 'change'},
      el('td', {}, el('code', {}, c.crawler === '*' ? '* (any other)' : c.crawler)), el('td', {}, c.usage), el('td', {class: 'url'}, c.path),
      side(c.before), side(c.after))));
    $('diff-table').hidden = n === 0;
    showError('');
  } catch (e) {
    showError('diff: ' + e.message);
  }
}

// ---- start ---------------------------------------------------------------------------------

function show(view) {
  for (const v of document.querySelectorAll('.view')) v.hidden = v.id !== view;
  for (const t of document.querySelectorAll('.tab')) t.classList.toggle('active', t.dataset.view === view);
  if (view === 'view-diff' && !$('diff-before').value && !$('diff-after').value) fillDiff();
}

function fillDiff() {
  $('diff-before').value = state.editors.robots_txt.input.value;
  $('diff-after').value = state.editors.robots_txt.input.value;
}

async function fetchRobots() {
  const url = $('fetch-url').value.trim();
  if (!url) return;
  $('fetch-status').textContent = 'fetching…';
  try {
    const f = await post('fetch', {robots: url});
    $('fetch-status').textContent = f.describe;
    if (f.text !== undefined) setText('robots_txt', f.text);
    showError('');
  } catch (e) {
    $('fetch-status').textContent = '';
    showError('fetch: ' + e.message);
  }
}

function upload() {
  const file = $('upload').files[0];
  if (!file) return;
  if (file.size > 512000) { showError('upload: ' + file.name + ' is larger than 500 KiB'); return; }
  file.text().then(t => setText(state.active, t));
  $('upload').value = '';
}

async function vocabulary() {
  try {
    const r = await fetch('/v1/vocabulary');
    const v = await r.json();
    state.looks = v.labels;
    state.updated = v.updated;
    $('crawler-list').replaceChildren(...v.crawlers.map(c => el('option', {value: c.token}, c.operator + ' — ' + (c.function || c.declared.join(', ')))));
    $('usage-list').replaceChildren(...v.usages.map(u => el('option', {value: u})));
    $('purpose-list').replaceChildren(...v.purposes.map(p => el('option', {value: p})));
    $('legend').replaceChildren(...v.legend.map(line => el('li', {},
      ...line.labels.flatMap(l => { const e = legendEntry(l); return [el('span', {class: 'v ' + e.css}, e.symbol + ' ' + l), ' ']; }),
      line.meaning)));
  } catch (e) {
    showError('cannot load the crawler list: ' + e.message);
  }
}

document.addEventListener('DOMContentLoaded', () => {
  addSource('robots_txt');
  setText('robots_txt', 'User-agent: *\nDisallow: /private/\n');
  for (const t of document.querySelectorAll('.tab')) t.addEventListener('click', () => show(t.dataset.view));
  $('add-source').addEventListener('change', e => { if (e.target.value) addSource(e.target.value); e.target.value = ''; });
  $('tester').addEventListener('submit', test);
  $('close-explanation').addEventListener('click', () => { $('explanation').hidden = true; });
  $('run-audit').addEventListener('click', audit);
  $('run-diff').addEventListener('click', diff);
  $('diff-from-editor').addEventListener('click', fillDiff);
  $('fetch').addEventListener('click', fetchRobots);
  $('upload').addEventListener('change', upload);
  vocabulary();
});
