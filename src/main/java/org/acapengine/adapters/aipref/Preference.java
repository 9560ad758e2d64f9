package org.acapengine.adapters.aipref;

/**
 * What an AIPREF usage preference says for one label (draft-ietf-aipref-vocab): {@code y} allows,
 * {@code n} disallows, anything else, a missing label, or a value that failed to parse, is unknown.
 */
public enum Preference {
  ALLOW,
  DISALLOW,
  UNKNOWN
}
