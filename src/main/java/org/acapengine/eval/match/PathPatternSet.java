package org.acapengine.eval.match;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * <p>Identical patterns (the same after percent-normalisation; literal prefixes, the same
 * characters) are indexed once, as a <em>group</em> numbered in the order of its first pattern, its
 * patterns listed in order: a search reports each matching group once, so that 11 000 copies of
 * {@code /} cost what one does. A caller that resolves ties by what its patterns stand for
 * precomputes that per group ({@link #member}, {@link #memberCount}) and picks among the matching
 * groups ({@link #matchingGroups}, {@link #longestGroups}), in time independent of the copies;
 * {@link #first} does so itself.
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
  /** Group g's patterns are {@code members[starts[g]]} to {@code members[starts[g + 1] - 1]}, ascending. */
  private final int[] starts;
  private final int[] members;
  /** Over the groups: group g is indexed as its first pattern's form. */
  private final PatternIndex index;

  private PathPatternSet(String[] patterns, int[] lengths, int[] starts, int[] members, String text, int[] data) {
    this.patterns = patterns;
    this.lengths = lengths;
    this.starts = starts;
    this.members = members;
    this.index = PatternIndex.of(text, data, 0, starts.length - 1);
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
    // Identical patterns are one group, indexed once (same normalised pattern: same form, same length).
    Map<String, Integer> groups = new HashMap<>();
    int[] groupOf = new int[patterns.length];
    int[] sizes = new int[patterns.length + 1];
    StringBuilder text = new StringBuilder();
    int[] data = new int[2 * forms.length];
    int count = 0;
    for (int i = 0; i < forms.length; i++) {
      Integer g = groups.putIfAbsent(patterns[i], count);
      if (g == null) {
        g = count++;
        data[2 * g] = text.length();
        text.append(forms[i]);
        data[2 * g + 1] = syntax ? PatternIndex.info(forms[i], fold) : forms[i].length() | (fold ? PatternIndex.FOLD : 0);
      }
      groupOf[i] = g;
      sizes[g + 1]++;
    }
    int[] starts = new int[count + 1];
    for (int g = 0; g < count; g++) {
      starts[g + 1] = starts[g] + sizes[g + 1];
    }
    int[] next = Arrays.copyOf(starts, count);
    int[] members = new int[patterns.length];
    for (int i = 0; i < patterns.length; i++) {
      members[next[groupOf[i]]++] = i;
    }
    return new PathPatternSet(patterns, lengths, starts, members, text.toString(), Arrays.copyOf(data, 2 * count));
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
   * The number of groups: distinct patterns.
   *
   * @return the count, at most {@link #size}
   */
  public int groups() {
    return starts.length - 1;
  }

  /**
   * How many patterns a group has.
   *
   * @param g the group's number
   * @return at least 1
   */
  public int memberCount(int g) {
    return starts[g + 1] - starts[g];
  }

  /**
   * A group's k-th pattern in order; k = 0 is its first, the pattern the group is numbered after.
   *
   * @param g the group's number
   * @param k 0 to {@link #memberCount} - 1
   * @return the pattern's number
   */
  public int member(int g, int k) {
    java.util.Objects.checkIndex(k, memberCount(g));
    return members[starts[g] + k];
  }

  /**
   * The length ({@link #length}) of a group's patterns, which are identical.
   *
   * @param g the group's number
   * @return the length
   */
  public int groupLength(int g) {
    return lengths[members[starts[g]]];
  }

  /**
   * Calls {@code action} once with the number of each group whose pattern matches {@code path},
   * in no particular order: the matcher's work, independent of how many copies each group has.
   *
   * @param path the path with query, canonical ({@link RequestPath#of}; as sent, for literal
   *     prefixes)
   * @param action receives the group numbers
   */
  public void forEachMatchingGroup(CharSequence path, IntConsumer action) {
    PathSearch search = SEARCH.get().reset(path);
    try {
      index.search(search, action::accept);
    } finally {
      search.finish();
    }
  }

  /**
   * Calls {@code action} once with the number of each pattern that matches {@code path}, in no
   * particular order: every copy of a matching pattern, so in time proportional to them.
   *
   * @param path the path with query, canonical ({@link RequestPath#of}; as sent, for literal
   *     prefixes)
   * @param action receives the numbers
   */
  public void forEachMatch(CharSequence path, IntConsumer action) {
    forEachMatchingGroup(path, g -> {
      for (int k = starts[g]; k < starts[g + 1]; k++) {
        action.accept(members[k]);
      }
    });
  }

  /**
   * The numbers of the groups whose pattern matches {@code path}, ascending (so in the order of
   * their first patterns).
   *
   * @param path the path with query
   * @return the group numbers, possibly none
   */
  public int[] matchingGroups(CharSequence path) {
    return collect(path, this::forEachMatchingGroup);
  }

  /**
   * The groups of the matching patterns of the greatest {@link #length} (RFC 9309 2.2.2's most
   * specific match), ascending; several when distinct but equally long patterns match. In time
   * independent of how many copies each has.
   *
   * @param path the path with query
   * @return the group numbers, none when no pattern matches
   */
  public int[] longestGroups(CharSequence path) {
    int[] all = matchingGroups(path);
    int best = -1;
    int n = 0;
    for (int g : all) {
      int length = groupLength(g);
      if (length > best) {
        best = length;
        n = 0;
      }
      if (length == best) {
        all[n++] = g;
      }
    }
    return Arrays.copyOf(all, n);
  }

  private interface Search {
    void run(CharSequence path, IntConsumer action);
  }

  private static int[] collect(CharSequence path, Search search) {
    int[][] found = {new int[4]};
    int[] count = {0};
    search.run(path, p -> {
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
   * The numbers of the patterns that match {@code path}, ascending.
   *
   * @param path the path with query
   * @return the numbers, possibly none
   */
  public int[] matching(CharSequence path) {
    return collect(path, this::forEachMatch);
  }

  /**
   * The number of the first pattern (in the order given) that matches {@code path}: the first of
   * the first matching group, in time independent of how many copies each group has.
   *
   * @param path the path with query
   * @return the number, or -1 when none matches
   */
  public int first(CharSequence path) {
    int[] first = {-1};
    forEachMatchingGroup(path, g -> {
      if (first[0] < 0 || g < first[0]) {
        first[0] = g;
      }
    });
    return first[0] < 0 ? -1 : members[starts[first[0]]];
  }

  /**
   * The numbers of the matching patterns of the greatest {@link #length} (RFC 9309 2.2.2's most
   * specific match), ascending; several when equally long ones match. In time proportional to
   * them: a caller facing many copies picks among {@link #longestGroups} instead.
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
