package org.acapengine.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Collects the diagnostics of one input and hands them out in span order, at most
 * {@link #MAX_PER_CODE} of each code: a hostile file (one line with 100 000 bad qualifiers) cannot
 * flood the output, while what the diagnostics point at stays in the model. One diagnostic of the
 * same code, at the first one left out, says how many were not listed.
 *
 * <p>In {@code model} rather than {@code parse} so that every producer of diagnostics (the parser
 * today, lint later) can share one cap. Not thread-safe: one collector per input.
 */
public final class DiagnosticCollector implements Consumer<Diagnostic> {

  /** At most this many diagnostics of one code per input; a summary stands for the rest. */
  public static final int MAX_PER_CODE = 1000;

  private final List<Diagnostic> diagnostics = new ArrayList<>();

  @Override
  public void accept(Diagnostic d) {
    diagnostics.add(d);
  }

  /**
   * Adds several diagnostics, in order.
   *
   * @param more the diagnostics to add
   */
  public void addAll(Collection<Diagnostic> more) {
    diagnostics.addAll(more);
  }

  /**
   * Everything collected, sorted by span (severity breaks ties, then collection order), at most
   * {@link #MAX_PER_CODE} per code, each code over the cap followed by its summary. Immutable.
   *
   * @return the diagnostics, sorted and capped
   */
  public List<Diagnostic> sortedAndCapped() {
    List<Diagnostic> sorted = new ArrayList<>(diagnostics);
    sorted.sort((a, b) -> {
      int c = a.span().compareTo(b.span());
      return c != 0 ? c : a.severity().compareTo(b.severity());
    });
    return List.copyOf(capped(sorted));
  }

  private static List<Diagnostic> capped(List<Diagnostic> sorted) {
    Map<String, Integer> counts = new HashMap<>();
    Map<String, Diagnostic> firstDropped = new LinkedHashMap<>();
    List<Diagnostic> kept = new ArrayList<>(Math.min(sorted.size(), 4 * MAX_PER_CODE));
    for (Diagnostic d : sorted) {
      int n = counts.merge(d.code(), 1, Integer::sum);
      if (n <= MAX_PER_CODE) {
        kept.add(d);
      } else {
        firstDropped.putIfAbsent(d.code(), d);
      }
    }
    for (Diagnostic first : firstDropped.values()) {
      int more = counts.get(first.code()) - MAX_PER_CODE;
      kept.add(new Diagnostic(first.severity(), first.code(),
          more + " more '" + first.code() + "' diagnostics from line " + first.span().line() + " on are not listed", first.help(), first.span()));
    }
    if (!firstDropped.isEmpty()) {
      kept.sort((a, b) -> a.span().compareTo(b.span()));
    }
    return kept;
  }
}
