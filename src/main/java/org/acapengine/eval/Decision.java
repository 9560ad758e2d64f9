package org.acapengine.eval;

import java.util.List;
import java.util.Objects;
import org.acapengine.model.Qualifier;
import org.acapengine.model.SourceLine;

/**
 * The answer to a {@link Query}: allowed or not, on what basis, which line(s) decided, and the
 * qualifiers of the winning permission(s). A value; building one does not build an explanation.
 *
 * @param allowed whether the usage is allowed
 * @param basis what the decision rests on
 * @param deciding the deciding line(s), sorted by file and line, each once; empty for a default
 *     decision. A decision of the evaluator reads them from its rules when asked, so that one
 *     decided by thousands of lines costs no more than one decided by a line
 * @param qualifiers the qualifiers an allowed usage is subject to (empty when prohibited)
 */
public record Decision(boolean allowed, Basis basis, List<SourceLine> deciding, List<Qualifier> qualifiers) {

  /**
   * Checks that the basis is not null and copies the lists.
   *
   * @param allowed whether the usage is allowed
   * @param basis what the decision rests on
   * @param deciding the deciding line(s), first by line number; empty for a default decision
   * @param qualifiers the qualifiers an allowed usage is subject to (empty when prohibited)
   */
  public Decision {
    Objects.requireNonNull(basis, "basis");
    // The evaluator's own lists are immutable and read from its rule tables when asked (DecidingLines).
    deciding = deciding instanceof DecidingLines ? deciding : List.copyOf(deciding);
    qualifiers = List.copyOf(qualifiers);
  }

  static final Decision DEFAULT_ALLOW = new Decision(true, Basis.DEFAULT, List.of(), List.of());

  /**
   * The decision for crawling {@code /robots.txt} itself, which may always be crawled (RFC 9309
   * 2.2.2), whatever the file says, and whether it could be fetched ({@link Query#isRobotsTxt}).
   */
  public static final Decision ROBOTS_TXT = new Decision(true, Basis.ROBOTS_TXT,
      List.of(new SourceLine("", 0, "/robots.txt may always be crawled (RFC 9309 2.2.2)")), List.of());

  /**
   * The first deciding line.
   *
   * @return the line, or null for a default decision
   */
  public SourceLine decidingLine() {
    return deciding.isEmpty() ? null : deciding.get(0);
  }
}
