package org.acapengine.load;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.acapengine.model.Diagnostic;

/**
 * What loading one policy file gave, as a value beside its diagnostics (the way cedar returns
 * diagnostics beside a decision): problems in the content are diagnostics, a file that could not
 * be had at all is a failure. Nothing is printed and nothing is thrown.
 *
 * @param source the name the file is reported under (a path, {@code -} or a URL); every
 *     diagnostic's span is a place in it
 * @param value what was loaded; empty on a failure, and also when the content was read but
 *     rejected whole (an llm-policy.json that is not JSON reads as if the site had none)
 * @param diagnostics findings about the content, in the order they were found
 * @param failure why the file could not be read or fetched ("cannot read x: no such file")
 */
public record Loaded<T>(String source, Optional<T> value, List<Diagnostic> diagnostics, Optional<String> failure) {

  public Loaded {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(value, "value");
    diagnostics = List.copyOf(diagnostics);
    Objects.requireNonNull(failure, "failure");
    if (failure.isPresent() && value.isPresent()) {
      throw new IllegalArgumentException("a failed load has no value");
    }
  }

  /** A value with its diagnostics. */
  public static <T> Loaded<T> of(String source, T value, List<Diagnostic> diagnostics) {
    return new Loaded<>(source, Optional.of(value), diagnostics, Optional.empty());
  }

  /** The file could not be had. */
  public static <T> Loaded<T> failed(String source, String why) {
    return new Loaded<>(source, Optional.empty(), List.of(), Optional.of(why));
  }

  /** Read, and rejected whole: no value, the diagnostics say why. */
  public static <T> Loaded<T> rejected(String source, List<Diagnostic> diagnostics) {
    return new Loaded<>(source, Optional.empty(), diagnostics, Optional.empty());
  }

  /** The same load with another value, failure and diagnostics kept. */
  public <U> Loaded<U> map(Function<? super T, ? extends U> f) {
    return new Loaded<>(source, value.map(f), diagnostics, failure);
  }

  /**
   * The value; on a failure, the exception {@code toThrow} makes of the reason. For callers that
   * stop on an unreadable file (the command line's "exit 2").
   *
   * @throws IllegalStateException when there is neither value nor failure (a rejected file)
   */
  public <X extends RuntimeException> T orElseThrow(Function<String, X> toThrow) {
    if (failure.isPresent()) {
      throw toThrow.apply(failure.get());
    }
    return value.orElseThrow(() -> new IllegalStateException(source + " was rejected: see its diagnostics"));
  }
}
