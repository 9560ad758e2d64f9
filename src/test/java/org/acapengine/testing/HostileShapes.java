package org.acapengine.testing;

import java.util.List;
import java.util.Random;

/**
 * robots.txt files written to exhaust memory or time through ACAP definitions, qualifier ties and
 * crawler names (issue 26, items 1 and 3), each generated here so that a test, a benchmark and a
 * child JVM build the same bytes. Every file is within the parser's 500 KiB limit.
 */
public final class HostileShapes {

  private HostileShapes() {}

  /** The usages a composite's members cycle through: the six usage types and a few present-X. */
  private static final List<String> USAGES = List.of("crawl", "index", "follow", "preserve", "present", "other",
      "present-snippet", "present-thumbnail", "present-currentcopy", "present-link");

  /** The definition and qualifier shapes, by name. */
  public static final List<String> NAMES = List.of("composite-x-set", "composite-x-set-qualified", "composite-x-set-local", "qualifier-ties");

  /** Every shape {@link #of} makes: {@link #NAMES} and {@code many-names} ({@link #manyCrawlers}{@code (500 KiB, 3 000, 4)}). */
  public static final List<String> ALL = List.of("composite-x-set", "composite-x-set-qualified", "composite-x-set-local", "qualifier-ties",
      "many-names");

  /**
   * Every shape's name, for a parameterised test.
   *
   * @return {@link #ALL}
   */
  public static java.util.stream.Stream<String> all() {
    return ALL.stream();
  }

  /**
   * A shape by name.
   *
   * @param name one of {@link #ALL}
   * @return the file's text
   */
  public static String of(String name) {
    return switch (name) {
      case "composite-x-set" -> compositeTimesSet(3000, 3000, false);
      case "composite-x-set-qualified" -> compositeTimesSet(3000, 3000, true);
      case "composite-x-set-local" -> compositeOfLocalUsages(3000, 3000);
      case "qualifier-ties" -> qualifierTies(qualifierTieCount());
      case "many-names" -> manyCrawlers(500 * 1024, 3000, 4);
      default -> throw new IllegalArgumentException(name);
    };
  }

  /**
   * One composite usage of {@code members} members, one resource set of {@code patterns} patterns
   * and one permission naming both: expanded, {@code members × patterns} rules. With {@code
   * qualified}, each member is a qualified usage of its own ({@code present-snippet
   * max-length=N}), so that no two expanded rules are alike.
   */
  public static String compositeTimesSet(int members, int patterns, boolean qualified) {
    StringBuilder sb = new StringBuilder("##ACAP version=1.0\n");
    sb.append("ACAP-resource-set: many");
    for (int i = 0; i < patterns; i++) {
      sb.append(" /p").append(i).append('/');
    }
    sb.append('\n');
    if (qualified) {
      for (int i = 0; i < members; i++) {
        sb.append("ACAP-qualified-usage: q").append(i).append(" present-snippet max-length=").append(i + 1).append('\n');
      }
    }
    sb.append("ACAP-composite-usage: all");
    for (int i = 0; i < members; i++) {
      sb.append(' ').append(qualified ? "(q" + i + ")" : USAGES.get(i % USAGES.size()));
    }
    sb.append('\n');
    sb.append("ACAP-crawler: *\n");
    sb.append("ACAP-allow-(all): the-acap:resource-set:many\n");
    return sb.toString();
  }

  /**
   * One composite usage of {@code members} usages outside the dictionary ({@code u0}, {@code u1},
   * …), each a usage a query may name, over one resource set of {@code patterns} patterns: a
   * decision for each of the members reads the same set.
   */
  public static String compositeOfLocalUsages(int members, int patterns) {
    StringBuilder sb = new StringBuilder("##ACAP version=1.0\n");
    sb.append("ACAP-resource-set: many");
    for (int i = 0; i < patterns; i++) {
      sb.append(" /p").append(i).append('/');
    }
    sb.append("\nACAP-composite-usage: all");
    for (int i = 0; i < members; i++) {
      sb.append(" u").append(i);
    }
    sb.append("\nACAP-crawler: *\nACAP-allow-(all): the-acap:resource-set:many\n");
    return sb.toString();
  }

  /**
   * How many {@code ACAP-allow-index: / max-length=N} lines fit in 500 KiB: 14 137 (the probe of
   * issue 26 counted 14 530 lines, more than the parser's 500 KiB limit keeps).
   */
  public static int qualifierTieCount() {
    int bytes = "ACAP-crawler: *\n".length();
    int n = 0;
    while (true) {
      int next = bytes + "ACAP-allow-index: / max-length=".length() + Integer.toString(n + 1).length() + 1;
      if (next > 500 * 1024) {
        return n;
      }
      bytes = next;
      n++;
    }
  }

  /** {@code n} permissions {@code ACAP-allow-index: / max-length=N} that tie on every path. */
  public static String qualifierTies(int n) {
    StringBuilder sb = new StringBuilder("ACAP-crawler: *\n");
    for (int i = 1; i <= n; i++) {
      sb.append("ACAP-allow-index: / max-length=").append(i).append('\n');
    }
    return sb.toString();
  }

  /**
   * An ACAP file of about {@code bytes} bytes with {@code records} records, each naming its own
   * crawler ({@code bot0}, {@code bot1}, …) and carrying a share of the rules, plus one record for
   * any crawler: what a site that addresses many crawlers publishes. {@code rulesPerRecord} rules
   * each.
   */
  public static String manyCrawlers(int bytes, int records, int rulesPerRecord) {
    StringBuilder sb = new StringBuilder("##ACAP version=1.0\n");
    Random random = new Random(26);
    int r = 0;
    while (sb.length() < bytes - 64) {
      sb.append(r < records ? "ACAP-crawler: bot" + r : "ACAP-crawler: *").append('\n');
      for (int i = 0; i < rulesPerRecord && sb.length() < bytes - 64; i++) {
        sb.append(random.nextBoolean() ? "ACAP-allow-crawl: /" : "ACAP-disallow-index: /").append(Integer.toString(random.nextInt(1 << 20), 36))
            .append(random.nextBoolean() ? "/*.html" : "/").append('\n');
      }
      r = (r + 1) % (records + 1);
    }
    return sb.toString();
  }
}
