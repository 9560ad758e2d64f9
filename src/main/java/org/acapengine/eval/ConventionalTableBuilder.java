package org.acapengine.eval;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.acapengine.eval.match.PercentEncoding;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ConventionalRule;
import org.acapengine.model.PolicyDocument;

/**
 * Builds a {@link ConventionalTable} from a parsed file for one crawler: its selected groups'
 * rules, identical ones (same verdict, same normalised pattern) made one rule standing for all
 * their lines, the lines' text in one UTF-8 byte array with each pattern a range of it (inside its
 * own line where it is written there as is), and the rules packed three ints each.
 */
final class ConventionalTableBuilder {

  /** A line longer than this is not searched for its pattern; the pattern is stored after the lines. */
  private static final int SEARCHED_LINE = 4096;

  private ConventionalTableBuilder() {}

  /**
   * Builds the table, or returns null when the crawler's decisions need more than its
   * conventional rules (an ACAP record selects it, the file says to ignore conventional records,
   * or a selected rule stands inside an ACAP record).
   *
   * @param doc the parsed file
   * @param names the crawler's names
   * @param conventionalAppliesTo the usages conventional rules decide
   * @return the table (perhaps crowded), or null
   */
  static ConventionalTable build(PolicyDocument doc, List<String> names, Set<String> conventionalAppliesTo) {
    if (doc.ignoresConventionalRecords()) {
      return null;
    }
    Set<String> keys = CrawlerView.keys(names);
    for (AcapRecord r : doc.acapRecords()) {
      if (CrawlerView.tierOf(r, keys) != null) {
        return null;
      }
    }
    List<ConventionalGroup> groups = CrawlerView.selectGroupsByKey(doc.conventionalGroups(), keys);
    // Rules in file order: a rule index per distinct (verdict, pattern), and its lines.
    int capacity = 16;
    for (ConventionalGroup g : groups) {
      capacity += g.rules().size();
    }
    int[] lineRule = new int[capacity];
    int[] lineNumber = new int[capacity];
    int nLines = 0;
    // The first rule of each (verdict, pattern): Disallow and Allow rules apart.
    Map<String, Integer> disallows = new HashMap<>(capacity * 4 / 3);
    Map<String, Integer> allowsByPattern = new HashMap<>(capacity * 4 / 3);
    List<String> matchForms = new ArrayList<>(capacity);
    List<String> patterns = new ArrayList<>(capacity);
    List<String> rawPatterns = new ArrayList<>(capacity);
    List<Boolean> allows = new ArrayList<>(capacity);
    for (ConventionalGroup g : groups) {
      for (ConventionalRule rule : g.rules()) {
        if (rule.insideAcapRecord()) {
          return null;
        }
        if (rule.pattern().isEmpty()) {
          continue; // RFC 9309 2.2.2: an empty rule matches nothing, as in CrawlerView
        }
        String pattern = PercentEncoding.normalise(rule.pattern());
        if (pattern.length() > ConventionalTable.LENGTH) {
          return null; // the view would still decide; patterns are printable ASCII after normalise
        }
        Map<String, Integer> byPattern = rule.allow() ? allowsByPattern : disallows;
        Integer index = byPattern.get(pattern);
        if (index == null) {
          index = patterns.size();
          byPattern.put(pattern, index);
          patterns.add(pattern);
          rawPatterns.add(rule.pattern());
          matchForms.add(matchForm(pattern));
          allows.add(rule.allow());
        }
        if (nLines == lineRule.length) {
          lineRule = Arrays.copyOf(lineRule, nLines * 2);
          lineNumber = Arrays.copyOf(lineNumber, nLines * 2);
        }
        lineRule[nLines] = index;
        lineNumber[nLines] = rule.span().line();
        nLines++;
      }
    }
    int n = patterns.size();
    // Line entries ordered by rule, each rule's in file order (a stable counting sort).
    int[] firstLine = new int[n + 1];
    for (int i = 0; i < nLines; i++) {
      firstLine[lineRule[i] + 1]++;
    }
    for (int r = 0; r < n; r++) {
      firstLine[r + 1] += firstLine[r];
    }
    int[] entryOf = new int[nLines];
    int[] next = Arrays.copyOf(firstLine, n);
    for (int i = 0; i < nLines; i++) {
      entryOf[next[lineRule[i]]++] = i;
    }
    // First the byte offsets (so that the text is allocated once, at its size), then the bytes.
    String[] lineTexts = new String[nLines];
    int[] lines = new int[2 * nLines];
    int[] patternStart = new int[n];
    int offset = 0;
    for (int e = 0; e < nLines; e++) {
      int i = entryOf[e];
      String lineText = doc.source().line(lineNumber[i]).strip();
      lineTexts[e] = lineText;
      lines[2 * e] = lineNumber[i];
      lines[2 * e + 1] = offset;
      int r = lineRule[i];
      if (e == firstLine[r]) {
        // Searched for only where written as is, which it then is right after the field name.
        String form = matchForms.get(r);
        int at = lineText.length() <= SEARCHED_LINE && form.equals(rawPatterns.get(r)) ? lineText.indexOf(form) : -1;
        patternStart[r] = at < 0 ? -1 : offset + utf8Length(lineText, at);
      }
      offset += utf8Length(lineText, lineText.length());
    }
    int linesEnd = offset;
    for (int r = 0; r < n; r++) {
      if (patternStart[r] < 0) {
        patternStart[r] = offset;
        offset += matchForms.get(r).length();
      }
    }
    ByteText text = new ByteText(offset);
    for (String lineText : lineTexts) {
      text.append(lineText);
    }
    for (int r = 0; r < n; r++) {
      if (patternStart[r] >= linesEnd) {
        text.append(matchForms.get(r));
      }
    }
    int[] rules = new int[3 * n];
    int[] rankLengths = null;
    for (int r = 0; r < n; r++) {
      String form = matchForms.get(r);
      String pattern = patterns.get(r);
      boolean anchored = pattern.endsWith("$");
      rules[3 * r] = patternStart[r];
      rules[3 * r + 1] = form.length() | (allows.get(r) ? ConventionalTable.ALLOW : 0) | (anchored ? ConventionalTable.ANCHORED : 0) | (pattern.indexOf('*') >= 0 ? ConventionalTable.WILDCARD : 0);
      rules[3 * r + 2] = firstLine[r];
      if (form.length() != pattern.length()) {
        if (rankLengths == null) {
          rankLengths = new int[n];
          for (int k = 0; k < n; k++) {
            rankLengths[k] = matchForms.get(k).length();
          }
        }
        rankLengths[r] = pattern.length();
      }
    }
    return new ConventionalTable(doc.source().name(), text.toArray(), linesEnd, rules, lines, rankLengths, conventionalAppliesTo);
  }

  /** True when some segment key is shared by more than {@link ConventionalTable#CROWDED_KEY} rules. */
  static boolean crowded(List<String> segmentKeys) {
    Map<String, Integer> rulesByKey = new HashMap<>();
    for (String key : segmentKeys) {
      if (key != null && rulesByKey.merge(key, 1, Integer::sum) > ConventionalTable.CROWDED_KEY) {
        return true;
      }
    }
    return false;
  }

  /** A growing UTF-8 buffer: ASCII text (nearly all of a robots.txt) copied a char a byte. */
  private static final class ByteText {
    private byte[] bytes;
    private int size;

    ByteText(int capacity) {
      bytes = new byte[capacity];
    }

    void append(String s) {
      int n = s.length();
      if (size + n > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(size + n, bytes.length * 2));
      }
      for (int i = 0; i < n; i++) {
        char c = s.charAt(i);
        if (c >= 0x80) {
          byte[] utf8 = s.substring(i).getBytes(StandardCharsets.UTF_8);
          if (size + i + utf8.length > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(size + i + utf8.length, bytes.length * 2));
          }
          System.arraycopy(utf8, 0, bytes, size + i, utf8.length);
          size += i + utf8.length;
          return;
        }
        bytes[size + i] = (byte) c;
      }
      size += n;
    }

    byte[] toArray() {
      return size == bytes.length ? bytes : Arrays.copyOf(bytes, size);
    }
  }

  /** The number of UTF-8 bytes of {@code s[0, end)}. */
  private static int utf8Length(String s, int end) {
    int bytes = 0;
    for (int i = 0; i < end; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        bytes++;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(s.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        // String.getBytes(UTF_8) writes a lone surrogate as '?', one byte.
        bytes += Character.isSurrogate(c) ? 1 : 3;
      }
    }
    return bytes;
  }

  /** The pattern as matched: a {@code $} that does not end it is the {@code %24} it matches in a path. */
  private static String matchForm(String pattern) {
    int dollar = pattern.indexOf('$');
    if (dollar < 0 || dollar == pattern.length() - 1) {
      return pattern;
    }
    StringBuilder sb = new StringBuilder(pattern.length() + 4);
    for (int i = 0, end = pattern.length() - 1; i <= end; i++) {
      char c = pattern.charAt(i);
      sb.append(c == '$' && i < end ? "%24" : String.valueOf(c));
    }
    return sb.toString();
  }
}
