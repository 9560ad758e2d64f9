package org.acapengine.eval;

import java.util.List;
import org.acapengine.eval.match.PathPattern;
import org.acapengine.model.Qualifier;

/**
 * What ACAP rules refer to, held once per table: usage names, qualifier lists, purposes, and the
 * qualified and composite usages and resource sets by number, with their names and lines (for
 * explanations).
 *
 * @param usageText the usage names, lower-case, one after the other: name i is {@code usageText[usageEnds[i - 1], usageEnds[i])}
 *     (one string, not one per name: a composite usage may name thousands of usages of its own)
 * @param usageEnds where each usage name ends in {@code usageText}
 * @param qualifierSets qualifier lists, each immutable
 * @param purposes each sub-record's purpose patterns (whole-string, case-insensitive)
 * @param qualifiedUsage per qualified usage: its usage's number
 * @param qualifiedQualifiers per qualified usage: its qualifier list's number
 * @param compositeStart composite c's members are {@code compositeMembers[3 * compositeStart[c], 3 * compositeStart[c + 1])}
 * @param compositeMembers per member: usage number, qualifier list (-1: none), qualified usage (-1: a plain usage)
 * @param names per definition (qualified usages, then composite usages, then resource sets): its name
 * @param nameLines per definition: its line
 * @param setStart resource set s's patterns are {@code setPatterns[setStart[s], setStart[s + 1])}
 * @param setPatterns the sets' patterns
 */
record Definitions(String usageText, int[] usageEnds, List<List<Qualifier>> qualifierSets, List<PathPattern[]> purposes, int[] qualifiedUsage,
    int[] qualifiedQualifiers, int[] compositeStart, int[] compositeMembers, String[] names, int[] nameLines, int[] setStart,
    int[] setPatterns) {

  static final Definitions NONE = new Definitions("", RuleTable.NO_INTS, List.of(), List.of(), RuleTable.NO_INTS, RuleTable.NO_INTS,
      RuleTable.NO_SET_START, RuleTable.NO_INTS, new String[0], RuleTable.NO_INTS, RuleTable.NO_SET_START, RuleTable.NO_INTS);

  /** Usage name {@code u}, lower-case. */
  String usageName(int u) {
    return usageText.substring(u == 0 ? 0 : usageEnds[u - 1], usageEnds[u]);
  }

  /** Packs {@code names} as {@link #usageText} and {@link #usageEnds}. */
  static Definitions withUsageNames(List<String> names, List<List<Qualifier>> qualifierSets, List<PathPattern[]> purposes, int[] qualifiedUsage,
      int[] qualifiedQualifiers, int[] compositeStart, int[] compositeMembers, String[] defNames, int[] nameLines, int[] setStart, int[] setPatterns) {
    StringBuilder text = new StringBuilder();
    int[] ends = new int[names.size()];
    for (int i = 0; i < ends.length; i++) {
      ends[i] = text.append(names.get(i)).length();
    }
    return new Definitions(text.toString(), ends.length == 0 ? RuleTable.NO_INTS : ends, qualifierSets, purposes, qualifiedUsage, qualifiedQualifiers,
        compositeStart, compositeMembers, defNames, nameLines, setStart, setPatterns);
  }

  int qualifiedCount() {
    return qualifiedUsage.length;
  }

  int compositeCount() {
    return compositeStart.length - 1;
  }

  /** The name of qualified usage {@code q}. */
  String qualifiedName(int q) {
    return names[q];
  }

  int qualifiedLine(int q) {
    return nameLines[q];
  }

  String compositeName(int c) {
    return names[qualifiedCount() + c];
  }

  int compositeLine(int c) {
    return nameLines[qualifiedCount() + c];
  }

  String setName(int s) {
    return names[qualifiedCount() + compositeCount() + s];
  }

  int setLine(int s) {
    return nameLines[qualifiedCount() + compositeCount() + s];
  }
}
