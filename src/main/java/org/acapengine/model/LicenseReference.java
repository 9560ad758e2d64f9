package org.acapengine.model;

import java.util.Objects;

/**
 * A robots.txt {@code License:} line (RSL 1.0, rslstandard.org/guide/robots-txt): the URL of a
 * licence (or licence feed) that governs the whole site, whatever group the line stands in; a
 * file may name several. The URL is kept as written; RSL requires an absolute URL, which lint
 * checks ({@code license-not-absolute}).
 *
 * @param url the value as written
 * @param span where the line stands
 */
public record LicenseReference(String url, Span span) {
  /**
   * Checks that no component is null.
   *
   * @param url the value as written
   * @param span where the line stands
   */
  public LicenseReference {
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(span, "span");
  }
}
