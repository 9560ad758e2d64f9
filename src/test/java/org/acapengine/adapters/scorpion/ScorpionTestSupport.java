package org.acapengine.adapters.scorpion;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.acapengine.model.Verdict;
import org.acapengine.testing.Resources;

final class ScorpionTestSupport {

  private ScorpionTestSupport() {}

  static byte[] resource(String name) {
    return Resources.bytes("/adapters/scorpion/" + name);
  }

  /** A file from text whose chars are bytes (ISO-8859-1). */
  static ScorpionFile file(String latin1) {
    return new ScorpionReader().read(latin1.getBytes(StandardCharsets.ISO_8859_1), "test.crawl").file();
  }

  static ScorpionCrawlerPolicy policy(String latin1, String... names) {
    return ScorpionCrawlerPolicy.of(file(latin1), Arrays.asList(names), Optional.empty());
  }

  /** One converted field: allow or not, usage, the bytes its pattern stands for. */
  record Field(boolean allow, String usage, byte[] prefix, String pattern) {
    boolean matches(byte[] path) {
      if (path.length < prefix.length) {
        return false;
      }
      for (int i = 0; i < prefix.length; i++) {
        if (path[i] != prefix[i]) {
          return false;
        }
      }
      return true;
    }
  }

  /** The ACAP-allow/disallow-crawl/index fields of a converted text, patterns decoded. */
  static List<Field> fields(String acap) {
    List<Field> fields = new ArrayList<>();
    for (String line : acap.split("\n", -1)) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("ACAP-(allow|disallow)-(crawl|index): (.*)").matcher(line);
      if (m.matches()) {
        byte[] prefix = AcapPattern.decode(m.group(3)).orElseThrow(() -> new AssertionError("undecodable: " + line));
        fields.add(new Field(m.group(1).equals("allow"), m.group(2), prefix, m.group(3)));
      }
    }
    return fields;
  }

  /** Narrowest scope for plain prefixes: the longest matching field of the usage; none: no opinion. */
  static Verdict longestPrefixOracle(List<Field> fields, String usage, byte[] path) {
    Field best = null;
    for (Field f : fields) {
      if (f.usage().equals(usage) && f.matches(path) && (best == null || f.prefix().length > best.prefix().length)) {
        best = f;
      }
    }
    if (best == null) {
      return Verdict.NO_OPINION;
    }
    return best.allow() ? Verdict.ALLOWED : Verdict.PROHIBITED;
  }
}
