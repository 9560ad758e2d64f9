package org.acapengine.collections;

/** Why a collection filter left a page (SCP) or an item (TCT) out of its output. */
public enum DropReason {
  /** The policy does not allow {@code crawl} on the URL that is (or would have been) fetched. */
  CRAWL_DISALLOWED("crawl-disallowed"),
  /** The policy does not allow the requested usage. */
  USAGE_DISALLOWED("usage-disallowed"),
  /** The URL is on another origin than the site the policy belongs to (RFC 9309 section 2.3). */
  OFF_SITE("off-site"),
  /** Not a JSON object, or no usable URL field (SCP "Error Handling"; TCT "Malformed sitemap"). */
  MALFORMED("malformed"),
  /** The URL is not an absolute http(s) URL with a host (SCP "Error Handling": skip the page). */
  INVALID_URL("invalid-url"),
  /** Larger than the per-page (SCP: 100 MB) or per-item limit. */
  OVERSIZED("oversized"),
  /** More content blocks than SCP allows in one page (1000, "Resource Exhaustion Attacks"). */
  TOO_MANY_BLOCKS("too-many-blocks"),
  /** A TCT validator ({@code contentHash}/{@code etag}) that is not {@code sha256-<64 hex>}, or two that disagree. */
  BAD_VALIDATOR("bad-validator");

  private final String label;

  DropReason(String label) {
    this.label = label;
  }

  /**
   * The stable name used on stderr and in JSON reports.
   *
   * @return the label, e.g. {@code off-site}
   */
  public String label() {
    return label;
  }

  /**
   * True for the reasons a policy decision (rather than the input's shape) produced.
   *
   * @return true when a policy decision dropped the page or item
   */
  public boolean isPolicyDecision() {
    return this == CRAWL_DISALLOWED || this == USAGE_DISALLOWED;
  }
}
