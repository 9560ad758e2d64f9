package org.acapengine.eval;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.acapengine.load.ReferenceResolver;
import org.acapengine.model.QualifierType;

/**
 * Random robots.txt files and queries for the property tests: conventional groups (also inside
 * ACAP records), ACAP definitions (resource sets, qualified and composite usages, some undefined
 * names), records for named crawlers and for any crawler, sub-records for usage purposes, patterns
 * with {@code *}, a final {@code $}, mixed case and percent-escapes, permissions references (some
 * loadable, some not), and queries over a small alphabet so that patterns and paths meet often.
 * Deterministic for a seed.
 */
final class RandomPolicies {

  static final String[] RULE_USAGES = {
    "crawl", "follow", "index", "preserve", "present", "present-snippet", "present-thumbnail", "present-original", "other", "train"
  };
  static final String[] QUERY_USAGES = {
    "crawl", "crawl", "index", "index", "present", "present-snippet", "present-thumbnail", "present-original", "present-oldsnippet",
    "preserve", "follow", "other", "train"
  };
  static final String[] QUALIFIERS = {
    "time-limit=3-days", "time-limit=until-recrawled", "max-length=20-words", "prohibited-modification=format",
    "prohibited-modification=style", "colour=red"
  };
  static final String[] PURPOSE_PATTERNS = {"news", "img*", "http://x.*/", "News"};
  static final String[] QUERY_PURPOSES = {null, null, "news", "NEWS", "img", "images", "http://x.a/", "http://y.a/"};
  static final String[] RECORD_CRAWLERS = {"a-bot", "b-bot", "*", "A-Bot/2.0"};
  static final String[] AGENTS = {"*", "a-bot", "b-bot", "c-bot", "A-BOT/1.0"};
  static final List<List<String>> QUERY_CRAWLERS = List.of(
      List.of("a-bot"), List.of("b-bot"), List.of("c-bot"), List.of("a-bot", "c-bot"), List.of("zz-bot"), List.of("B-Bot"));
  private static final String[] PATTERN_PIECES = {"a", "b", "A", "/", "/", "*", "ab", "%61", "?", "=", "%2f", "c", "$", "%24"};
  private static final String[] PATH_PIECES = {"a", "b", "A", "B", "/", "/", "?", "=", "c", "%61", "ab", "$", "%2F"};

  /** A generated policy: the robots.txt and the files its references may load. */
  record Generated(String robots, Map<String, String> files) {
    ReferenceResolver resolver() {
      return (locator, source) -> {
        String content = files.get(locator);
        return content == null
            ? new ReferenceResolver.Result.Failed("no such generated file")
            : new ReferenceResolver.Result.Loaded(locator.substring(1), content.getBytes(StandardCharsets.UTF_8));
      };
    }
  }

  private final Random random;
  private int sets;
  private int qualified;
  private int composites;

  RandomPolicies(long seed) {
    this.random = new Random(seed);
  }

  Random random() {
    return random;
  }

  Generated policy() {
    Map<String, String> files = new LinkedHashMap<>();
    String robots = file(true, files);
    return new Generated(robots, files);
  }

  private String file(boolean top, Map<String, String> files) {
    sets = 1 + random.nextInt(3);
    qualified = 1 + random.nextInt(3);
    composites = random.nextInt(3);
    List<String> lines = new ArrayList<>();
    if (top && random.nextInt(12) == 0) {
      lines.add("ACAP-ignore-conventional-records");
    }
    for (int i = 0; i < sets; i++) {
      StringBuilder sb = new StringBuilder("ACAP-resource-set: s" + i);
      int n = 1 + random.nextInt(3);
      for (int j = 0; j < n; j++) {
        sb.append(' ').append(pattern());
      }
      lines.add(sb.toString());
    }
    for (int i = 0; i < qualified; i++) {
      String usage = pick(new String[] {"index", "preserve", "present", "present-snippet", "crawl"});
      lines.add("ACAP-qualified-usage: q" + i + " " + usage + " " + qualifiers(1 + random.nextInt(2)));
    }
    for (int i = 0; i < composites; i++) {
      StringBuilder sb = new StringBuilder("ACAP-composite-usage: c" + i);
      int n = 1 + random.nextInt(3);
      for (int j = 0; j < n; j++) {
        sb.append(' ').append(random.nextInt(3) == 0 ? "(q" + random.nextInt(qualified + 1) + ")" : pick(RULE_USAGES));
      }
      lines.add(sb.toString());
    }
    int blocks = 1 + random.nextInt(6);
    for (int b = 0; b < blocks; b++) {
      if (random.nextInt(3) == 0) {
        conventionalGroup(lines);
      } else {
        acapRecord(lines, top, files);
      }
      if (random.nextBoolean()) {
        lines.add("");
      }
    }
    return String.join("\n", lines) + "\n";
  }

  private void conventionalGroup(List<String> lines) {
    int agents = 1 + random.nextInt(2);
    for (int i = 0; i < agents; i++) {
      lines.add("User-agent: " + pick(AGENTS));
    }
    int rules = random.nextInt(4);
    for (int i = 0; i < rules; i++) {
      lines.add(conventionalRule());
    }
  }

  private String conventionalRule() {
    if (random.nextInt(15) == 0) {
      return "Disallow:";
    }
    return (random.nextBoolean() ? "Allow: " : "Disallow: ") + pattern();
  }

  private void acapRecord(List<String> lines, boolean top, Map<String, String> files) {
    int crawlers = 1 + (random.nextInt(4) == 0 ? 1 : 0);
    for (int i = 0; i < crawlers; i++) {
      lines.add("ACAP-crawler: " + pick(RECORD_CRAWLERS));
    }
    if (random.nextInt(top ? 8 : 6) == 0) {
      String name = "/ref" + random.nextInt(3) + ".txt";
      lines.add("ACAP-permissions-reference: " + name);
      if (top && random.nextInt(3) != 0 && !files.containsKey(name)) {
        int s = sets;
        int q = qualified;
        int c = composites;
        files.put(name, file(false, files));
        sets = s;
        qualified = q;
        composites = c;
      }
      return;
    }
    int fields = 1 + random.nextInt(5);
    for (int i = 0; i < fields; i++) {
      lines.add(acapField());
      interleave(lines);
    }
    int subRecords = random.nextInt(4) == 0 ? 1 + random.nextInt(2) : 0;
    for (int s = 0; s < subRecords; s++) {
      int purposes = 1 + random.nextInt(2);
      for (int i = 0; i < purposes; i++) {
        lines.add("ACAP-usage-purpose: " + pick(PURPOSE_PATTERNS));
      }
      int n = 1 + random.nextInt(3);
      for (int i = 0; i < n; i++) {
        lines.add(acapField());
      }
    }
  }

  /** Conventional lines inside an ACAP record, and now and then a User-agent line opening a group there. */
  private void interleave(List<String> lines) {
    int k = random.nextInt(10);
    if (k == 0) {
      lines.add(conventionalRule());
    } else if (k == 1) {
      lines.add("User-agent: " + pick(AGENTS));
      lines.add(conventionalRule());
    } else if (k == 2) {
      lines.add("# a comment");
    }
  }

  private String acapField() {
    boolean allow = random.nextInt(5) < 3;
    String resource = random.nextInt(5) == 0 ? "the-acap:resource-set:s" + random.nextInt(sets + 1) : pattern();
    if (allow) {
      int k = random.nextInt(8);
      if (k == 0) {
        return "ACAP-allow-(q" + random.nextInt(qualified + 1) + "): " + resource;
      }
      if (k == 1 && composites > 0) {
        return "ACAP-allow-(c" + random.nextInt(composites) + "): " + resource;
      }
      String usage = pick(RULE_USAGES);
      String quals = random.nextInt(3) == 0 ? " " + qualifiers(1 + random.nextInt(2)) : "";
      return "ACAP-allow-" + usage + ": " + resource + quals;
    }
    if (random.nextInt(12) == 0) {
      return "ACAP-disallow-(q0): " + resource;
    }
    return "ACAP-disallow-" + pick(RULE_USAGES) + ": " + resource;
  }

  private String qualifiers(int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(i > 0 ? " " : "").append(pick(QUALIFIERS));
    }
    return sb.toString();
  }

  String pattern() {
    StringBuilder sb = new StringBuilder();
    int k = random.nextInt(10);
    if (k == 0) {
      sb.append('*');
    } else if (k != 1) {
      sb.append('/');
    }
    int n = random.nextInt(4);
    for (int i = 0; i < n; i++) {
      sb.append(pick(PATTERN_PIECES));
    }
    if (random.nextInt(6) == 0) {
      sb.append('$');
    }
    return sb.length() == 0 ? "/" : sb.toString();
  }

  String path() {
    StringBuilder sb = new StringBuilder("/");
    int n = random.nextInt(6);
    for (int i = 0; i < n; i++) {
      sb.append(pick(PATH_PIECES));
    }
    if (random.nextInt(40) == 0) {
      return "/robots.txt";
    }
    return sb.toString();
  }

  Query query() {
    Query.Builder b = Query.builder().crawlers(QUERY_CRAWLERS.get(random.nextInt(QUERY_CRAWLERS.size()))).usage(pick(QUERY_USAGES)).url(path());
    b.purpose(pick(QUERY_PURPOSES));
    int h = random.nextInt(6);
    if (h == 0) {
      b.honouring(EnumSet.noneOf(QualifierType.class));
    } else if (h == 1) {
      Set<QualifierType> s = EnumSet.noneOf(QualifierType.class);
      for (QualifierType t : QualifierType.values()) {
        if (random.nextBoolean()) {
          s.add(t);
        }
      }
      b.honouring(s);
    }
    return b.build();
  }

  private <T> T pick(T[] a) {
    return a[random.nextInt(a.length)];
  }

  /** {@code length} characters drawn from {@code alphabet}. */
  static String word(Random random, String alphabet, int length) {
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return sb.toString();
  }
}
