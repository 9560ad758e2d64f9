package org.acapengine.site;

import static org.acapengine.site.SiteTestSupport.LLM;
import static org.acapengine.site.SiteTestSupport.NOW;
import static org.acapengine.site.SiteTestSupport.ROBOTS;
import static org.acapengine.site.SiteTestSupport.SCORPION;
import static org.acapengine.site.SiteTestSupport.query;
import static org.acapengine.site.SiteTestSupport.site;
import static org.acapengine.site.SiteTestSupport.where;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.acapengine.model.Obligation;
import org.acapengine.eval.Query;
import org.acapengine.model.QualifierType;
import org.acapengine.model.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One row per combination rule of {@link SitePolicy} (issue 5, "Combined decisions"; docs/adapters.md):
 * the sources are inline texts, the query is crawler × usage × purpose × path, and each row states
 * the combined verdict, its basis, the deciding source and line ({@code file:line}, {@code ""}
 * when no source spoke), the obligations carried and whether the path is marked dynamic.
 */
class SitePolicyTest {

  // ---- the sources the rows use; line numbers are cited by the rows ------------------------------

  /** robots.txt: a conventional group and an ACAP record. */
  static final String R = String.join("\n",
      "##ACAP version=1.0",                                // 1
      "User-agent: *",                                     // 2
      "Disallow: /private/",                               // 3
      "Allow: /private/open/",                             // 4
      "",                                                  // 5
      "ACAP-crawler: *",                                   // 6
      "ACAP-allow-index: /news/",                          // 7
      "ACAP-disallow-index: /secret/",                     // 8
      "ACAP-allow-present-snippet: /news/ max-length=20-words", // 9
      "ACAP-disallow-crawl: /acap-closed/",                // 10
      "");

  /** llm-policy.json: search allowed, ai-input and ai-train prohibited, two obligations. */
  static final String T = String.join("\n",
      "{\"profile\": \"tct-policy-1\",",                   // 1
      " \"purposes\": {\"allow_search_indexing\": true,",  // 2
      "   \"allow_ai_input\": false,",                     // 3
      "   \"allow_ai_train\": false},",                    // 4
      " \"requirements\": {\"attribution_required\": true, \"link_back_required\": true}}", // 5
      "");

  /** llm-policy.json: every purpose prohibited, one flag a line. */
  static final String T_ALL = String.join("\n",
      "{\"profile\":\"tct-policy-1\",\"purposes\":{",      // 1
      "\"allow_search_indexing\":false,",                  // 2
      "\"allow_ai_input\":false,",                         // 3
      "\"allow_ai_train\":false}}",                        // 4
      "");

  /** llm-policy.json that takes effect in 2099. */
  static final String T_FUTURE = String.join("\n",
      "{\"profile\":\"tct-policy-1\",",                    // 1
      "\"effective\":\"2099-01-01T00:00:00Z\",",           // 2
      "\"purposes\":{\"allow_ai_train\":false},",          // 3
      "\"requirements\":{\"notice_required\":true}}",      // 4
      "");

  /** Scorpion crawl file: a preamble for everyone, purpose sections, a named section, a default section. */
  static final String S = String.join("\n",
      "`example crawl policy",                             // 1
      "d/cgi/",                                            // 2
      "C/private/open/x",                                  // 3
      "@<SEARCH>",                                         // 4
      "v/drafts/",                                         // 5
      "i/",                                                // 6
      "c/",                                                // 7
      "@<MIRROR>",                                         // 8
      "C/",                                                // 9
      "@<STUDY>",                                          // 10
      "C/study-closed/",                                   // 11
      "c/",                                                // 12
      "@namedbot",                                         // 13
      "C/named-closed/",                                   // 14
      "c/",                                                // 15
      "@",                                                 // 16
      "c/",                                                // 17
      "");

  /** Scorpion crawl file with an effective line whose unknown command byte has bit 5 clear. */
  static final String S_NOT_UNDERSTOOD = "c/\nQfuture command\n";

  /** The same with bit 5 set: the line is skipped. */
  static final String S_SKIPPED = "c/\nqfuture command\n";

  /** Scorpion crawl file whose only rule does not match most paths: the implicit final C/ decides. */
  static final String S_PUBLIC_ONLY = "c/public/\n";

  static final Set<Obligation> OBLIGATIONS = EnumSet.of(Obligation.ATTRIBUTION, Obligation.LINK_BACK);

  static final List<String> USE_USAGES = List.of("index", "preserve", "present", "present-original", "present-currentcopy",
      "present-oldcopy", "present-snippet", "present-thumbnail", "present-oldsnippet", "present-oldthumbnail", "present-link", "other");

  // ---- rows --------------------------------------------------------------------------------------

  record Row(String name, String robots, String llm, String scorpion, Instant now, String crawler, String usage, String purpose,
      String path, boolean allowed, String basis, String where, Set<Obligation> obligations, boolean dynamic) {

    static Row of(String name) {
      return new Row(name, null, null, null, NOW, "bot", "crawl", null, "/", true, "default", "", Set.of(), false);
    }

    Row sources(String r, String t, String s) {
      return new Row(name, r, t, s, now, crawler, usage, purpose, path, allowed, basis, where, obligations, dynamic);
    }

    Row at(String instant) {
      return new Row(name, robots, llm, scorpion, Instant.parse(instant), crawler, usage, purpose, path, allowed, basis, where, obligations, dynamic);
    }

    Row ask(String c, String u, String p, String pth) {
      return new Row(name, robots, llm, scorpion, now, c, u, p, pth, allowed, basis, where, obligations, dynamic);
    }

    Row allowed(String b, String w) {
      return new Row(name, robots, llm, scorpion, now, crawler, usage, purpose, path, true, b, w, obligations, dynamic);
    }

    Row prohibited(String b, String w) {
      return new Row(name, robots, llm, scorpion, now, crawler, usage, purpose, path, false, b, w, obligations, dynamic);
    }

    Row obliged(Set<Obligation> o) {
      return new Row(name, robots, llm, scorpion, now, crawler, usage, purpose, path, allowed, basis, where, o, dynamic);
    }

    Row markedDynamic() {
      return new Row(name, robots, llm, scorpion, now, crawler, usage, purpose, path, allowed, basis, where, obligations, true);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Row> rows() {
    List<Row> rows = new ArrayList<>();

    // A source that says nothing does not count.
    rows.add(Row.of("robots.txt default only: allowed by default").sources(R, null, null)
        .ask("bot", "index", null, "/other").allowed("default", ""));
    rows.add(Row.of("robots default, TCT no opinion (no purpose), Scorpion no index rule: allowed by default").sources(R, T, S)
        .ask("bot", "index", null, "/other").allowed("default", "").obliged(OBLIGATIONS));
    rows.add(Row.of("robots default, TCT true restricts nothing: Scorpion i decides").sources(R, T, S)
        .ask("bot", "index", "search", "/other").allowed("other-source", SCORPION + ":6").obliged(OBLIGATIONS));
    rows.add(Row.of("robots default does not count: Scorpion v prohibits").sources(R, T, S)
        .ask("bot", "index", "search", "/drafts/a").prohibited("other-source", SCORPION + ":5"));
    rows.add(Row.of("robots ACAP field allows, TCT and Scorpion silent: robots decides").sources(R, T, S)
        .ask("bot", "index", null, "/news/a").allowed("acap-field", ROBOTS + ":7").obliged(OBLIGATIONS));
    rows.add(Row.of("robots default for crawl: Scorpion c decides").sources(R, null, S)
        .ask("bot", "crawl", null, "/anything").allowed("other-source", SCORPION + ":17"));
    rows.add(Row.of("no robots.txt, no rule anywhere: default").sources(null, T, null)
        .ask("bot", "follow", "search", "/a").allowed("default", ""));

    // A usage is allowed only if every source that speaks to it allows it.
    rows.add(Row.of("robots Disallow prohibits, Scorpion allows").sources(R, null, S)
        .ask("bot", "crawl", null, "/private/x").prohibited("conventional-rule", ROBOTS + ":3"));
    rows.add(Row.of("robots Allow allows, Scorpion C prohibits").sources(R, null, S)
        .ask("bot", "crawl", null, "/private/open/x").prohibited("other-source", SCORPION + ":3"));
    rows.add(Row.of("robots and Scorpion both allow: robots is cited").sources(R, null, S)
        .ask("bot", "crawl", null, "/private/open/y").allowed("conventional-rule", ROBOTS + ":4"));
    rows.add(Row.of("robots ACAP allow-index, TCT ai-train false prohibits").sources(R, T, S)
        .ask("bot", "index", "ai-train", "/news/a").prohibited("other-source", LLM + ":4"));
    rows.add(Row.of("robots and TCT both prohibit: robots is cited").sources(R, T, S)
        .ask("bot", "index", "ai-train", "/secret/a").prohibited("acap-field", ROBOTS + ":8"));
    rows.add(Row.of("TCT no opinion, Scorpion v prohibits").sources(null, T, S)
        .ask("bot", "index", "search", "/drafts/x").prohibited("other-source", SCORPION + ":5"));
    rows.add(Row.of("TCT and Scorpion both prohibit: TCT is cited (order robots, llm-policy, scorpion)").sources(null, T_ALL, S)
        .ask("bot", "index", "search", "/drafts/x").prohibited("other-source", LLM + ":2"));
    rows.add(Row.of("TCT ai-input false; the Scorpion default section has no index rule").sources(null, T, S)
        .ask("bot", "index", "ai-input", "/drafts/x").prohibited("other-source", LLM + ":3"));
    rows.add(Row.of("robots ACAP disallow-crawl, Scorpion allows").sources(R, null, S)
        .ask("bot", "crawl", null, "/acap-closed/x").prohibited("acap-field", ROBOTS + ":10"));
    rows.add(Row.of("robots qualified permission allows present-snippet").sources(R, T, S)
        .ask("bot", "present-snippet", "search", "/news/a").allowed("acap-field", ROBOTS + ":9").obliged(OBLIGATIONS));
    rows.add(Row.of("/robots.txt may always be crawled per robots.txt").sources(R, null, null)
        .ask("bot", "crawl", null, "/robots.txt").allowed("robots-txt", ":0"));
    rows.add(Row.of("...and a Scorpion C/ cannot forbid reading the policy (RFC 9309 2.2.2)").sources(R, null, S)
        .ask("bot", "crawl", "mirror", "/robots.txt").allowed("robots-txt", ":0"));

    // TCT purposes: search, ai-input, ai-train, case-insensitive; others and none say nothing.
    rows.add(Row.of("TCT purpose search -> allow_search_indexing").sources(null, T_ALL, null)
        .ask("bot", "index", "search", "/a").prohibited("other-source", LLM + ":2"));
    rows.add(Row.of("TCT purpose ai-input -> allow_ai_input").sources(null, T_ALL, null)
        .ask("bot", "index", "ai-input", "/a").prohibited("other-source", LLM + ":3"));
    rows.add(Row.of("TCT purpose ai-train -> allow_ai_train").sources(null, T_ALL, null)
        .ask("bot", "index", "ai-train", "/a").prohibited("other-source", LLM + ":4"));
    rows.add(Row.of("TCT purpose names are case-insensitive").sources(null, T_ALL, null)
        .ask("bot", "index", "AI-Train", "/a").prohibited("other-source", LLM + ":4"));
    rows.add(Row.of("TCT has no flag for purpose news").sources(null, T_ALL, null)
        .ask("bot", "index", "news", "/a").allowed("default", ""));
    rows.add(Row.of("TCT flags are purpose-specific: no purpose, no opinion").sources(null, T_ALL, null)
        .ask("bot", "index", null, "/a").allowed("default", ""));
    rows.add(Row.of("TCT true restricts nothing").sources(null, T, null)
        .ask("bot", "index", "search", "/a").allowed("default", "").obliged(OBLIGATIONS));
    // false prohibits every use usage, and says nothing of crawl/follow.
    for (String usage : USE_USAGES) {
      rows.add(Row.of("TCT false prohibits " + usage).sources(null, T_ALL, null)
          .ask("bot", usage, "ai-train", "/a").prohibited("other-source", LLM + ":4"));
    }
    for (String usage : List.of("crawl", "follow")) {
      rows.add(Row.of("TCT false says nothing of " + usage).sources(null, T_ALL, null)
          .ask("bot", usage, "ai-train", "/a").allowed("default", ""));
    }
    // ... and a usage nobody names is not answered by the silent default: its basis says so
    rows.add(Row.of("TCT false says nothing of a usage outside ACAP 2.5").sources(null, T_ALL, null)
        .ask("bot", "train", "ai-train", "/a").allowed("unknown-usage", ""));

    // TCT obligations: every allowed decision for a use usage; never crawl/follow, never a prohibition.
    for (String usage : USE_USAGES) {
      rows.add(Row.of("TCT obligations on allowed " + usage).sources(null, T, null)
          .ask("bot", usage, "search", "/a").allowed("default", "").obliged(OBLIGATIONS));
    }
    rows.add(Row.of("no TCT obligations on crawl").sources(null, T, null).ask("bot", "crawl", "search", "/a").allowed("default", ""));
    rows.add(Row.of("no TCT obligations on follow").sources(null, T, null).ask("bot", "follow", "search", "/a").allowed("default", ""));
    rows.add(Row.of("TCT obligations also with a purpose TCT has no flag for").sources(null, T, null)
        .ask("bot", "preserve", "news", "/a").allowed("default", "").obliged(OBLIGATIONS));
    rows.add(Row.of("no obligations on a TCT prohibition").sources(null, T, null)
        .ask("bot", "present", "ai-train", "/a").prohibited("other-source", LLM + ":4"));
    rows.add(Row.of("no obligations when robots prohibits").sources(R, T, null)
        .ask("bot", "index", "search", "/secret/a").prohibited("acap-field", ROBOTS + ":8"));
    rows.add(Row.of("no obligations when Scorpion prohibits").sources(null, T, S)
        .ask("bot", "index", "search", "/drafts/a").prohibited("other-source", SCORPION + ":5"));
    rows.add(Row.of("obligations on a permission another source gave").sources(R, T, null)
        .ask("bot", "index", "search", "/news/a").allowed("acap-field", ROBOTS + ":7").obliged(OBLIGATIONS));

    // TCT effective: not in force before it (fixed clock), in force from it.
    rows.add(Row.of("TCT not yet in force: no prohibition, no obligations").sources(null, T_FUTURE, null)
        .ask("bot", "index", "ai-train", "/a").allowed("default", ""));
    rows.add(Row.of("TCT in force at its effective instant").sources(null, T_FUTURE, null).at("2099-01-01T00:00:00Z")
        .ask("bot", "index", "ai-train", "/a").prohibited("other-source", LLM + ":3"));
    rows.add(Row.of("TCT in force after its effective instant carries its obligations").sources(null, T_FUTURE, null).at("2099-06-01T00:00:00Z")
        .ask("bot", "index", "search", "/a").allowed("default", "").obliged(Set.of(Obligation.NOTICE)));
    rows.add(Row.of("TCT one second before effective").sources(null, T_FUTURE, null).at("2098-12-31T23:59:59Z")
        .ask("bot", "index", "ai-train", "/a").allowed("default", ""));

    // Scorpion: purposes name sections, the first matching @ line opens the section.
    rows.add(Row.of("Scorpion purpose mirror -> <MIRROR>").sources(null, null, S)
        .ask("bot", "crawl", "mirror", "/x").prohibited("other-source", SCORPION + ":9"));
    rows.add(Row.of("Scorpion purpose names are case-insensitive").sources(null, null, S)
        .ask("bot", "crawl", "Mirror", "/x").prohibited("other-source", SCORPION + ":9"));
    rows.add(Row.of("Scorpion purpose search -> <SEARCH>").sources(null, null, S)
        .ask("bot", "crawl", "search", "/x").allowed("other-source", SCORPION + ":7"));
    rows.add(Row.of("Scorpion purpose study -> <STUDY>, C").sources(null, null, S)
        .ask("bot", "crawl", "study", "/study-closed/a").prohibited("other-source", SCORPION + ":11"));
    rows.add(Row.of("Scorpion purpose study -> <STUDY>, c").sources(null, null, S)
        .ask("bot", "crawl", "study", "/x").allowed("other-source", SCORPION + ":12"));
    rows.add(Row.of("Scorpion other purpose: the empty-name section").sources(null, null, S)
        .ask("bot", "crawl", "ai-train", "/study-closed/a").allowed("other-source", SCORPION + ":17"));
    rows.add(Row.of("Scorpion named section").sources(null, null, S)
        .ask("namedbot", "crawl", null, "/named-closed/a").prohibited("other-source", SCORPION + ":14"));
    rows.add(Row.of("Scorpion: <SEARCH> comes before @namedbot, so it opens the section").sources(null, null, S)
        .ask("namedbot", "crawl", "search", "/named-closed/a").allowed("other-source", SCORPION + ":7"));
    rows.add(Row.of("Scorpion names are compared byte for byte").sources(null, null, S)
        .ask("NamedBot", "crawl", null, "/named-closed/a").allowed("other-source", SCORPION + ":17"));
    rows.add(Row.of("Scorpion preamble applies in every section").sources(null, null, S)
        .ask("bot", "crawl", "study", "/private/open/x1").prohibited("other-source", SCORPION + ":3"));
    rows.add(Row.of("Scorpion implicit final C/").sources(null, null, S_PUBLIC_ONLY)
        .ask("bot", "crawl", null, "/x").prohibited("other-source", SCORPION + ":0"));
    rows.add(Row.of("Scorpion index has no default").sources(null, null, S_PUBLIC_ONLY)
        .ask("bot", "index", null, "/x").allowed("default", ""));
    rows.add(Row.of("Scorpion says nothing about present").sources(null, null, S)
        .ask("bot", "present", "mirror", "/x").allowed("default", ""));

    // Scorpion d marks the decision dynamic, whatever the verdict and the usage.
    rows.add(Row.of("Scorpion d on an allowed crawl").sources(null, null, S)
        .ask("bot", "crawl", null, "/cgi/q").allowed("other-source", SCORPION + ":17").markedDynamic());
    rows.add(Row.of("Scorpion d on a prohibited crawl").sources(null, null, S)
        .ask("bot", "crawl", "mirror", "/cgi/q").prohibited("other-source", SCORPION + ":9").markedDynamic());
    rows.add(Row.of("Scorpion d on a usage Scorpion has no opinion on").sources(R, null, S)
        .ask("bot", "present", null, "/cgi/q").allowed("default", "").markedDynamic());
    rows.add(Row.of("Scorpion d on a decision robots.txt made").sources(R, null, S)
        .ask("bot", "crawl", null, "/cgi/q").allowed("other-source", SCORPION + ":17").markedDynamic());

    // A Scorpion file not understood: crawl prohibited with the reason; index not affected.
    rows.add(Row.of("Scorpion not understood: crawl prohibited").sources(R, null, S_NOT_UNDERSTOOD)
        .ask("bot", "crawl", null, "/x").prohibited("other-source", SCORPION + ":2"));
    rows.add(Row.of("Scorpion not understood: index unaffected").sources(R, null, S_NOT_UNDERSTOOD)
        .ask("bot", "index", null, "/news/x").allowed("acap-field", ROBOTS + ":7"));
    rows.add(Row.of("Scorpion unknown command with bit 5 set: skipped").sources(null, null, S_SKIPPED)
        .ask("bot", "crawl", null, "/x").allowed("other-source", SCORPION + ":1"));

    // Scorpion prefixes are compared with the URL as sent, not canonicalised (docs/adapters.md, "Combined decisions").
    rows.add(Row.of("as sent: a literal * in the URL is compared as written, so prefix /a* matches").sources(null, null, "C/a*\nc/\n")
        .ask("bot", "crawl", null, "/a*b").prohibited("other-source", SCORPION + ":1"));
    rows.add(Row.of("as sent: prefix /a%2A does not match a URL with a literal *").sources(null, null, "C/a%2A\nc/\n")
        .ask("bot", "crawl", null, "/a*b").allowed("other-source", SCORPION + ":2"));
    rows.add(Row.of("as sent: %41 in the URL is not decoded").sources(null, null, "C/%41\nC/A\nc/\n")
        .ask("bot", "crawl", null, "/%41").prohibited("other-source", SCORPION + ":1"));
    rows.add(Row.of("as sent: lower-case hex keeps its case").sources(null, null, "C/a%2f\nc/\n")
        .ask("bot", "crawl", null, "/a%2fb").prohibited("other-source", SCORPION + ":1"));
    rows.add(Row.of("as sent: the policy file may always be crawled").sources(null, null, "C/\n")
        .ask("bot", "crawl", null, "/.special/crawl?bot").allowed("other-source", ""));
    rows.add(Row.of("as sent: non-ASCII is percent-encoded UTF-8").sources(null, null, "C/caf%C3%A9\nc/\n")
        .ask("bot", "crawl", null, "/caf\u00e9").prohibited("other-source", SCORPION + ":1"));
    rows.add(Row.of("as sent: the fragment is not part of it").sources(null, null, "C/a#\nc/\n")
        .ask("bot", "crawl", null, "/a#top").allowed("other-source", SCORPION + ":2"));
    rows.add(Row.of("as sent: prefixes are compared case-sensitively").sources(null, null, "C/A\nc/\n")
        .ask("bot", "crawl", null, "/a").allowed("other-source", SCORPION + ":2"));
    return rows.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void everyCombinationRule(Row row) {
    SitePolicy site = site(row.robots(), row.llm(), row.scorpion(), row.now());
    Query q = query(row.crawler(), row.usage(), row.purpose(), row.path());
    SiteDecision d = site.decide(q);
    String context = row.name() + " -> " + d;
    assertThat(d.allowed()).as(context).isEqualTo(row.allowed());
    assertThat(d.basis()).as(context).isEqualTo(row.basis());
    assertThat(where(d)).as(context).isEqualTo(row.where());
    if (!row.where().isEmpty() && !row.where().startsWith(":")) {
      assertThat(d.decidingSource()).as(context).isEqualTo(row.where().substring(0, row.where().lastIndexOf(':')));
    }
    assertThat(d.obligations()).as(context).containsExactlyInAnyOrderElementsOf(row.obligations());
    assertThat(d.dynamic()).as(context).isEqualTo(row.dynamic());
    if (!d.allowed()) {
      assertThat(d.obligations()).as("a prohibition carries no obligations").isEmpty();
      assertThat(d.qualifiers()).as("a prohibition carries no qualifiers").isEmpty();
    }
    // explain gives the same decision
    assertThat(site.explain(q).decision()).as(context).isEqualTo(d);
  }

  // ---- what the rows cannot say in one column ----------------------------------------------------

  @Test
  void everySourceSaysItsOwnVerdictInOrder() {
    SiteDecision d = site(R, T, S).decide(query("bot", "index", "search", "/drafts/a"));
    assertThat(d.sources()).extracting(SourceVerdict::kind).containsExactly("robots.txt", "llm-policy.json", "scorpion");
    assertThat(d.sources()).extracting(SourceVerdict::source).containsExactly(ROBOTS, LLM, SCORPION);
    assertThat(d.sources()).extracting(SourceVerdict::verdict)
        .containsExactly(Verdict.NO_OPINION, Verdict.NO_OPINION, Verdict.PROHIBITED);
    assertThat(d.sources().get(1).reason()).contains("allow_search_indexing is true");
    assertThat(d.sources().get(2).reason()).contains("line 5");
    assertThat(d.sources().get(2).evidence()).extracting(e -> e.line() + " " + e.text()).containsExactly("5 v/drafts/");
  }

  @Test
  void theImplicitFinalCIsNamed() {
    SiteDecision d = site(null, null, S_PUBLIC_ONLY).decide(query("bot", "crawl", null, "/x"));
    assertThat(d.decidingLine().text()).isEqualTo("(the implicit final C/)");
    assertThat(d.sources().get(0).reason()).contains("implicit final C/");
  }

  @Test
  void theTctProhibitionQuotesTheFlag() {
    SiteDecision d = site(null, T, null).decide(query("bot", "index", "ai-train", "/a"));
    assertThat(d.decidingLine().text()).isEqualTo("purposes.allow_ai_train: false");
    assertThat(d.sources().get(0).reason()).isEqualTo("allow_ai_train is false");
  }

  @Test
  void qualifiersComeFromRobotsTxtOnlyWhenItAllows() {
    SiteDecision allowed = site(R, T, null).decide(query("bot", "present-snippet", "search", "/news/a"));
    assertThat(allowed.qualifiers()).extracting(q -> q.type().orElse(null)).containsExactly(QualifierType.MAX_LENGTH);
    SiteDecision prohibited = site(R, T, null).decide(query("bot", "present-snippet", "ai-train", "/news/a"));
    assertThat(prohibited.allowed()).isFalse();
    assertThat(prohibited.qualifiers()).isEmpty();
  }

  @Test
  void theClockIsTheBuildersParameter() {
    SitePolicy before = site(null, T_FUTURE, null, Instant.parse("2098-01-01T00:00:00Z"));
    SitePolicy after = site(null, T_FUTURE, null, Instant.parse("2100-01-01T00:00:00Z"));
    Query q = query("bot", "index", "ai-train", "/a");
    assertThat(before.decide(q).allowed()).isTrue();
    assertThat(before.decide(q).sources().get(0).reason()).contains("not yet in force");
    assertThat(after.decide(q).allowed()).isFalse();
  }
}
