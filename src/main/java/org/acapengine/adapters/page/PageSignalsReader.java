package org.acapengine.adapters.page;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Span;

/**
 * Reads a page's signals from bytes: a raw response header block (as {@code curl -i} or {@code
 * curl -D} writes it) and the head of its HTML. Nothing is run: the HTML is scanned for {@code
 * <meta>} and {@code <link>} start tags and RSL licences embedded as {@code <script
 * type="application/rsl+xml">}, following HTML's tokenizer for tags, attributes, comments and the
 * raw text of {@code script} and {@code style}, and stopping at {@code </head>} or {@code <body>}.
 * Bounded (the sizes below), linear in the input, no regular expressions; total: any bytes give
 * signals, problems as diagnostics with line and column. Thread-safe.
 */
public final class PageSignalsReader {

  /** The largest header block read: 64 KiB. */
  public static final int MAX_HEADER_BYTES = 64 * 1024;

  /** The most header fields kept. */
  public static final int MAX_HEADERS = 500;

  /** The most HTML read: the first 1 MiB (the head comes first). */
  public static final int MAX_HTML_BYTES = 1024 * 1024;

  /** The most head elements kept. */
  public static final int MAX_ELEMENTS = 1000;

  /** The most characters kept of an attribute value, and of an embedded licence. */
  public static final int MAX_VALUE = 64 * 1024;

  private PageSignalsReader() {}

  /**
   * A page's signals from its header block and its HTML, either of which may be absent.
   *
   * @param headers the raw header block, or null
   * @param headersSource its name, for lines
   * @param html the HTML, or null
   * @param htmlSource its name, for lines
   * @return the signals
   */
  public static PageSignals read(byte[] headers, String headersSource, byte[] html, String htmlSource) {
    List<Diagnostic> diags = new ArrayList<>();
    List<PageSignals.Header> h = headers == null ? List.of() : headers(headers, diags);
    List<PageSignals.Element> e = html == null ? List.of() : new HeadScanner(decodeHtml(html, diags), diags).scan();
    return new PageSignals(headers == null ? "" : headersSource, h, html == null ? "" : htmlSource, e, diags);
  }

  // ---- header block ---------------------------------------------------------------------------

  /**
   * The fields of a raw header block: an optional status line, {@code name: value} lines,
   * continuation lines (obs-fold) joined to the field before, up to the first empty line. A
   * second status line (a redirect's response before the final one) starts over: the last
   * response's fields count. Read as ISO-8859-1 (field values are octets).
   */
  static List<PageSignals.Header> headers(byte[] bytes, List<Diagnostic> diags) {
    int n = bytes.length;
    if (n > MAX_HEADER_BYTES) {
      diags.add(Diagnostic.warning("page-headers-too-large", "the header block is " + n + " bytes; only the first " + MAX_HEADER_BYTES + " are read",
          null, Span.ofLine(1, 1, 1)));
      n = MAX_HEADER_BYTES;
    }
    String text = new String(bytes, 0, n, StandardCharsets.ISO_8859_1);
    List<PageSignals.Header> out = new ArrayList<>();
    int line = 0;
    int start = 0;
    boolean ended = false;
    while (start <= text.length() && !ended) {
      int nl = text.indexOf('\n', start);
      int end = nl < 0 ? text.length() : nl;
      String l = text.substring(start, end > start && text.charAt(end - 1) == '\r' ? end - 1 : end);
      line++;
      start = end + 1;
      if (l.startsWith("HTTP/")) {
        if (!out.isEmpty()) {
          diags.add(Diagnostic.info("page-headers-later-response", "line " + line + " starts another response ('" + shorten(l) + "'); its fields are the ones read",
              null, Span.ofLine(line, 1, 1)));
        }
        out.clear();
      } else if (l.isEmpty()) {
        // the end of one response's fields: a further status line may follow (curl -iL), anything else is a body
        ended = nl < 0 || !text.startsWith("HTTP/", start);
      } else if (l.charAt(0) == ' ' || l.charAt(0) == '\t') {
        if (out.isEmpty()) {
          diags.add(Diagnostic.warning("page-header-malformed", "a continuation line with no field before it is ignored", null, Span.ofLine(line, 1, 1)));
        } else {
          PageSignals.Header last = out.remove(out.size() - 1);
          out.add(new PageSignals.Header(last.name(), bounded(last.value() + " " + l.strip()), last.line()));
        }
      } else {
        int colon = l.indexOf(':');
        String name = colon < 0 ? "" : l.substring(0, colon);
        if (colon <= 0 || !isToken(name)) {
          diags.add(Diagnostic.warning("page-header-malformed", "'" + shorten(l) + "' is no 'Name: value' header field; it is ignored", null, Span.ofLine(line, 1, 1)));
        } else if (out.size() == MAX_HEADERS) {
          diags.add(Diagnostic.warning("page-headers-too-many", "header fields after the first " + MAX_HEADERS + " are not read", null, Span.ofLine(line, 1, 1)));
          ended = true;
        } else {
          out.add(new PageSignals.Header(name, bounded(l.substring(colon + 1).strip()), line));
        }
      }
      if (nl < 0) {
        break;
      }
    }
    return out;
  }

  /** RFC 9110 5.6.2 token characters. */
  private static boolean isToken(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
      if (!ok) {
        return false;
      }
    }
    return !s.isEmpty();
  }

  // ---- HTML -------------------------------------------------------------------------------------

  /** The HTML's first {@link #MAX_HTML_BYTES} as UTF-8, malformed bytes replaced (HTML is read leniently). */
  private static String decodeHtml(byte[] html, List<Diagnostic> diags) {
    int n = html.length;
    if (n > MAX_HTML_BYTES) {
      diags.add(Diagnostic.info("page-html-cut", "only the first " + MAX_HTML_BYTES + " bytes of the page are read for its head", null, Span.ofLine(1, 1, 1)));
      n = MAX_HTML_BYTES;
    }
    int skip = n >= 3 && (html[0] & 0xFF) == 0xEF && (html[1] & 0xFF) == 0xBB && (html[2] & 0xFF) == 0xBF ? 3 : 0;
    return new String(html, skip, n - skip, StandardCharsets.UTF_8);
  }

  /** One pass over the HTML, keeping the head's meta, link and RSL script elements. */
  private static final class HeadScanner {
    private final String s;
    private final List<Diagnostic> diags;
    private final List<PageSignals.Element> out = new ArrayList<>();
    private int pos;
    private int line = 1;
    /** Where {@link #line} was last counted up to. */
    private int counted;

    HeadScanner(String s, List<Diagnostic> diags) {
      this.s = s;
      this.diags = diags;
    }

    List<PageSignals.Element> scan() {
      while (pos < s.length()) {
        int lt = s.indexOf('<', pos);
        if (lt < 0) {
          break;
        }
        pos = lt;
        if (s.startsWith("<!--", pos)) {
          skipPast("-->", pos + 4);
        } else if (pos + 1 < s.length() && (s.charAt(pos + 1) == '!' || s.charAt(pos + 1) == '?')) {
          skipPast(">", pos + 2);
        } else if (pos + 1 < s.length() && s.charAt(pos + 1) == '/') {
          String name = name(pos + 2);
          if (name.equals("head")) {
            return out;
          }
          skipPast(">", pos + 2);
        } else if (pos + 1 < s.length() && isAsciiLetter(s.charAt(pos + 1))) {
          if (!startTag()) {
            return out;
          }
        } else {
          pos++;
        }
      }
      return out;
    }

    /** Reads a start tag at {@code pos}; false when it ends the head ({@code <body>}). */
    private boolean startTag() {
      int tagLine = lineAt(pos);
      String tag = name(pos + 1);
      pos += 1 + tag.length();
      Map<String, String> attributes = attributes();
      if (tag.equals("body")) {
        return false;
      }
      switch (tag) {
        case "meta", "link" -> keep(new PageSignals.Element(tag, attributes, "", tagLine));
        case "script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes", "template" -> {
          int close = indexOfIgnoreCase("</" + tag, pos);
          int end = close < 0 ? s.length() : close;
          if (tag.equals("script") && attributes.getOrDefault("type", "").strip().equalsIgnoreCase("application/rsl+xml")) {
            String text = s.substring(pos, Math.min(end, pos + MAX_VALUE));
            keep(new PageSignals.Element(tag, attributes, text, tagLine));
          }
          pos = end; // the end tag is read as an ordinary end tag next
        }
        default -> {
          // any other element: its attributes are read and dropped
        }
      }
      return true;
    }

    private boolean full;

    private void keep(PageSignals.Element e) {
      if (out.size() < MAX_ELEMENTS) {
        out.add(e);
      } else if (!full) {
        full = true;
        diags.add(Diagnostic.info("page-html-too-many", "head elements after the first " + MAX_ELEMENTS + " are not read", null, Span.ofLine(e.line(), 1, 1)));
      }
    }

    /** Attributes up to the tag's {@code >}; {@code pos} ends past it. */
    private Map<String, String> attributes() {
      Map<String, String> attrs = new LinkedHashMap<>();
      while (pos < s.length()) {
        char c = s.charAt(pos);
        if (c == '>') {
          pos++;
          break;
        }
        if (Character.isWhitespace(c) || c == '/') {
          pos++;
          continue;
        }
        int nameStart = pos;
        while (pos < s.length() && !Character.isWhitespace(s.charAt(pos)) && s.charAt(pos) != '=' && s.charAt(pos) != '>'
            && (s.charAt(pos) != '/' || pos == nameStart)) {
          pos++;
        }
        String name = s.substring(nameStart, pos).toLowerCase(Locale.ROOT);
        int p = pos;
        while (p < s.length() && Character.isWhitespace(s.charAt(p))) {
          p++;
        }
        String value = "";
        if (p < s.length() && s.charAt(p) == '=') {
          p++;
          while (p < s.length() && Character.isWhitespace(s.charAt(p))) {
            p++;
          }
          if (p < s.length() && (s.charAt(p) == '"' || s.charAt(p) == '\'')) {
            int close = s.indexOf(s.charAt(p), p + 1);
            int end = close < 0 ? s.length() : close;
            value = s.substring(p + 1, Math.min(end, p + 1 + MAX_VALUE));
            p = close < 0 ? s.length() : close + 1;
          } else {
            int v = p;
            while (p < s.length() && !Character.isWhitespace(s.charAt(p)) && s.charAt(p) != '>') {
              p++;
            }
            value = s.substring(v, Math.min(p, v + MAX_VALUE));
          }
        }
        pos = p;
        if (!name.isEmpty() && attrs.size() < 64) {
          attrs.putIfAbsent(name, CharacterReferences.decode(value)); // HTML keeps the first of repeated attributes
        }
      }
      return attrs;
    }

    /** The tag name at {@code from}: letters, digits and a few others, lower case. */
    private String name(int from) {
      int p = from;
      while (p < s.length() && !Character.isWhitespace(s.charAt(p)) && s.charAt(p) != '>' && s.charAt(p) != '/' && p - from < 64) {
        p++;
      }
      return s.substring(from, p).toLowerCase(Locale.ROOT);
    }

    private void skipPast(String end, int from) {
      int at = s.indexOf(end, from);
      pos = at < 0 ? s.length() : at + end.length();
    }

    private int indexOfIgnoreCase(String needle, int from) {
      for (int i = s.indexOf('<', from); i >= 0; i = s.indexOf('<', i + 1)) {
        if (s.regionMatches(true, i, needle, 0, needle.length())) {
          return i;
        }
      }
      return -1;
    }

    /** The line of offset {@code at}, counting forward from the last offset asked (offsets only grow). */
    private int lineAt(int at) {
      for (int i = counted; i < at; i++) {
        if (s.charAt(i) == '\n') {
          line++;
        }
      }
      counted = Math.max(counted, at);
      return line;
    }
  }

  private static boolean isAsciiLetter(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
  }

  private static String bounded(String s) {
    return s.length() > MAX_VALUE ? s.substring(0, MAX_VALUE) : s;
  }

  private static String shorten(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length() && i < 60; i++) {
      char c = s.charAt(i);
      sb.append(c < 0x20 || c >= 0x7F && c <= 0x9F ? ' ' : c); // C0, DEL and C1 (a field is read as ISO-8859-1)
    }
    return s.length() > 60 ? sb + "…" : sb.toString();
  }
}
