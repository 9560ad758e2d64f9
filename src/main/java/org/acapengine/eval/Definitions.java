package org.acapengine.eval;

import java.util.List;
import java.util.Optional;
import org.acapengine.eval.match.PathPattern;
import org.acapengine.model.Qualifier;
import org.acapengine.model.QualifierType;
import org.acapengine.model.QualifierValue;
import org.acapengine.model.Span;

/**
 * What ACAP rules refer to, held once per table: usage names, qualifier lists, purposes, and the
 * qualified and composite usages and resource sets by number, with their names and lines (for
 * explanations).
 *
 * <p>Held in one string, one int array and, with qualifiers, one object array, whatever a file
 * defines: a table keeps one per origin, and most define little (a usage name or two, a qualifier),
 * where an array or a list of its own per kind of definition cost more than what it held
 * (docs/performance.md). The text is the usage names (lower-case), then the definitions' names,
 * then the qualifiers' values, one after the other; {@link #ints} is, after five counts (usages
 * {@code U}, qualified usages {@code Q}, composite usages {@code C}, resource sets {@code S},
 * qualifier lists {@code L}):
 *
 * <ul>
 *   <li>per usage name, where it ends in the text ({@code U});
 *   <li>per qualified usage, its usage's number and its qualifier list's ({@code 2Q});
 *   <li>where each composite usage's members start, and where the last ends ({@code C + 1}); per
 *       member, its usage's number, its qualifier list's (-1: none) and its qualified usage's (-1:
 *       a plain usage) (three each);
 *   <li>per definition (qualified usages, then composite usages, then resource sets), where its
 *       name ends in the text, then per definition its line ({@code 2 (Q + C + S)});
 *   <li>where each resource set's patterns start, and where the last ends ({@code S + 1}), then the
 *       sets' patterns;
 *   <li>where each qualifier list's qualifiers start, and where the last ends ({@code L + 1}); per
 *       qualifier, where its value ends in the text and its span (line, column, end line, end
 *       column): five each.
 * </ul>
 *
 * <p>A qualifier's type name as written and its parsed value (or null) are {@link #qualifierParts}
 * (two per qualifier); the {@link Qualifier} a bucket's entries hand to decisions is made again
 * from them when the bucket is built ({@link #qualifiers}), equal to the one the parser made.
 */
final class Definitions {

  private static final int COUNTS = 5;

  private final String text;
  private final int[] ints;
  /** Per qualifier, its type name as written and its parsed value or null; null without qualifiers. */
  private final Object[] qualifierParts;
  /** Each sub-record's purpose patterns (whole-string, case-insensitive). */
  private final List<PathPattern[]> purposes;

  private Definitions(String text, int[] ints, Object[] qualifierParts, List<PathPattern[]> purposes) {
    this.text = text;
    this.ints = ints;
    this.qualifierParts = qualifierParts;
    this.purposes = purposes;
  }

  static final Definitions NONE = ofUsageNames(List.of());

  /** Definitions of these usage names (lower-case) and nothing else: a table of standard usages alone. */
  static Definitions ofUsageNames(List<String> names) {
    return withUsageNames(names, List.of(), List.of(), RuleTable.NO_INTS, RuleTable.NO_INTS, RuleTable.NO_SET_START, RuleTable.NO_INTS,
        new String[0], RuleTable.NO_INTS, RuleTable.NO_SET_START, RuleTable.NO_INTS);
  }

  /**
   * Packs the definitions.
   *
   * @param names the usage names, lower-case
   * @param qualifierSets qualifier lists
   * @param purposes each sub-record's purpose patterns (whole-string, case-insensitive)
   * @param qualifiedUsage per qualified usage: its usage's number
   * @param qualifiedQualifiers per qualified usage: its qualifier list's number
   * @param compositeStart composite c's members are {@code compositeMembers[3 * compositeStart[c], 3 * compositeStart[c + 1])}
   * @param compositeMembers per member: usage number, qualifier list (-1: none), qualified usage (-1: a plain usage)
   * @param defNames per definition (qualified usages, then composite usages, then resource sets): its name
   * @param nameLines per definition: its line
   * @param setStart resource set s's patterns are {@code setPatterns[setStart[s], setStart[s + 1])}
   * @param setPatterns the sets' patterns
   */
  static Definitions withUsageNames(List<String> names, List<List<Qualifier>> qualifierSets, List<PathPattern[]> purposes, int[] qualifiedUsage,
      int[] qualifiedQualifiers, int[] compositeStart, int[] compositeMembers, String[] defNames, int[] nameLines, int[] setStart, int[] setPatterns) {
    int q = qualifiedUsage.length;
    int c = compositeStart.length - 1;
    int s = setStart.length - 1;
    int l = qualifierSets.size();
    int qualifierCount = 0;
    for (List<Qualifier> qs : qualifierSets) {
      qualifierCount += qs.size();
    }
    int d = defNames.length;
    int[] ints = new int[COUNTS + names.size() + 2 * q + compositeStart.length + compositeMembers.length + 2 * d + setStart.length + setPatterns.length
        + l + 1 + 5 * qualifierCount];
    ints[0] = names.size();
    ints[1] = q;
    ints[2] = c;
    ints[3] = s;
    ints[4] = l;
    int at = COUNTS;
    StringBuilder text = new StringBuilder();
    for (String n : names) {
      ints[at++] = text.append(n).length();
    }
    for (int i = 0; i < q; i++) {
      ints[at++] = qualifiedUsage[i];
      ints[at++] = qualifiedQualifiers[i];
    }
    System.arraycopy(compositeStart, 0, ints, at, compositeStart.length);
    at += compositeStart.length;
    System.arraycopy(compositeMembers, 0, ints, at, compositeMembers.length);
    at += compositeMembers.length;
    for (String n : defNames) {
      ints[at++] = text.append(n).length();
    }
    System.arraycopy(nameLines, 0, ints, at, d);
    at += d;
    System.arraycopy(setStart, 0, ints, at, setStart.length);
    at += setStart.length;
    System.arraycopy(setPatterns, 0, ints, at, setPatterns.length);
    at += setPatterns.length;
    Object[] parts = qualifierCount == 0 ? null : new Object[2 * qualifierCount];
    int k = 0;
    for (List<Qualifier> qs : qualifierSets) {
      ints[at++] = k;
      for (Qualifier x : qs) {
        parts[2 * k] = x.typeName();
        parts[2 * k + 1] = x.parsed().orElse(null);
        k++;
      }
    }
    ints[at++] = k;
    for (List<Qualifier> qs : qualifierSets) {
      for (Qualifier x : qs) {
        ints[at++] = text.append(x.value()).length();
        Span span = x.span();
        ints[at++] = span.line();
        ints[at++] = span.column();
        ints[at++] = span.endLine();
        ints[at++] = span.endColumn();
      }
    }
    return new Definitions(text.toString(), ints, parts, purposes);
  }

  // ---- where each part starts in ints -----------------------------------------------------------

  private int usageCount() {
    return ints[0];
  }

  int qualifiedCount() {
    return ints[1];
  }

  int compositeCount() {
    return ints[2];
  }

  /** The number of resource sets. */
  int setCount() {
    return ints[3];
  }

  private int qualifiedAt() {
    return COUNTS + usageCount();
  }

  private int compositeAt() {
    return qualifiedAt() + 2 * qualifiedCount();
  }

  private int membersAt() {
    return compositeAt() + compositeCount() + 1;
  }

  private int namesAt() {
    return membersAt() + 3 * ints[membersAt() - 1];
  }

  private int definitionCount() {
    return qualifiedCount() + compositeCount() + setCount();
  }

  private int setsAt() {
    return namesAt() + 2 * definitionCount();
  }

  private int qualifierListsAt() {
    int sets = setsAt();
    return sets + setCount() + 1 + ints[sets + setCount()];
  }

  private int qualifiersAt() {
    return qualifierListsAt() + ints[4] + 1;
  }

  // ---- usages ---------------------------------------------------------------------------------

  /** Usage name {@code u}, lower-case. */
  String usageName(int u) {
    return text.substring(u == 0 ? 0 : ints[COUNTS + u - 1], ints[COUNTS + u]);
  }

  /** Qualified usage {@code q}'s usage's number. */
  int qualifiedUsage(int q) {
    return ints[qualifiedAt() + 2 * q];
  }

  /** Qualified usage {@code q}'s qualifier list's number. */
  int qualifiedQualifiers(int q) {
    return ints[qualifiedAt() + 2 * q + 1];
  }

  /** Composite {@code c}'s members are members {@code compositeStart(c)} to {@code compositeStart(c + 1)}. */
  int compositeStart(int c) {
    return ints[compositeAt() + c];
  }

  /** Of composite member {@code m}: its usage's number ({@code field} 0), qualifier list (1; -1: none) or qualified usage (2; -1: a plain usage). */
  int compositeMember(int m, int field) {
    return ints[membersAt() + 3 * m + field];
  }

  // ---- names ----------------------------------------------------------------------------------

  private String definitionName(int i) {
    int at = namesAt();
    int start = i > 0 ? ints[at + i - 1] : usageCount() == 0 ? 0 : ints[COUNTS + usageCount() - 1];
    return text.substring(start, ints[at + i]);
  }

  private int definitionLine(int i) {
    return ints[namesAt() + definitionCount() + i];
  }

  /** The name of qualified usage {@code q}. */
  String qualifiedName(int q) {
    return definitionName(q);
  }

  int qualifiedLine(int q) {
    return definitionLine(q);
  }

  String compositeName(int c) {
    return definitionName(qualifiedCount() + c);
  }

  int compositeLine(int c) {
    return definitionLine(qualifiedCount() + c);
  }

  String setName(int s) {
    return definitionName(qualifiedCount() + compositeCount() + s);
  }

  int setLine(int s) {
    return definitionLine(qualifiedCount() + compositeCount() + s);
  }

  // ---- resource sets --------------------------------------------------------------------------

  /** Set {@code s}'s patterns are {@code setPattern(setStart(s))} to {@code setPattern(setStart(s + 1) - 1)}. */
  int setStart(int s) {
    return ints[setsAt() + s];
  }

  int setPattern(int i) {
    return ints[setsAt() + setCount() + 1 + i];
  }

  /** Copies set {@code s}'s patterns to {@code out}; returns how many. */
  int setPatterns(int s, int[] out) {
    int from = setStart(s);
    int n = setStart(s + 1) - from;
    System.arraycopy(ints, setsAt() + setCount() + 1 + from, out, 0, n);
    return n;
  }

  // ---- qualifiers and purposes ----------------------------------------------------------------

  /**
   * Qualifier list {@code list}, made again (when a bucket is built or a rule explained, never per
   * decision): each qualifier equal to the one the parser made.
   */
  List<Qualifier> qualifiers(int list) {
    int lists = qualifierListsAt();
    int from = ints[lists + list];
    int to = ints[lists + list + 1];
    if (from == to) {
      return List.of();
    }
    int at = qualifiersAt();
    Qualifier[] out = new Qualifier[to - from];
    for (int k = from; k < to; k++) {
      int q = at + 5 * k;
      int start = k > 0 ? ints[q - 5] : textBeforeQualifiers();
      String typeName = (String) qualifierParts[2 * k];
      Optional<QualifierType> type = QualifierType.fromToken(typeName);
      type = type.isPresent() ? SharedNames.TYPES.get(type.get()) : type;
      out[k - from] = new Qualifier(typeName, type, text.substring(start, ints[q]), Optional.ofNullable((QualifierValue) qualifierParts[2 * k + 1]),
          new Span(ints[q + 1], ints[q + 2], ints[q + 3], ints[q + 4]));
    }
    return List.of(out);
  }

  /** Where the qualifiers' values start in the text: after the usage and definition names. */
  private int textBeforeQualifiers() {
    int d = definitionCount();
    return d > 0 ? ints[namesAt() + d - 1] : usageCount() > 0 ? ints[COUNTS + usageCount() - 1] : 0;
  }

  /** The number of qualifier lists. */
  int qualifierListCount() {
    return ints[4];
  }

  List<PathPattern[]> purposes() {
    return purposes;
  }

  // ---- for Footprint --------------------------------------------------------------------------

  String text() {
    return text;
  }

  int[] ints() {
    return ints;
  }

  Object[] qualifierParts() {
    return qualifierParts;
  }
}
