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

  /**
   * Checks that no component is null, copies the diagnostics into an immutable list, and refuses a
   * failure with a value.
   *
   * @param source the name the file is reported under (a path, {@code -} or a URL); every
   *     diagnostic's span is a place in it
   * @param value what was loaded; empty on a failure, and also when the content was read but
   *     rejected whole (an llm-policy.json that is not JSON reads as if the site had none)
   * @param diagnostics findings about the content, in the order they were found
   * @param failure why the file could not be read or fetched ("cannot read x: no such file")
   * @throws IllegalArgumentException when both a failure and a value are given
   */
  public Loaded {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(value, "value");
    diagnostics = List.copyOf(diagnostics);
    Objects.requireNonNull(failure, "failure");
    if (failure.isPresent() && value.isPresent()) {
      throw new IllegalArgumentException("a failed load has no value");
    }
  }

  /**
   * A value with its diagnostics.
   *
   * @param <T> the type of value loaded
   * @param source the name the file is reported under
   * @param value what was loaded
   * @param diagnostics findings about the content
   * @return a load with a value and no failure
   */
  public static <T> Loaded<T> of(String source, T value, List<Diagnostic> diagnostics) {
    return new Loaded<>(source, Optional.of(value), diagnostics, Optional.empty());
  }

  /**
   * The file could not be had.
   *
   * @param <T> the type of value that would have been loaded
   * @param source the name the file is reported under
   * @param why one line naming the file and the cause
   * @return a load with a failure, no value and no diagnostics
   */
  public static <T> Loaded<T> failed(String source, String why) {
    return new Loaded<>(source, Optional.empty(), List.of(), Optional.of(why));
  }

  /**
   * Read, and rejected whole: no value, the diagnostics say why.
   *
   * @param <T> the type of value that would have been loaded
   * @param source the name the file is reported under
   * @param diagnostics why the content was rejected
   * @return a load with neither value nor failure
   */
  public static <T> Loaded<T> rejected(String source, List<Diagnostic> diagnostics) {
    return new Loaded<>(source, Optional.empty(), diagnostics, Optional.empty());
  }

  /**
   * The same load with another value, failure and diagnostics kept.
   *
   * @param <U> the type of the new value
   * @param f applied to the value, when there is one
   * @return a new load
   */
  public <U> Loaded<U> map(Function<? super T, ? extends U> f) {
    return new Loaded<>(source, value.map(f), diagnostics, failure);
  }

  /**
   * The value; on a failure, the exception {@code toThrow} makes of the reason. For callers that
   * stop on an unreadable file (the command line's "exit 2").
   *
   * @throws IllegalStateException when there is neither value nor failure (a rejected file)
   * @param <X> the type of exception thrown
   * @param toThrow makes the exception from the failure's text
   * @return the value, never null
   */
  public <X extends RuntimeException> T orElseThrow(Function<String, X> toThrow) {
    if (failure.isPresent()) {
      throw toThrow.apply(failure.get());
    }
    return value.orElseThrow(() -> new IllegalStateException(source + " was rejected: see its diagnostics"));
  }
}
