package org.acapengine.lint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.SourceText;
import org.acapengine.model.Span;
import org.acapengine.render.Spelling;

/**
 * Inline suppressions: comments in the linted robots.txt that switch findings off, read from the
 * document's source text (the grammar treats them as the comments they are).
 *
 * <ul>
 *   <li>{@code # acap-lint: disable=CODE[,CODE...]} — findings of those codes that start on the
 *       comment's own line (at the end of a field line, or alone on a line);
 *   <li>{@code # acap-lint: disable-next-line=CODE[,CODE...]} — on the next line that is neither
 *       blank nor only a comment (so directives can be stacked above a line);
 *   <li>{@code # acap-lint: disable-file=CODE[,CODE...]} — anywhere in the file.
 * </ul>
 *
 * <p>The comment's text must start with {@code acap-lint:} (any case, spaces allowed around the
 * {@code :} and {@code =}); codes are separated by commas, and text after the list (separated by
 * a space) is a free reason. A code in a directive that suppresses no finding, an unknown code,
 * and a comment starting {@code acap-lint} that is no directive are reported as {@link
 * LintCode#UNUSED_SUPPRESSION} at the code (or the comment). Those reports can themselves be
 * suppressed with {@code disable=unused-suppression} or {@code disable-file=unused-suppression},
 * which are never reported as unused. Suppression applies to all findings before {@code
 * --select}/{@code --ignore}, so whether a comment is used does not depend on the command line.
 */
final class Suppressions {

  /** At most this many unused-suppression findings per file; one more says how many were left out. */
  static final int MAX_REPORTED = 1000;

  private static final String MARK = "acap-lint";

  private enum Scope { LINE, NEXT_LINE, FILE }

  /** One code of one directive: where it is written and whether it has suppressed anything. */
  private static final class Entry {
    final String code;
    final Span at;
    /** The line it suppresses on, 0 for the whole file, -1 for none (no line after it). */
    int target = -1;
    boolean used;

    Entry(String code, Span at) {
      this.code = code;
      this.at = at;
    }
  }

  /** line number (0 for the whole file) -> code -> entries naming it there. */
  private final Map<Integer, Map<String, List<Entry>>> byLine = new HashMap<>();
  private final List<Entry> entries = new ArrayList<>();
  private final List<Diagnostic> malformed = new ArrayList<>();

  private Suppressions() {}

  /** Reads the directives of a file. */
  static Suppressions read(SourceText source) {
    Suppressions s = new Suppressions();
    List<Entry> pendingEntries = new ArrayList<>();
    for (int n = 1; n <= source.lines().size(); n++) {
      String line = source.line(n);
      int hash = line.indexOf('#');
      String before = hash < 0 ? line : line.substring(0, hash);
      if (!before.isBlank() && !pendingEntries.isEmpty()) {
        for (Entry e : pendingEntries) {
          s.add(n, e);
        }
        pendingEntries.clear();
      }
      if (hash >= 0) {
        s.directive(line, n, hash, pendingEntries);
      }
    }
    s.entries.addAll(pendingEntries); // disable-next-line with no line after it: target stays -1
    return s;
  }

  private void add(int line, Entry e) {
    e.target = line;
    byLine.computeIfAbsent(line, k -> new HashMap<>()).computeIfAbsent(e.code, k -> new ArrayList<>(1)).add(e);
    entries.add(e);
  }

  /** Reads the comment starting at {@code hash} of line {@code n}, if it is a directive. */
  private void directive(String line, int n, int hash, List<Entry> pendingNextLine) {
    int i = skipSpace(line, hash + 1);
    if (!line.regionMatches(true, i, MARK, 0, MARK.length())) {
      return;
    }
    Span comment = new Span(n, hash + 1, n, Math.max(hash + 1, line.length()));
    int after = i + MARK.length();
    if (after < line.length() && codeChar(line.charAt(after))) {
      return; // "acap-linter" and the like are other words
    }
    int j = skipSpace(line, after);
    if (j >= line.length() || line.charAt(j) != ':') {
      malformed(comment, line, hash);
      return;
    }
    j = skipSpace(line, j + 1);
    int k = j;
    while (k < line.length() && (Character.isLetter(line.charAt(k)) || line.charAt(k) == '-')) {
      k++;
    }
    Scope scope = switch (line.substring(j, k).toLowerCase(Locale.ROOT)) {
      case "disable" -> Scope.LINE;
      case "disable-next-line" -> Scope.NEXT_LINE;
      case "disable-file" -> Scope.FILE;
      default -> null;
    };
    int eq = skipSpace(line, k);
    if (scope == null || eq >= line.length() || line.charAt(eq) != '=') {
      malformed(comment, line, hash);
      return;
    }
    int p = skipSpace(line, eq + 1);
    boolean any = false;
    while (p < line.length()) {
      int start = p;
      while (p < line.length() && codeChar(line.charAt(p))) {
        p++;
      }
      if (p == start) {
        break;
      }
      any = true;
      Entry e = new Entry(line.substring(start, p).toLowerCase(Locale.ROOT), Span.ofLine(n, start + 1, p - start));
      switch (scope) {
        case LINE -> add(n, e);
        case NEXT_LINE -> pendingNextLine.add(e);
        case FILE -> add(0, e);
      }
      int q = skipSpace(line, p);
      if (q >= line.length() || line.charAt(q) != ',') {
        break; // the rest is a reason
      }
      p = skipSpace(line, q + 1);
    }
    if (!any) {
      malformed(comment, line, hash);
    }
  }

  private void malformed(Span comment, String line, int hash) {
    malformed.add(LintCode.UNUSED_SUPPRESSION.at(comment,
        "'" + Text.shorten(line.substring(hash), 60) + "' is no acap-lint directive: write '# acap-lint: disable=CODE', 'disable-next-line=CODE' or 'disable-file=CODE'"));
  }

  private static boolean codeChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
  }

  private static int skipSpace(String s, int i) {
    while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }

  /**
   * The findings no directive suppresses, followed by the unused-suppression findings (those not
   * themselves suppressed). The order of {@code findings} is kept; the caller sorts.
   */
  List<Diagnostic> apply(List<Diagnostic> findings) {
    if (entries.isEmpty() && malformed.isEmpty()) {
      return findings;
    }
    List<Diagnostic> kept = new ArrayList<>(findings.size());
    for (Diagnostic d : findings) {
      if (!suppress(d)) {
        kept.add(d);
      }
    }
    List<Diagnostic> unused = new ArrayList<>(malformed);
    for (Entry e : entries) {
      if (e.used || e.code.equals(LintCode.UNUSED_SUPPRESSION.code())) {
        continue;
      }
      String problem;
      if (LintRules.byCode(e.code).isEmpty()) {
        problem = "it is no finding code" + didYouMean(e.code);
      } else if (e.target < 0) {
        problem = "no line follows it";
      } else {
        problem = "there is no " + e.code + " finding " + (e.target == 0 ? "in the file" : "on line " + e.target);
      }
      unused.add(LintCode.UNUSED_SUPPRESSION.at(e.at, "the suppression of '" + Text.shorten(e.code, 60) + "' suppresses nothing: " + problem));
    }
    int reported = 0;
    Diagnostic firstLeftOut = null;
    int leftOut = 0;
    for (Diagnostic d : unused) {
      if (suppress(d)) {
        continue;
      }
      if (reported < MAX_REPORTED) {
        kept.add(d);
        reported++;
      } else {
        firstLeftOut = firstLeftOut == null ? d : firstLeftOut;
        leftOut++;
      }
    }
    if (firstLeftOut != null) {
      kept.add(LintCode.UNUSED_SUPPRESSION.at(firstLeftOut.span(), leftOut + " more unused suppressions from line " + firstLeftOut.span().line() + " on are not listed"));
    }
    return kept;
  }

  private static String didYouMean(String code) {
    String suggestion = Spelling.closest(code, LintRules.all().stream().map(Rule::code).toList());
    return suggestion == null ? "" : " (did you mean '" + suggestion + "'?)";
  }

  /** Whether a directive suppresses {@code d}; marks every directive that does as used. */
  private boolean suppress(Diagnostic d) {
    boolean suppressed = false;
    for (int line : new int[] {0, d.span().line()}) {
      Map<String, List<Entry>> codes = byLine.get(line);
      List<Entry> matching = codes == null ? null : codes.get(d.code());
      if (matching != null) {
        for (Entry e : matching) {
          e.used = true;
        }
        suppressed = true;
      }
    }
    return suppressed;
  }
}
