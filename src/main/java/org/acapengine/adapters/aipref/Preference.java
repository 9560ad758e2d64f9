package org.acapengine.adapters.aipref;

/**
 * What an AIPREF usage preference says for one label (draft-ietf-aipref-vocab): {@code y} allows,
 * {@code n} disallows, anything else, a missing label, or a value that failed to parse, is unknown.
 */
public enum Preference {
  /** The token {@code y}: the usage is allowed. */
  ALLOW,
  /** The token {@code n}: the usage is not allowed. */
  DISALLOW,
  /** Anything else: no preference stated. */
  UNKNOWN
}
