package org.acapengine.eval.match;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.IntConsumer;

/**
 * Many path patterns matched together against one path, in time that depends on the path and on
 * the patterns that could match it, not on how many there are: the entry point for every policy
 * source whose rules carry path patterns (AIPREF {@code Content-Usage} paths, TDMRep locations,
 * Scorpion prefixes, RSL {@code <content url>} patterns). It is the matcher and the index the
 * evaluator uses for {@code Allow}/{@code Disallow} and ACAP fields ({@link PatternIndex}), and each
 * call is one decision with its own {@link PathSearch} budget: a set of 10 000 wildcard patterns
 * against an 8 000-character path costs what the evaluator's hostile-file benchmarks show, not 10
 * 000 scans of the path (docs/matching.md, "Every source through one index").
 *
 * <p>Patterns are numbered in the order given; the caller keeps what each stands for (a rule, a
 * licence) in a list of its own and picks among the matches: {@link #matching} (all of them),
 * {@link #first} (the first in order, TDMRep and Scorpion), {@link #longest} (RFC 9309's longest
 * match, AIPREF and RSL). Immutable and thread-safe.
 *
 * <pre>{@code
 * PathPatternSet set = PathPatternSet.compile(List.of("/", "/news/*", "/*.pdf$"), false);
 * int[] all = set.matching(RequestPath.of("https://example.com/news/a.pdf"));   // {0, 1, 2}
 * int[] best = set.longest(RequestPath.of("https://example.com/news/a.pdf"));   // {1}: "/news/*", 7 octets
 * }</pre>
 */
public final class PathPatternSet {

  private static final ThreadLocal<PathSearch> SEARCH = ThreadLocal.withInitial(PathSearch::new);

  private final String[] patterns;
  private final int[] lengths;
  private final PatternIndex index;

  private PathPatternSet(String[] patterns, int[] lengths, String text, int[] data) {
    this.patterns = patterns;
    this.lengths = lengths;
    this.index = PatternIndex.of(text, data, 0, patterns.length);
  }

  /**
   * Compiles patterns as {@link PathPattern#compile} does (RFC 9309 2.2.2 and 2.2.3, ACAP 2.8:
   * percent-normalised, {@code *} any run, a final {@code $} the end of the path).
   *
   * @param patterns the patterns as written; none null
   * @param caseInsensitive true to match up to ASCII case (ACAP), false to match exactly (RFC 9309)
   * @return the set, pattern i being {@code patterns.get(i)}
   */
  public static PathPatternSet compile(List<String> patterns, boolean caseInsensitive) {
    String[] normalised = new String[patterns.size()];
    String[] forms = new String[normalised.length];
    int[] lengths = new int[normalised.length];
    for (int i = 0; i < normalised.length; i++) {
      normalised[i] = PercentEncoding.normalise(Objects.requireNonNull(patterns.get(i), "pattern"));
      forms[i] = PathPattern.matchForm(normalised[i]);
      lengths[i] = normalised[i].length();
    }
    return build(normalised, lengths, forms, caseInsensitive, true);
  }

  /**
   * Literal prefixes compared character for character, nothing special in them ({@code *} and
   * {@code $} included) and nothing normalised: Scorpion's prefix commands, whose bytes are given
   * as ISO-8859-1 characters and matched against a path given the same way.
   *
   * @param prefixes the prefixes; none null
   * @return the set, pattern i being {@code prefixes.get(i)}
   */
  public static PathPatternSet literalPrefixes(List<String> prefixes) {
    String[] all = prefixes.toArray(new String[0]);
    int[] lengths = new int[all.length];
    for (int i = 0; i < all.length; i++) {
      lengths[i] = Objects.requireNonNull(all[i], "prefix").length();
    }
    return build(all, lengths, all, false, false);
  }

  private static PathPatternSet build(String[] patterns, int[] lengths, String[] forms, boolean fold, boolean syntax) {
    StringBuilder text = new StringBuilder();
    int[] data = new int[2 * forms.length];
    for (int i = 0; i < forms.length; i++) {
      data[2 * i] = text.length();
      text.append(forms[i]);
      data[2 * i + 1] = syntax ? PatternIndex.info(forms[i], fold) : forms[i].length() | (fold ? PatternIndex.FOLD : 0);
    }
    return new PathPatternSet(patterns, lengths, text.toString(), data);
  }

  /**
   * The number of patterns.
   *
   * @return the count
   */
  public int size() {
    return patterns.length;
  }

  /**
   * A pattern, percent-normalised (as given, for literal prefixes).
   *
   * @param i its number
   * @return the pattern
   */
  public String pattern(int i) {
    return patterns[i];
  }

  /**
   * A pattern's RFC 9309 match length: the octets of the normalised pattern, {@code *} and a final
   * {@code $} included (section 2.2.2, as {@link PathPattern#length}).
   *
   * @param i its number
   * @return the length
   */
  public int length(int i) {
    return lengths[i];
  }

  /**
   * Calls {@code action} once with the number of each pattern that matches {@code path}, in no
   * particular order.
   *
   * @param path the path with query, canonical ({@link RequestPath#of}; as sent, for literal
   *     prefixes)
   * @param action receives the numbers
   */
  public void forEachMatch(CharSequence path, IntConsumer action) {
    PathSearch search = SEARCH.get().reset(path);
    try {
      index.search(search, action::accept);
    } finally {
      search.finish();
    }
  }

  /**
   * The numbers of the patterns that match {@code path}, ascending.
   *
   * @param path the path with query
   * @return the numbers, possibly none
   */
  public int[] matching(CharSequence path) {
    int[][] found = {new int[4]};
    int[] count = {0};
    forEachMatch(path, p -> {
      if (count[0] == found[0].length) {
        found[0] = Arrays.copyOf(found[0], count[0] * 2);
      }
      found[0][count[0]++] = p;
    });
    int[] out = Arrays.copyOf(found[0], count[0]);
    Arrays.sort(out);
    return out;
  }

  /**
   * The number of the first pattern (in the order given) that matches {@code path}.
   *
   * @param path the path with query
   * @return the number, or -1 when none matches
   */
  public int first(CharSequence path) {
    int[] first = {-1};
    forEachMatch(path, p -> {
      if (first[0] < 0 || p < first[0]) {
        first[0] = p;
      }
    });
    return first[0];
  }

  /**
   * The numbers of the matching patterns of the greatest {@link #length} (RFC 9309 2.2.2's most
   * specific match), ascending; several when equally long ones match.
   *
   * @param path the path with query
   * @return the numbers, none when no pattern matches
   */
  public int[] longest(CharSequence path) {
    int[] all = matching(path);
    int best = -1;
    int n = 0;
    for (int p : all) {
      if (lengths[p] > best) {
        best = lengths[p];
        n = 0;
      }
      if (lengths[p] == best) {
        all[n++] = p;
      }
    }
    return Arrays.copyOf(all, n);
  }
}
