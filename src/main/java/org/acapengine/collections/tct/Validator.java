package org.acapengine.collections.tct;

import com.google.common.base.CharMatcher;
import org.acapengine.render.PlainText;

/**
 * A TCT item's validator: the template-invariant fingerprint {@code sha256-<64 lowercase hex>}
 * ("Validators", "Parity Rule"). Sitemaps carry it as {@code contentHash}; some publish it as
 * {@code etag}, in the ETag header's form (quoted, which {@code clean(ETag)} removes). Both are
 * accepted; when both are present they must agree. Weak ETags ({@code W/...}) are refused: TCT
 * requires strong validators.
 *
 * @param value the validator, or null when the item has none
 * @param problem why the item's validator is unusable, or null
 */
record Validator(String value, String problem) {

  static final String PREFIX = "sha256-";

  private static final CharMatcher LOWER_HEX_DIGIT = CharMatcher.inRange('0', '9').or(CharMatcher.inRange('a', 'f'));

  static Validator of(String contentHash, String etag) {
    String fromHash = null;
    if (contentHash != null) {
      if (!wellFormed(contentHash)) {
        return bad("contentHash is not sha256-<64 lowercase hex>: " + PlainText.shorten(contentHash, 100));
      }
      fromHash = contentHash;
    }
    String fromEtag = null;
    if (etag != null) {
      if (etag.startsWith("W/")) {
        return bad("etag is a weak validator; TCT requires strong ETags: " + PlainText.shorten(etag, 100));
      }
      String clean = etag.length() >= 2 && etag.startsWith("\"") && etag.endsWith("\"") ? etag.substring(1, etag.length() - 1) : etag;
      if (!wellFormed(clean)) {
        return bad("etag is not sha256-<64 lowercase hex>: " + PlainText.shorten(etag, 100));
      }
      fromEtag = clean;
    }
    if (fromHash != null && fromEtag != null && !fromHash.equals(fromEtag)) {
      return bad("contentHash and etag disagree");
    }
    return new Validator(fromHash != null ? fromHash : fromEtag, null);
  }

  private static Validator bad(String problem) {
    return new Validator(null, problem);
  }

  static boolean wellFormed(String v) {
    if (!v.startsWith(PREFIX) || v.length() != PREFIX.length() + 64) {
      return false;
    }
    return LOWER_HEX_DIGIT.matchesAllOf(v.subSequence(PREFIX.length(), v.length()));
  }
}
