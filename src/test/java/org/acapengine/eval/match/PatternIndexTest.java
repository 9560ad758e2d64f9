package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An index of many patterns reports exactly the patterns that match a path, each once, as
 * matching each pattern alone does: sets small enough to be matched one by one and sets indexed by
 * prefix and by segment, keys crowded enough to be replaced by whole runs (whose first occurrence
 * decides the match, or bounds what is read of a pattern whose run is its last), end anchors, up
 * to case, and with every search of a decision through the path's index.
 */
class PatternIndexTest {

  @ParameterizedTest(name = "pieces {0}, path alphabet {1}, case-insensitive {2}")
  @CsvSource({"'a,b,ab,aaaaaaab,*,/,$', 'ab/', false", "'a,B,aB,*,/,x', 'aAbB/x', true", "'zz,aaaaaaaaaaaab,*,c', 'azb', false"})
  void reportsWhatEachPatternMatches(String pieces, String alphabet, boolean fold) {
    Random random = new Random(pieces.hashCode());
    String[] parts = pieces.split(",");
    int checked = 0;
    for (int round = 0; round < 400; round++) {
      List<String> patterns = new ArrayList<>();
      int n = random.nextInt(80);
      // Crowded keys: many patterns sharing one long run.
      String shared = random.nextBoolean() ? "" : "/*" + "a".repeat(7 + random.nextInt(4)) + "b";
      for (int i = 0; i < n; i++) {
        patterns.add(randomPattern(random, parts, shared, random.nextInt(4) == 0 ? "" : "/"));
      }
      PathPatternSet set = PathPatternSet.compile(patterns, fold);
      for (int q = 0; q < 15; q++) {
        StringBuilder path = new StringBuilder("/");
        for (int k = 0, m = random.nextInt(40); k < m; k++) {
          path.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        String p = RequestPath.of(path.toString());
        TreeSet<Integer> expected = new TreeSet<>();
        for (int i = 0; i < patterns.size(); i++) {
          if (PathPattern.compile(patterns.get(i), fold).matches(p)) {
            expected.add(i);
          }
        }
        assertThat(set(set.matching(p))).as("%s on %s", patterns, p).isEqualTo(expected);
        checked += expected.size();
      }
    }
    assertThat(checked).as("matches compared").isGreaterThan(1000);
  }

  @ParameterizedTest(name = "case-insensitive {0}")
  @CsvSource({"false", "true"})
  void searchesThroughThePathsIndexAnswerTheSame(boolean fold) {
    Random random = new Random(fold ? 5 : 6);
    for (int round = 0; round < 300; round++) {
      List<String> patterns = new ArrayList<>();
      for (int i = 0, n = 20 + random.nextInt(40); i < n; i++) {
        patterns.add("/*" + word(random, "abAB", 1 + random.nextInt(10)) + "*" + word(random, "abc", 1 + random.nextInt(3)) + (random.nextInt(5) == 0 ? "$" : ""));
      }
      StringBuilder text = new StringBuilder();
      int[] data = new int[2 * patterns.size() + 1];
      for (int i = 0; i < patterns.size(); i++) {
        String m = PathPattern.matchForm(PercentEncoding.normalise(patterns.get(i)));
        data[1 + 2 * i] = text.length();
        data[1 + 2 * i + 1] = PatternIndex.info(m, fold);
        text.append(m);
      }
      PatternIndex index = PatternIndex.of(text.toString(), data, 1, patterns.size());
      for (int q = 0; q < 10; q++) {
        String path = "/" + word(random, "abAB", random.nextInt(200)) + (random.nextBoolean() ? "c" : "");
        TreeSet<Integer> direct = new TreeSet<>();
        index.search(new PathSearch().reset(path), direct::add);
        TreeSet<Integer> indexed = new TreeSet<>();
        index.search(PathSearch.indexedFromTheStart(path), indexed::add);
        TreeSet<Integer> expected = new TreeSet<>();
        for (int i = 0; i < patterns.size(); i++) {
          if (PathPattern.compile(patterns.get(i), fold).matches(path)) {
            expected.add(i);
          }
        }
        assertThat(direct).as("%s on %s", patterns, path).isEqualTo(expected);
        assertThat(indexed).as("indexed: %s on %s", patterns, path).isEqualTo(expected);
      }
    }
  }

  /**
   * An index that folds case serves the same patterns matched case-sensitively (a crawler's
   * conventional rules beside the ACAP fields restating them): given their starts and infos, it
   * reports exactly what each matches as written, directly and through the path's index; it
   * serves nothing else.
   */
  @ParameterizedTest(name = "pieces {0}, path alphabet {1}")
  @CsvSource({"'a,B,aB,*,/,x,$', 'aAbB/x'", "'zz,aaaaaaaaaaaab,AAAAAAAAAAAAB,*,c', 'azAZb'", "'a,A,aaaaaab,AaAaAaB,*', 'aAb'"})
  void aFoldingIndexServesTheSamePatternsMatchedAsWritten(String pieces, String alphabet) {
    Random random = new Random(pieces.hashCode());
    String[] parts = pieces.split(",");
    int checked = 0;
    for (int round = 0; round < 300; round++) {
      List<String> patterns = new ArrayList<>();
      String shared = random.nextBoolean() ? "" : "/*" + "aA".repeat(4 + random.nextInt(3)) + "b";
      for (int i = 0, n = 5 + random.nextInt(75); i < n; i++) {
        patterns.add(randomPattern(random, parts, shared, random.nextInt(3) == 0 ? "/*" : "/"));
      }
      StringBuilder text = new StringBuilder();
      int[] folded = new int[2 * patterns.size()];
      int[] asWritten = new int[2 * patterns.size() + 3];
      for (int i = 0; i < patterns.size(); i++) {
        String m = PathPattern.matchForm(PercentEncoding.normalise(patterns.get(i)));
        folded[2 * i] = asWritten[3 + 2 * i] = text.length();
        folded[2 * i + 1] = PatternIndex.info(m, true);
        asWritten[3 + 2 * i + 1] = PatternIndex.info(m, false);
        text.append(m);
      }
      String t = text.toString();
      PatternIndex index = PatternIndex.of(t, folded, 0, patterns.size());
      assertThat(index.serves(t, asWritten, 3, patterns.size())).isTrue();
      assertThat(index.serves(t, folded, 0, patterns.size())).isTrue();
      PatternIndex caseSensitive = PatternIndex.of(t, asWritten, 3, patterns.size());
      assertThat(caseSensitive.serves(t, folded, 0, patterns.size())).as("a case-sensitive index serves no folding pattern").isFalse();
      assertThat(index.serves(new String(t), asWritten, 3, patterns.size())).as("another text").isFalse();
      assertThat(index.serves(t, asWritten, 3, patterns.size() - 1)).as("fewer patterns").isFalse();
      for (int q = 0; q < 12; q++) {
        StringBuilder path = new StringBuilder("/");
        for (int k = 0, m = random.nextInt(40); k < m; k++) {
          path.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        String p = RequestPath.of(path.toString());
        TreeSet<Integer> expected = new TreeSet<>();
        TreeSet<Integer> expectedFolded = new TreeSet<>();
        for (int i = 0; i < patterns.size(); i++) {
          if (PathPattern.compile(patterns.get(i), false).matches(p)) {
            expected.add(i);
          }
          if (PathPattern.compile(patterns.get(i), true).matches(p)) {
            expectedFolded.add(i);
          }
        }
        TreeSet<Integer> direct = new TreeSet<>();
        index.search(new PathSearch().reset(p), asWritten, 3, i -> assertThat(direct.add(i)).isTrue());
        TreeSet<Integer> indexed = new TreeSet<>();
        index.search(PathSearch.indexedFromTheStart(p), asWritten, 3, indexed::add);
        TreeSet<Integer> folding = new TreeSet<>();
        index.search(new PathSearch().reset(p), folding::add);
        assertThat(direct).as("%s on %s", patterns, p).isEqualTo(expected);
        assertThat(indexed).as("indexed: %s on %s", patterns, p).isEqualTo(expected);
        assertThat(folding).as("folding: %s on %s", patterns, p).isEqualTo(expectedFolded);
        checked += expected.size();
      }
    }
    assertThat(checked).as("matches compared").isGreaterThan(1000);
  }

  /**
   * A file's few patterns led by {@code /*} among many literal ones (jetstar.com's 36 patterns, two
   * of them {@code /*sale-id=} and {@code /*flight-type=}): the index holds a run for those only,
   * not an int for every pattern; {@link PatternIndex#heapBytes} counts what JOL measures of it
   * (the text and the pairs are the caller's), and each pattern is still found.
   */
  @ParameterizedTest(name = "{0} patterns, led by /* at {1}")
  @CsvSource(delimiter = '|', value = {"36 | 34 35", "36 | 0 35", "100 | 3 31 32 33 64 99", "8 | 0 1 2 3 4 5 6 7", "300 | 299"})
  void runsAreHeldForThePatternsFoundBySegmentOnly(int count, String wildcards) {
    List<Integer> led = java.util.Arrays.stream(wildcards.split(" ")).map(Integer::valueOf).toList();
    List<String> patterns = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      patterns.add(led.contains(i) ? "/*k" + i + "-id=" : "/dir" + i + "/");
    }
    StringBuilder text = new StringBuilder();
    int[] data = new int[2 * count];
    for (int i = 0; i < count; i++) {
      data[2 * i] = text.length();
      data[2 * i + 1] = PatternIndex.info(patterns.get(i), false);
      text.append(patterns.get(i));
    }
    String t = text.toString();
    PatternIndex index = PatternIndex.of(t, data, 0, count);
    long measured = org.openjdk.jol.info.GraphLayout.parseInstance(index).subtract(org.openjdk.jol.info.GraphLayout.parseInstance(t, data)).totalSize();
    assertThat(index.heapBytes()).isEqualTo(measured);
    // The runs: two ints per 32 patterns and one per pattern led by /* (16 bytes of header; 8-byte aligned).
    assertThat(runsBytes(index)).isEqualTo(Heap.align(16 + 4L * (2 * ((count + 31) / 32) + led.size())));
    for (int i = 0; i < count; i++) {
      String path = led.contains(i) ? "/a/b?k" + i + "-id=7" : "/dir" + i + "/page";
      TreeSet<Integer> found = new TreeSet<>();
      index.search(new PathSearch().reset(path), found::add);
      assertThat(found).as(path).containsExactly(i);
    }
  }

  /**
   * {@link PatternIndex#search(PathSearch, int[], int, PatternIndex.Visitor)} is at most 325 bytes
   * of bytecode, the largest hot method HotSpot's C2 inlines (FreqInlineSize on x86-64 and
   * AArch64): above it, a decision's loop calls the search instead of compiling it in, which cost
   * conventional literal rules at 10 rules about 4 % (docs/performance.md, "The index on small
   * files"). Not a timing: the size of the method as compiled, read from its class file.
   */
  @org.junit.jupiter.api.Test
  void theSearchStaysSmallEnoughToInline() throws java.io.IOException {
    String descriptor = "(Lorg/acapengine/eval/match/PathSearch;[IILorg/acapengine/eval/match/PatternIndex$Visitor;)V";
    assertThat(codeLength(PatternIndex.class, "search", descriptor)).isBetween(1, 325);
  }

  /** The length of a method's bytecode, read from its class file (JVMS 4.1, 4.4, 4.6, 4.7.3); -1 when absent. */
  private static int codeLength(Class<?> c, String name, String descriptor) throws java.io.IOException {
    try (java.io.DataInputStream in = new java.io.DataInputStream(c.getResourceAsStream(c.getSimpleName() + ".class"))) {
      in.skipNBytes(8); // magic, version
      int count = in.readUnsignedShort();
      String[] utf8 = new String[count];
      for (int i = 1; i < count; i++) {
        int tag = in.readUnsignedByte();
        switch (tag) {
          case 1 -> utf8[i] = in.readUTF();
          case 5, 6 -> {
            in.skipNBytes(8);
            i++; // a long or a double takes two entries
          }
          case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
          case 15 -> in.skipNBytes(3);
          case 7, 8, 16, 19, 20 -> in.skipNBytes(2);
          default -> throw new IllegalStateException("constant pool tag " + tag);
        }
      }
      in.skipNBytes(6); // access, this, super
      in.skipNBytes(2L * in.readUnsignedShort()); // interfaces
      for (int members = 0; members < 2; members++) { // fields, then methods
        for (int m = 0, n = in.readUnsignedShort(); m < n; m++) {
          in.skipNBytes(2);
          String memberName = utf8[in.readUnsignedShort()];
          String memberDescriptor = utf8[in.readUnsignedShort()];
          for (int a = 0, attributes = in.readUnsignedShort(); a < attributes; a++) {
            String attribute = utf8[in.readUnsignedShort()];
            int length = in.readInt();
            if (members == 1 && attribute.equals("Code") && memberName.equals(name) && memberDescriptor.equals(descriptor)) {
              in.skipNBytes(4); // max stack, max locals
              return in.readInt();
            }
            in.skipNBytes(length);
          }
        }
      }
      return -1;
    }
  }

  private static long runsBytes(PatternIndex index) {
    try {
      java.lang.reflect.Field f = PatternIndex.class.getDeclaredField("runs");
      f.setAccessible(true);
      return Heap.array((int[]) f.get(index));
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  private static TreeSet<Integer> set(int[] a) {
    TreeSet<Integer> s = new TreeSet<>();
    for (int i : a) {
      assertThat(s.add(i)).as("reported twice: %d", i).isTrue();
    }
    return s;
  }

  private static String word(Random random, String alphabet, int length) {
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return sb.toString();
  }

  /**
   * A pattern of up to four pieces after {@code lead}, or, two times in three when there is a
   * shared run, after that run (alone or after one piece) in place of the lead.
   */
  private static String randomPattern(Random random, String[] parts, String shared, String lead) {
    StringBuilder sb = new StringBuilder(lead);
    if (!shared.isEmpty() && random.nextInt(3) > 0) {
      sb.setLength(0);
      sb.append(random.nextBoolean() ? shared : "/*" + parts[random.nextInt(parts.length)] + shared.substring(1));
    }
    for (int k = 0, m = random.nextInt(5); k < m; k++) {
      sb.append(parts[random.nextInt(parts.length)]);
    }
    return sb.toString();
  }
}
