package org.acapengine.lint;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.acapengine.eval.match.ProductToken;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.ExtensionField;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.SourceText;
import org.acapengine.model.Span;
import org.acapengine.model.UnparsedLine;
import org.acapengine.model.UserAgentLine;
import org.acapengine.render.Spelling;

/**
 * Findings about the file as a whole and about its conventional lines: an HTML page in place of
 * a robots.txt, over-long lines, the missing version comment, User-agent lines merged across a
 * gap, User-agent crawler names outside RFC 9309's product-token characters (and those
 * google/robotstxt reads as another crawler's), and field names
 * that are extensions or nothing at all.
 */
final class FileChecks {

  /** google/robotstxt's kMaxLineLen: 2083 (a URL length limit) times 8. */
  static final int MAX_LINE_BYTES = 2083 * 8;

  /** How many lines from the top are looked at for HTML. */
  static final int HTML_SCAN_LINES = 50;

  private static final String[] HTML_MARKERS = {
    "<!doctype", "<html", "<head", "<body", "<?xml", "<title", "<meta", "<script", "<link", "<div", "<p>", "<br", "<!--"
  };

  /** Field names some crawlers read, with what they mean; acap-engine evaluates none of them. */
  private static final Map<String, String> EXTENSIONS = Map.ofEntries(
      Map.entry("crawl-delay", "the delay between requests, read by Bing and Yandex, not by Google"),
      Map.entry("request-rate", "the number of requests per time span"),
      Map.entry("visit-time", "the hours in which to crawl"),
      Map.entry("host", "the preferred host name, once read by Yandex"),
      Map.entry("clean-param", "URL parameters to disregard, read by Yandex"),
      Map.entry("noindex", "an unofficial rule Google stopped reading in 2019"),
      Map.entry("nofollow", "an unofficial rule"),
      Map.entry("noarchive", "an unofficial rule"),
      Map.entry("robot-version", "the version of the robots.txt conventions used"),
      Map.entry("robots-version", "the version of the robots.txt conventions used"));

  /** The names a misspelt field name is compared with. */
  private static final List<String> SPELLINGS = List.of(
      "User-agent", "Allow", "Disallow", "Sitemap", "Crawl-delay", "Request-rate", "Visit-time", "Host", "Clean-param",
      "Noindex", "Content-Signal", "Content-Usage", "License");

  private FileChecks() {}

  static void check(PolicyDocument doc, List<Diagnostic> out) {
    looksLikeHtml(doc.source(), out);
    longLines(doc.source(), out);
    versionComment(doc, out);
    userAgentMerge(doc, out);
    crawlerNames(doc, out);
    for (ExtensionField f : doc.fileFields()) {
      extensionField(f, out);
    }
    for (ConventionalGroup g : doc.conventionalGroups()) {
      for (ExtensionField f : g.fields()) {
        extensionField(f, out);
      }
    }
  }

  // ---- HTML ------------------------------------------------------------------------------------

  private static void looksLikeHtml(SourceText source, List<Diagnostic> out) {
    int n = Math.min(source.lines().size(), HTML_SCAN_LINES);
    for (int i = 0; i < n; i++) {
      String line = source.lines().get(i);
      String s = line.strip().toLowerCase(Locale.ROOT);
      if (!s.startsWith("<")) {
        continue;
      }
      for (String marker : HTML_MARKERS) {
        if (s.contains(marker)) {
          out.add(LintCode.LOOKS_LIKE_HTML.at(Span.wholeLine(i + 1, line.length()),
              "line " + (i + 1) + " '" + Text.shorten(line, 40) + "' is markup: the file looks like an HTML or XML page, not a robots.txt"));
          return;
        }
      }
    }
  }

  // ---- line length -----------------------------------------------------------------------------

  private static void longLines(SourceText source, List<Diagnostic> out) {
    for (int i = 0; i < source.lines().size(); i++) {
      String line = source.lines().get(i);
      if ((long) line.length() * 3 <= MAX_LINE_BYTES) {
        continue; // cannot be over the limit, however it is encoded
      }
      long bytes = 0;
      int cutColumn = 0;
      for (int j = 0; j < line.length(); j++) {
        char c = line.charAt(j);
        bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
        if (bytes > MAX_LINE_BYTES && cutColumn == 0) {
          cutColumn = j + 1;
        }
      }
      if (cutColumn > 0) {
        out.add(LintCode.LINE_TOO_LONG.at(new Span(i + 1, cutColumn, i + 1, line.length()),
            "line " + (i + 1) + " is " + bytes + " bytes long; google/robotstxt ignores everything after byte " + MAX_LINE_BYTES + " (from column " + cutColumn + " on)"));
      }
    }
  }

  // ---- the version comment ---------------------------------------------------------------------

  private static void versionComment(PolicyDocument doc, List<Diagnostic> out) {
    if (!doc.usesAcap() || doc.acapVersion().isPresent()) {
      return; // a version comment that is not first, or not 1.0, is the parser's finding
    }
    int first = firstAcapLine(doc);
    String firstLine = doc.source().line(1);
    out.add(LintCode.MISSING_VERSION_COMMENT.at(Span.wholeLine(1, firstLine.length()),
        "the file uses ACAP (line " + first + ": '" + Text.shorten(doc.source().line(first), 60) + "') but has no '##ACAP version=1.0' first line"));
  }

  private static int firstAcapLine(PolicyDocument doc) {
    int first = Integer.MAX_VALUE;
    for (AcapRecord r : doc.acapRecords()) {
      first = Math.min(first, r.line());
    }
    for (AcapDefinition d : doc.definitions()) {
      first = Math.min(first, d.span().line());
    }
    for (AcapField f : doc.strayFields()) {
      first = Math.min(first, f.span().line());
    }
    for (UnparsedLine u : doc.unparsedLines()) {
      if (u.kind() != UnparsedLine.Kind.UNRECOGNISED) {
        first = Math.min(first, u.span().line());
      }
    }
    if (doc.ignoreConventionalRecords().isPresent()) {
      first = Math.min(first, doc.ignoreConventionalRecords().get().line());
    }
    return first == Integer.MAX_VALUE ? 1 : first;
  }

  // ---- User-agent lines merged across a gap ----------------------------------------------------

  private static void userAgentMerge(PolicyDocument doc, List<Diagnostic> out) {
    SourceText source = doc.source();
    for (ConventionalGroup g : doc.conventionalGroups()) {
      if (g.rules().isEmpty()) {
        continue; // nobody gets rules by the merge
      }
      List<UserAgentLine> agents = g.userAgents();
      for (int i = 0; i + 1 < agents.size(); i++) {
        UserAgentLine a = agents.get(i);
        UserAgentLine b = agents.get(i + 1);
        int from = a.span().line() + 1;
        int to = b.span().line() - 1;
        if (from > to || !onlyBlankOrComments(source, from, to)) {
          continue;
        }
        int rulesFrom = g.rules().get(0).span().line();
        out.add(LintCode.USER_AGENT_MERGE.at(a.span(),
            "'User-agent: " + Text.shorten(a.value(), 40) + "' has no rules of its own, and only blank lines or comments separate it from 'User-agent: "
                + Text.shorten(b.value(), 40) + "' (line " + b.span().line() + "): RFC 9309 reads them as one group, so it gets the rules from line " + rulesFrom + " on"));
      }
    }
  }

  private static boolean onlyBlankOrComments(SourceText source, int from, int to) {
    for (int line = from; line <= to; line++) {
      String s = source.line(line).strip();
      if (!s.isEmpty() && !s.startsWith("#")) {
        return false;
      }
    }
    return true;
  }

  // ---- crawler names outside RFC 9309 ---------------------------------------------------------

  /**
   * A {@code User-agent} token with a character outside {@code [A-Za-z_-]} (RFC 9309 2.2.1): it
   * matches (ProductToken), but google/robotstxt reads only its leading {@code [A-Za-z_-]} run.
   * {@code ACAP-crawler} names are not reported: ACAP 1.0's crawler-name allows them (2.3.1).
   */
  private static void crawlerNames(PolicyDocument doc, List<Diagnostic> out) {
    for (ConventionalGroup g : doc.conventionalGroups()) {
      for (UserAgentLine ua : g.userAgents()) {
        String token = ProductToken.of(ua.value());
        if (token.isEmpty() || token.equals(ProductToken.WILDCARD) || ProductToken.isValidProductToken(token)) {
          continue;
        }
        String google = ProductToken.googleReading(ua.value());
        if (google.isEmpty()) {
          out.add(LintCode.CRAWLER_NAME_OUTSIDE_RFC9309.at(ua.span(),
              "'User-agent: " + Text.shorten(ua.value(), 40) + "' names the crawler '" + Text.shorten(token, 40)
                  + "', which is not an RFC 9309 product token (letters, '_' and '-' only); acap-engine matches the whole name, but google/robotstxt"
                  + " reads no crawler name in it, so the line addresses no crawler"));
        } else {
          out.add(LintCode.CRAWLER_NAME_READ_DIFFERENTLY.at(ua.span(),
              "'User-agent: " + Text.shorten(ua.value(), 40) + "' is read by google/robotstxt as a group for '" + google + "', not for '"
                  + Text.shorten(token, 40) + "': crawlers that read names as it does give " + Text.shorten(token, 40)
                  + " the '*' group instead (acap-engine matches the whole name)"));
        }
      }
    }
  }

  // ---- other field names -----------------------------------------------------------------------

  private static void extensionField(ExtensionField f, List<Diagnostic> out) {
    String key = f.key();
    if (key.equals("sitemap") || key.equals("site-map") || key.equals("license") || AiPreferenceChecks.FIELDS.contains(key)) {
      return; // Content-Signal, Content-Usage and License decide, and AiPreferenceChecks and LicenseChecks check them
    }
    String text = f.name() + ": " + f.value();
    String meaning = EXTENSIONS.get(key);
    if (meaning != null) {
      out.add(LintCode.EXTENSION_FIELD.at(f.span(),
          "'" + Text.shorten(text, 60) + "' is a known extension (" + meaning + "); acap-engine's decisions do not depend on it"));
      return;
    }
    String suggestion = Spelling.closest(f.name(), SPELLINGS);
    out.add(LintCode.UNKNOWN_FIELD.at(f.span(),
        "'" + Text.shorten(f.name(), 40) + "' is no robots.txt field and no known extension; crawlers ignore the line"
            + (suggestion == null ? "" : " (did you mean '" + suggestion + "'?)")));
  }
}
