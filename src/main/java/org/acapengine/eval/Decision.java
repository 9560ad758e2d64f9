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
 * @param deciding the deciding line(s), first by line number; empty for a default decision
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
    deciding = List.copyOf(deciding);
    qualifiers = List.copyOf(qualifiers);
  }

  static final Decision DEFAULT_ALLOW = new Decision(true, Basis.DEFAULT, List.of(), List.of());

  /**
   * The first deciding line.
   *
   * @return the line, or null for a default decision
   */
  public SourceLine decidingLine() {
    return deciding.isEmpty() ? null : deciding.get(0);
  }
}
