package org.acapengine.model;

import java.util.Locale;

/**
 * A condition that comes with an allowed use and that ACAP has no field for (a qualifier restricts
 * one permission, 2.5; none says "attribute" or "pay"): what a TCT descriptor's {@code
 * requirements} and an RSL licence's {@code <payment>}, {@code server} and {@code <terms>} ask of
 * a crawler. The decision that carries them names the lines they come from.
 */
public enum Obligation {
  /** Credit the publisher where the content is used (TCT {@code attribution_required}, RSL {@code <payment type="attribution">}). */
  ATTRIBUTION,
  /** Link to the canonical URL where the content is used (TCT {@code link_back_required}). */
  LINK_BACK,
  /** Carry the publisher's notice (e.g. copyright) with the content (TCT {@code notice_required}). */
  NOTICE,
  /** Pay as the licence says (RSL {@code <payment>} of a type other than free and attribution). */
  PAYMENT,
  /** Obtain a licence token from the licence server first, even for a free licence (RSL {@code <content server>}). */
  LICENSE,
  /** Accept the licence's further terms, at the address it gives (RSL {@code <terms>}). */
  TERMS;

  /**
   * The name output uses: lower case, hyphenated ({@code link-back}).
   *
   * @return the token
   */
  public String token() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
