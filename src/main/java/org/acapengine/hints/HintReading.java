package org.acapengine.hints;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.model.Diagnostic;

/**
 * The outcome of reading one hint value string: the value when it was valid, and the diagnostics
 * (an invalid value gives a diagnostic and no value; it is never thrown).
 *
 * @param <T> the value type
 *
 * @param value the value, when the string was valid
 * @param diagnostics the problems found, empty for a valid value
 */
public record HintReading<T>(Optional<T> value, List<Diagnostic> diagnostics) {

  /**
   * Checks that no component is null, copies the collections into immutable ones.
   *
   * @param value the value, when the string was valid
   * @param diagnostics the problems found, empty for a valid value
   */
  public HintReading {
    Objects.requireNonNull(value, "value");
    diagnostics = List.copyOf(diagnostics);
  }

  static <T> HintReading<T> of(T value, List<Diagnostic> diagnostics) {
    return new HintReading<>(Optional.of(value), diagnostics);
  }

  static <T> HintReading<T> invalid(Diagnostic diagnostic) {
    return new HintReading<>(Optional.empty(), List.of(diagnostic));
  }
}
