package org.acapengine.hints;

import java.util.Objects;
import org.acapengine.model.Span;

/**
 * Where one crawl-hint value was read: the policy file (a name or URL), the 1-based line of the
 * value in that file ({@code 0} when the format has no lines worth naming), and the text the value
 * was read from (a robots.txt line, a Scorpion command line, a JSON member).
 */
public record HintSource(String source, int line, String text) {

  public HintSource {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(text, "text");
    if (line < 0) {
      throw new IllegalArgumentException("line must be 0 (unknown) or 1-based: " + line);
    }
  }

  /** The region a diagnostic about this value points at: the whole source line (line 1 when unknown). */
  public Span span() {
    return Span.wholeLine(Math.max(line, 1), text.length());
  }
}
