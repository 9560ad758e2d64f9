package org.acapengine.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.render.Spelling;

/**
 * Which finding codes a lint run reports ({@code --select}, {@code --ignore} and the {@code
 * select}/{@code ignore} keys of acap-lint.toml). An entry is a code ({@code divergence}), a
 * prefix ending at a {@code -} of the code ({@code undefined} or {@code undefined-} for every
 * {@code undefined-...} code) or {@code all}.
 *
 * <p>The selection is built in layers, the configuration file first and the command line over it.
 * Starting from every code, each layer's {@code select}, when given, replaces the set with the
 * codes it matches; then its {@code ignore} removes the codes it matches. So the command line's
 * {@code --select} starts afresh (the file's {@code ignore} no longer applies) and its {@code
 * --ignore} removes more.
 *
 * @param layers the layers, lowest first
 */
public record CodeSelection(List<Layer> layers) {

  /**
   * One layer.
   *
   * @param select the entries to select, or empty when this layer does not select
   * @param ignore the entries to ignore (none: an empty list)
   */
  public record Layer(Optional<List<String>> select, List<String> ignore) {
    /**
     * Normalises the entries (trimmed, lower case, empty ones dropped) and makes the lists
     * immutable.
     *
     * @param select the entries to select, or empty when this layer does not select
     * @param ignore the entries to ignore (none: an empty list)
     */
    public Layer {
      select = select.map(CodeSelection::normalised);
      ignore = normalised(ignore);
    }
  }

  /**
   * Makes the layers immutable.
   *
   * @param layers the layers, lowest first
   */
  public CodeSelection {
    layers = List.copyOf(layers);
  }

  /**
   * Every code.
   *
   * @return the selection with no layer
   */
  public static CodeSelection all() {
    return new CodeSelection(List.of());
  }

  /**
   * This selection with one more layer over it.
   *
   * @param select the new layer's {@code select} entries, or empty for no select
   * @param ignore the new layer's {@code ignore} entries
   * @return a new selection; this one is unchanged
   */
  public CodeSelection then(Optional<List<String>> select, List<String> ignore) {
    List<Layer> more = new ArrayList<>(layers);
    more.add(new Layer(select, ignore));
    return new CodeSelection(more);
  }

  /**
   * Whether findings of {@code code} are reported.
   *
   * @param code a finding code
   * @return true when the layers, applied lowest first, leave {@code code} selected
   */
  public boolean reports(String code) {
    boolean on = true;
    for (Layer l : layers) {
      if (l.select().isPresent()) {
        on = matchesAny(l.select().get(), code);
      }
      if (matchesAny(l.ignore(), code)) {
        on = false;
      }
    }
    return on;
  }

  /**
   * What {@link #problem} says of an entry that matches no code, for a caller to add where its
   * users list the codes (the command line: {@code acap lint --list-rules}).
   */
  public static final String NO_SUCH_CODE = "is no finding code and no prefix of one";

  /**
   * Why an entry is no good (it matches no code), with a suggestion when one is near; empty when
   * it is fine.
   *
   * @param entry a {@code --select}/{@code --ignore} entry as given
   * @return a one-line message, or empty when the entry matches some code
   */
  public static Optional<String> problem(String entry) {
    String e = entry.strip().toLowerCase(Locale.ROOT);
    for (Rule r : LintRules.all()) {
      if (matches(e, r.code())) {
        return Optional.empty();
      }
    }
    List<String> codes = LintRules.all().stream().map(Rule::code).toList();
    String suggestion = Spelling.closest(e, codes);
    return Optional.of("'" + Text.shorten(entry, 60) + "' " + NO_SUCH_CODE
        + (suggestion == null ? "" : " (did you mean '" + suggestion + "'?)"));
  }

  /** Whether an entry (normalised) matches a code. */
  static boolean matches(String entry, String code) {
    if (entry.equals("all") || entry.equals(code)) {
      return true;
    }
    if (entry.isEmpty() || !code.startsWith(entry)) {
      return false;
    }
    return entry.endsWith("-") || code.charAt(entry.length()) == '-';
  }

  private static boolean matchesAny(List<String> entries, String code) {
    for (String e : entries) {
      if (matches(e, code)) {
        return true;
      }
    }
    return false;
  }

  private static List<String> normalised(List<String> entries) {
    List<String> out = new ArrayList<>(entries.size());
    for (String e : Objects.requireNonNull(entries, "entries")) {
      String n = e.strip().toLowerCase(Locale.ROOT);
      if (!n.isEmpty()) {
        out.add(n);
      }
    }
    return List.copyOf(out);
  }
}
