package org.acapengine.diff;

import java.util.Objects;
import java.util.Optional;
import org.acapengine.model.SourceLine;
import org.acapengine.site.SiteDecision;

/**
 * One version's answer to a diff question.
 *
 * @param allowed the verdict
 * @param basis what it rests on, as {@code check} names it ({@code conventional-rule}, {@code
 *     acap-field}, {@code default}, …)
 * @param deciding the deciding line, when there is one
 */
public record DiffSide(boolean allowed, String basis, Optional<SourceLine> deciding) {
  /**
   * Checks that no component is null.
   *
   * @param allowed the verdict
   * @param basis what it rests on
   * @param deciding the deciding line, if any
   */
  public DiffSide {
    Objects.requireNonNull(basis, "basis");
    Objects.requireNonNull(deciding, "deciding");
  }

  /**
   * One version's answer from its combined decision.
   *
   * @param d the decision
   * @return the side
   */
  public static DiffSide of(SiteDecision d) {
    return new DiffSide(d.allowed(), d.basis(), Optional.ofNullable(d.decidingLine()));
  }

  /**
   * The verdict as output names it.
   *
   * @return {@code allowed} or {@code prohibited}
   */
  public String verdict() {
    return allowed ? "allowed" : "prohibited";
  }

  /**
   * The deciding line as a person reads it: {@code FILE:LINE: text}, or the basis when no line decided.
   *
   * @return the line, unescaped
   */
  public String where() {
    if (deciding.isEmpty()) {
      return "no deciding line (" + basis + ")";
    }
    SourceLine l = deciding.get();
    return l.line() > 0 ? l.source() + ":" + l.line() + ": " + l.text() : l.source() + ": " + l.text();
  }
}
