package org.acapengine.adapters.scorpion;

import java.util.List;
import java.util.Objects;
import org.acapengine.model.Diagnostic;

/**
 * What {@link ScorpionReader#read} found. The reader only splits lines, so its only diagnostic is
 * the size limit; line-level findings depend on which lines are effective for a crawler and come
 * from {@link ScorpionCrawlerPolicy#diagnostics()}.
 *
 * @param file the file read, never null
 * @param diagnostics the size-limit diagnostic when the file was too large, else empty; immutable
 */
public record ScorpionReadResult(ScorpionFile file, List<Diagnostic> diagnostics) {

  /**
   * Copies the diagnostics into an immutable list.
   *
   * @param file the file read, never null
   * @param diagnostics the size-limit diagnostic when the file was too large, else empty; immutable
   */
  public ScorpionReadResult {
    Objects.requireNonNull(file, "file");
    diagnostics = List.copyOf(diagnostics);
  }
}
