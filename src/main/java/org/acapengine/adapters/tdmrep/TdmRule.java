package org.acapengine.adapters.tdmrep;

import java.util.Objects;
import java.util.Optional;
import org.acapengine.model.Span;

/**
 * One rule of a {@code /.well-known/tdmrep.json} file (W3C TDMRep, "TDM Reservation Protocol",
 * Final Community Group Report): the paths it covers, whether text-and-data-mining rights are
 * reserved there, and the policy that says on what terms they may be licensed.
 *
 * @param location the path pattern as written (RFC 9309 syntax: {@code *} any run, a final
 *     {@code $} the end; docs/formats.md)
 * @param reservation what {@code tdm-reservation} says
 * @param policy the {@code tdm-policy} URL, when given
 * @param span where the rule stands in the file
 */
public record TdmRule(String location, Reservation reservation, Optional<String> policy, Span span) {
  /**
   * Checks that no component is null.
   *
   * @param location the path pattern as written (RFC 9309 syntax: {@code *} any run, a final
   *     {@code $} the end; docs/formats.md)
   * @param reservation what {@code tdm-reservation} says
   * @param policy the {@code tdm-policy} URL, when given
   * @param span where the rule stands in the file
   */
  public TdmRule {
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(reservation, "reservation");
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(span, "span");
  }

  /** {@code tdm-reservation}: 1 reserves TDM rights, 0 does not, anything else (or absent) is unset. */
  public enum Reservation {
    /** {@code 1}: text-and-data-mining rights are reserved. */
    RESERVED,
    /** {@code 0}: they are not reserved. */
    NOT_RESERVED,
    /** Anything else, or absent: the rule states nothing. */
    UNSET;

    /**
     * Reads a header or member value: exactly {@code 1} or {@code 0}, after trimming spaces.
     *
     * @param value the header or member text
     * @return reserved for {@code 1}, not reserved for {@code 0}, else unset
     */
    public static Reservation of(String value) {
      String v = value == null ? "" : value.strip();
      return v.equals("1") ? RESERVED : v.equals("0") ? NOT_RESERVED : UNSET;
    }
  }
}
