package org.acapengine.load;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.AcapSubRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ConventionalRule;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.UnparsedLine;
import org.acapengine.model.UsageRef;

/**
 * An estimate, in bytes, of the heap a cached compiled policy retains, for {@link PolicyCache}'s
 * size bound. Measuring at run time (JOL, instrumentation) is slow and needs agents; the estimate
 * is a sum over what the compiled policy holds, with per-item costs measured once with JOL on
 * 64-bit HotSpot with compressed references (docs/fetching.md, "How big is a policy"):
 *
 * <ul>
 *   <li>{@value #PER_LINE} bytes per line of the decoded text, plus its characters (Latin-1
 *       strings: one byte each; others: two);
 *   <li>{@value #PER_RULE} per conventional rule, plus two bytes per character of its pattern
 *       (the model's string and its normalised form);
 *   <li>{@value #PER_COMPILED_RULE} per rule of the largest conventional group (the compiled
 *       rule, its pattern and line, and its node of the prefix index), plus {@value
 *       #PER_TRIE_CHAR} per character of the index's edge labels (counted exactly: the characters
 *       of a character trie over those rules' literal prefixes, shared prefixes shared): the
 *       compiled rules and index of the one crawler view, for {@code crawl}, that a scheduler
 *       builds;
 *   <li>{@value #PER_LINE} plus its characters per unparsed line;
 *   <li>{@value #PER_FIELD} per ACAP field, crawler name, purpose or definition:
 *       the model record, its span and strings, and its compiled rule; {@value #PER_QUALIFIER} per
 *       qualifier; {@value #PER_MEMBER} per member of a composite usage plus two bytes a character
 *       of its name (the model's packed names and the table's), {@value #PER_SET_PATTERN} plus
 *       three bytes a character per pattern of a resource set (the model's packed patterns, the
 *       table's text and scope ranks, the index) (definitions are held by reference: a permission
 *       naming both costs one field, not members × patterns);
 *   <li>{@value #PER_GROUP} per conventional group or ACAP record, {@value #PER_DIAGNOSTIC} per
 *       diagnostic plus the characters of its message (its help text is its code's, shared);
 *   <li>{@value #FIXED} for the policy, the cache entry and the crawler view's fixed parts.
 * </ul>
 *
 * <p>A policy queried under many crawler names builds a view per name and grows past the
 * estimate; schedulers query under one identity, which the estimate includes.
 * {@code PolicySizeTest} keeps the estimate within a factor of two of JOL's measurement.
 */
public final class PolicySize {

  static final long FIXED = 2_048;
  static final long PER_LINE = 48;
  static final long PER_RULE = 200;
  static final long PER_COMPILED_RULE = 100;
  static final long PER_TRIE_CHAR = 2;
  static final long PER_FIELD = 300;
  static final long PER_QUALIFIER = 100;
  static final long PER_GROUP = 160;
  static final long PER_DIAGNOSTIC = 112;
  static final long PER_MEMBER = 24;
  static final long PER_SET_PATTERN = 64;
  /** What an entry without a policy (unavailable, unreachable) costs: the entry, the outcome and its reason. */
  static final long NO_POLICY = 512;

  /**
   * What {@link PolicyCache} holds per origin besides the policy and the key's string: Caffeine's
   * node (56 bytes), its node in the map and its slot there (about 34) and the entry ({@link
   * OriginSlot}, 32), about 122 bytes measured with JOL ({@code RetainedMemoryReport}); less the
   * crawler's names (80 bytes), which a crawler policy counts as its own ({@code
   * CrawlerPolicy.heapBytes}) but the cache holds once for all its entries; and less 10 more, so
   * that an origin whose file says nothing to the crawler, whose policy (40 bytes) every such
   * origin shares, is counted within a fifth as well: such an origin is counted about 30 bytes
   * over, one with rules about 10 under.
   */
  static final long ENTRY = 32;

  /** The bytes an entry holds besides its policy: {@link #ENTRY}, the origin's key ({@link OriginSlot#key}) and a final URL kept after a redirect. */
  static long entry(String key, String finalUrl) {
    return ENTRY + org.acapengine.eval.match.Heap.string(key) + org.acapengine.eval.match.Heap.string(finalUrl);
  }

  private PolicySize() {}

  /**
   * The estimated heap a compiled policy of this document retains, its crawler view for one
   * crawler included.
   *
   * @param doc the parsed robots.txt
   * @return the estimate in bytes
   */
  public static long estimate(PolicyDocument doc) {
    long bytes = FIXED;
    for (String line : doc.source().lines()) {
      bytes += PER_LINE + (latin1(line) ? line.length() : 2L * line.length());
    }
    long largestGroup = 0;
    for (ConventionalGroup g : doc.conventionalGroups()) {
      bytes += PER_GROUP + PER_RULE * (g.userAgents().size() + g.fields().size());
      List<String> prefixes = new ArrayList<>(g.rules().size());
      for (ConventionalRule r : g.rules()) {
        bytes += PER_RULE + 2L * r.pattern().length();
        prefixes.add(literalPrefix(r.pattern()));
      }
      largestGroup = Math.max(largestGroup, PER_COMPILED_RULE * g.rules().size() + PER_TRIE_CHAR * trieNodes(prefixes));
    }
    bytes += largestGroup;
    bytes += PER_RULE * (doc.orphanRules().size() + doc.fileFields().size());
    for (AcapRecord r : doc.acapRecords()) {
      bytes += PER_GROUP + PER_FIELD * (r.fields().size() + r.crawlers().size()) + PER_QUALIFIER * qualifiers(r.fields());
      for (AcapSubRecord s : r.subRecords()) {
        bytes += PER_GROUP + PER_FIELD * (s.fields().size() + s.purposes().size()) + PER_QUALIFIER * qualifiers(s.fields());
      }
    }
    bytes += PER_FIELD * (doc.definitions().size() + doc.strayFields().size()) + PER_QUALIFIER * qualifiers(doc.strayFields());
    for (AcapDefinition d : doc.definitions()) {
      // Held by reference, never multiplied out, but each member and pattern is held: in the model,
      // in the tables' definitions, and (a set's patterns) in the scope ranks and the index.
      if (d instanceof AcapDefinition.CompositeUsage c) {
        for (UsageRef m : c.members()) {
          bytes += PER_MEMBER + 2L * m.toString().length();
        }
      } else if (d instanceof AcapDefinition.ResourceSet rs) {
        for (String pattern : rs.patterns()) {
          bytes += PER_SET_PATTERN + 3L * pattern.length();
        }
      } else if (d instanceof AcapDefinition.QualifiedUsage q) {
        bytes += PER_QUALIFIER * q.qualifiers().size();
      }
    }
    for (UnparsedLine u : doc.unparsedLines()) {
      bytes += PER_LINE + u.text().length();
    }
    for (Diagnostic d : doc.diagnostics()) {
      bytes += PER_DIAGNOSTIC + d.message().length(); // the help text is the code's, shared
    }
    return bytes;
  }

  /** The qualifiers of the permissions and prohibitions among {@code fields}. */
  private static long qualifiers(List<AcapField> fields) {
    long n = 0;
    for (AcapField f : fields) {
      if (f instanceof AcapField.Permission p) {
        n += p.qualifiers().size();
      } else if (f instanceof AcapField.Prohibition p) {
        n += p.qualifiers().size();
      }
    }
    return n;
  }

  /** The part of a pattern before its first {@code *} or {@code $}: what the prefix index is built from. */
  private static String literalPrefix(String pattern) {
    int end = pattern.length();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '*' || c == '$') {
        end = i;
        break;
      }
    }
    return pattern.substring(0, end);
  }

  /** The nodes of a character trie holding {@code keys}: sorted, each adds its length less what it shares with the one before. */
  static long trieNodes(List<String> keys) {
    List<String> sorted = new ArrayList<>(keys);
    Collections.sort(sorted);
    long nodes = 0;
    String previous = "";
    for (String k : sorted) {
      int common = 0;
      int max = Math.min(k.length(), previous.length());
      while (common < max && k.charAt(common) == previous.charAt(common)) {
        common++;
      }
      nodes += k.length() - common;
      previous = k;
    }
    return nodes;
  }

  private static boolean latin1(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) > 0xff) {
        return false;
      }
    }
    return true;
  }
}
