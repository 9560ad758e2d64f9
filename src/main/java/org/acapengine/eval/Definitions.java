package org.acapengine.eval;

import java.util.List;
import org.acapengine.eval.match.PathPattern;
import org.acapengine.model.Qualifier;

/**
 * What ACAP rules refer to, held once per table: usage names, qualifier lists, purposes, and the
 * qualified and composite usages and resource sets by number, with their names and lines (for
 * explanations).
 *
 * @param usageNames the usage names, lower-case
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
record Definitions(String[] usageNames, List<List<Qualifier>> qualifierSets, List<PathPattern[]> purposes, int[] qualifiedUsage,
    int[] qualifiedQualifiers, int[] compositeStart, int[] compositeMembers, String[] names, int[] nameLines, int[] setStart,
    int[] setPatterns) {

  static final Definitions NONE = new Definitions(new String[0], List.of(), List.of(), RuleTable.NO_INTS, RuleTable.NO_INTS,
      RuleTable.NO_SET_START, RuleTable.NO_INTS, new String[0], RuleTable.NO_INTS, RuleTable.NO_SET_START, RuleTable.NO_INTS);

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
