package org.acapengine.parse;

import java.util.List;
import org.acapengine.model.DiagnosticCode;
import org.acapengine.model.Span;
import org.acapengine.model.UnparsedLine;
import org.acapengine.model.UserAgentLine;

/**
 * The fast path for the files most sites serve: only RFC 9309 lines (User-agent, Allow,
 * Disallow, Sitemap, other {@code name: value} fields, comments, blank lines and junk). Such a file
 * is, in the grammar, a preamble of conventional and unrecognised lines, each read on its own; this
 * class reads those lines as the lexer and {@link TreeToModel} do and feeds {@link
 * DocumentAssembler} the same calls in the same order, without building tokens or a tree.
 *
 * <p>{@code License:} (RSL 1.0) is file-wide like Sitemap, but only with a {@code :}.
 *
 * <p>It takes a file only when every line is one it reads exactly like the grammar; any line that
 * needs the grammar (an {@code ACAP-} field, a {@code ##ACAP} comment, a field name google spells
 * differently such as {@code Useragent} or {@code Disalow}) sends the whole file to ANTLR. A
 * User-agent, Allow, Disallow or Sitemap line without a {@code :} is read here as google/robotstxt
 * reads it and the grammar does (one whitespace-free value after the name, with a {@code
 * missing-colon} note; anything else is an unrecognised line). {@code ConventionalFastPathTest} checks that
 * both paths give equal documents on every corpus file and on generated and mutated files.
 *
 * <p>The lexer's rules mirrored here (RobotsLexer.g4): leading spaces and tabs are skipped; a line
 * that is blank or starts with {@code #} is hidden; a field name is the longest run of characters
 * other than space, tab, {@code :} and {@code #}, and is one of the known names when it equals one
 * ignoring ASCII case (ANTLR's case-insensitive literals fold ASCII only), else another field; the
 * separator {@code :} may follow spaces and tabs; the value runs to the first {@code #}, stripped.
 */
final class ConventionalLines {

  private ConventionalLines() {}

  /** How a line reads. */
  private enum Kind { SKIP, USER_AGENT, ALLOW, DISALLOW, SITEMAP, LICENSE, OTHER, UNRECOGNISED, NEEDS_GRAMMAR }

  /**
   * Reads the file when every line is a conventional one, feeding {@code out}.
   *
   * @return false, having fed nothing, when some line needs the grammar
   */
  static boolean read(List<String> lines, DocumentAssembler out) {
    for (String line : lines) {
      if (kind(line) == Kind.NEEDS_GRAMMAR) {
        return false;
      }
    }
    for (int i = 0; i < lines.size(); i++) {
      feed(i + 1, lines.get(i), out);
    }
    return true;
  }

  private static int keyStart(String line) {
    int i = 0;
    while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }

  private static int keyEnd(String line, int start) {
    int j = start;
    while (j < line.length()) {
      char c = line.charAt(j);
      if (c == ' ' || c == '\t' || c == ':' || c == '#') {
        break;
      }
      j++;
    }
    return j;
  }

  /** The index of the ':' after the field name and optional spaces and tabs, or -1. */
  private static int colon(String line, int keyEnd) {
    int k = keyEnd;
    while (k < line.length() && (line.charAt(k) == ' ' || line.charAt(k) == '\t')) {
      k++;
    }
    return k < line.length() && line.charAt(k) == ':' ? k : -1;
  }

  private static Kind kind(String line) {
    int i = keyStart(line);
    if (i == line.length()) {
      return Kind.SKIP;
    }
    char c = line.charAt(i);
    if (c == '#') {
      return line.regionMatches(true, i, "##acap", 0, 6) ? Kind.NEEDS_GRAMMAR : Kind.SKIP;
    }
    if (c == ':') {
      return Kind.UNRECOGNISED;
    }
    if (asciiStartsWithIgnoreCase(line, i, "acap-") || asciiStartsWithIgnoreCase(line, i, "user agent")) {
      return Kind.NEEDS_GRAMMAR;
    }
    int j = keyEnd(line, i);
    Kind kind = named(line, i, j);
    boolean hasColon = colon(line, j) >= 0;
    if (kind == Kind.OTHER || kind == Kind.LICENSE) {
      return hasColon ? kind : Kind.UNRECOGNISED; // the grammar reads License like any other name without a ':'
    }
    return kind; // without a ':', feed reads it as google/robotstxt does (TreeToModel.conventionalValue)
  }

  /** The known field the name is (google's other spellings need the grammar), or OTHER. */
  private static Kind named(String line, int start, int end) {
    switch (end - start) {
      case 5:
        return asciiStartsWithIgnoreCase(line, start, "allow") ? Kind.ALLOW : Kind.OTHER;
      case 7:
        if (asciiStartsWithIgnoreCase(line, start, "sitemap")) {
          return Kind.SITEMAP;
        }
        if (asciiStartsWithIgnoreCase(line, start, "license")) {
          return Kind.LICENSE;
        }
        return asciiStartsWithIgnoreCase(line, start, "disalow") ? Kind.NEEDS_GRAMMAR : Kind.OTHER;
      case 8:
        if (asciiStartsWithIgnoreCase(line, start, "disallow")) {
          return Kind.DISALLOW;
        }
        if (asciiStartsWithIgnoreCase(line, start, "site-map")) {
          return Kind.SITEMAP;
        }
        return asciiStartsWithIgnoreCase(line, start, "dissalow") || asciiStartsWithIgnoreCase(line, start, "diasllow")
            || asciiStartsWithIgnoreCase(line, start, "disallaw") ? Kind.NEEDS_GRAMMAR : Kind.OTHER;
      case 9:
        return asciiStartsWithIgnoreCase(line, start, "useragent") || asciiStartsWithIgnoreCase(line, start, "dissallow")
            ? Kind.NEEDS_GRAMMAR : Kind.OTHER;
      case 10:
        return asciiStartsWithIgnoreCase(line, start, "user-agent") ? Kind.USER_AGENT : Kind.OTHER;
      default:
        return Kind.OTHER;
    }
  }

  /** True when {@code line} has {@code lower} (lower-case ASCII) at {@code at}, ignoring ASCII case only. */
  private static boolean asciiStartsWithIgnoreCase(String line, int at, String lower) {
    if (at + lower.length() > line.length()) {
      return false;
    }
    for (int k = 0; k < lower.length(); k++) {
      char c = line.charAt(at + k);
      if (c >= 'A' && c <= 'Z') {
        c = (char) (c + 32);
      }
      if (c != lower.charAt(k)) {
        return false;
      }
    }
    return true;
  }

  /** {@code line.substring(from, to).strip()} in one copy (no whitespace outside the BMP). */
  static String stripped(String line, int from, int to) {
    while (from < to && Character.isWhitespace(line.charAt(from))) {
      from++;
    }
    while (to > from && Character.isWhitespace(line.charAt(to - 1))) {
      to--;
    }
    return line.substring(from, to);
  }

  private static void unrecognised(String line, Span span, DocumentAssembler out) {
    String text = line.strip();
    out.unparsed(new UnparsedLine(UnparsedLine.Kind.UNRECOGNISED, text, span));
    out.diagnostic(DiagnosticCode.UNRECOGNISED_LINE.at(span, "'" + Names.shorten(text) + "' is no 'name: value' field; the line is ignored"));
  }

  private static void feed(int number, String line, DocumentAssembler out) {
    Kind kind = kind(line);
    if (kind == Kind.SKIP) {
      return;
    }
    int start = keyStart(line);
    // Spans.lineSpan: from the field name (or the ':' of a nameless line) to the end of the line.
    Span span = new Span(number, start + 1, number, Math.max(start + 1, line.length()));
    if (kind == Kind.UNRECOGNISED) {
      unrecognised(line, span, out);
      return;
    }
    int end = keyEnd(line, start);
    int colon = colon(line, end);
    String value;
    if (colon >= 0) {
      int hash = line.indexOf('#', colon + 1);
      value = stripped(line, colon + 1, hash < 0 ? line.length() : hash);
    } else {
      // A known name and no ':' (only those reach here): the lexer's VALUE_WITHOUT_COLON, after
      // spaces and tabs, up to a '#'. google/robotstxt takes it only as one whitespace-free value.
      int v = end;
      while (v < line.length() && (line.charAt(v) == ' ' || line.charAt(v) == '\t')) {
        v++;
      }
      int hash = line.indexOf('#', v);
      value = stripped(line, v, hash < 0 ? line.length() : hash);
      if (value.isEmpty() || value.indexOf(' ') >= 0 || value.indexOf('\t') >= 0 || value.indexOf(':') >= 0) {
        unrecognised(line, span, out);
        return;
      }
      out.diagnostic(DiagnosticCode.MISSING_COLON.at(span,
          "'" + Names.shorten(line) + "' has no ':'; read as '" + line.substring(start, end) + ": " + Names.shorten(value) + "'"));
    }
    switch (kind) {
      case USER_AGENT -> out.userAgent(new UserAgentLine(value, span));
      case ALLOW -> out.rule(true, value, span);
      case DISALLOW -> out.rule(false, value, span);
      case SITEMAP, LICENSE -> out.extensionField(line.substring(start, end), value, span, true);
      default -> out.extensionField(line.substring(start, end), value, span, false);
    }
  }
}
