package org.acapengine.adapters.contentsignal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.model.Purpose;
import org.acapengine.model.Usage;
import org.acapengine.model.UsageType;
import org.acapengine.model.Verdict;

/**
 * A Cloudflare Content Signals line inside a robots.txt group ({@code Content-Signal: search=yes,
 * ai-train=no}): comma-separated {@code key=value} pairs; keys {@code search}, {@code ai-input},
 * {@code ai-train} with {@code yes} or {@code no}, and {@code use} with {@code immediate},
 * {@code reference} or {@code full}. Keys and values are read case-insensitively and spaces
 * around them are ignored (docs/formats.md). A key that is missing states nothing; a pair that
 * cannot be read states nothing and is reported.
 *
 * @param signals what the line states for each signal
 * @param use the {@code use} value, when given and understood
 * @param problems pairs that could not be read, each with its 0-based offset in the value
 */
public record ContentSignal(Map<Signal, Boolean> signals, Optional<String> use, List<Problem> problems) {

  /** A signal, its key, and the purpose of the one vocabulary ({@link Purpose}) it speaks to. */
  public enum Signal {
    /** {@code search}: building a search index and showing search results. */
    SEARCH("search", Purpose.SEARCH),
    /** {@code ai-input}: giving the content to an AI model as input (retrieval, grounding). */
    AI_INPUT("ai-input", Purpose.AI_INPUT),
    /** {@code ai-train}: training or fine-tuning AI models. */
    AI_TRAIN("ai-train", Purpose.AI_TRAIN);

    private final String key;
    private final Purpose purpose;

    Signal(String key, Purpose purpose) {
      this.key = key;
      this.purpose = purpose;
    }

    /**
     * The purpose this signal speaks to.
     *
     * @return the purpose
     */
    public Purpose purpose() {
      return purpose;
    }

    /**
     * The signal's key in a Content-Signal line.
     *
     * @return the key, lower case
     */
    public String key() {
      return key;
    }

    static Optional<Signal> of(String key) {
      for (Signal s : values()) {
        if (s.key.equals(key)) {
          return Optional.of(s);
        }
      }
      return Optional.empty();
    }
  }

  /** Why a pair was not understood. */
  public enum ProblemKind {
    /** Not {@code key=value}. */
    MALFORMED_PAIR,
    /** A key other than {@code search}, {@code ai-input}, {@code ai-train} and {@code use}. */
    UNKNOWN_KEY,
    /** A value other than {@code yes}/{@code no} ({@code use}: immediate, reference, full). */
    BAD_VALUE
  }

  /** A pair that says nothing: what, where (0-based offset in the value), the text. */
  public record Problem(ProblemKind kind, int offset, String text) {}

  static final List<String> USES = List.of("immediate", "reference", "full");

  /**
   * Checks that no component is null, copies the collections into immutable ones.
   *
   * @param signals what the line states for each signal
   * @param use the {@code use} value, when given and understood
   * @param problems pairs that could not be read, each with its 0-based offset in the value
   */
  public ContentSignal {
    signals = Collections.unmodifiableMap(signals.isEmpty() ? new EnumMap<>(Signal.class) : new EnumMap<>(signals));
    Objects.requireNonNull(use, "use");
    problems = List.copyOf(problems);
  }

  /**
   * Reads a Content-Signal value. Total: any text gives a value.
   *
   * @param value the text after {@code Content-Signal:}
   * @return the signals stated, with a problem for each pair that states nothing
   */
  public static ContentSignal parse(String value) {
    Map<Signal, Boolean> signals = new EnumMap<>(Signal.class);
    Optional<String> use = Optional.empty();
    List<Problem> problems = new ArrayList<>();
    int start = 0;
    while (start <= value.length()) {
      int comma = value.indexOf(',', start);
      int end = comma < 0 ? value.length() : comma;
      String pair = value.substring(start, end);
      int offset = start + leading(pair);
      String p = pair.strip();
      if (!p.isEmpty()) {
        int eq = p.indexOf('=');
        if (eq <= 0) {
          problems.add(new Problem(ProblemKind.MALFORMED_PAIR, offset, p));
        } else {
          String key = p.substring(0, eq).strip().toLowerCase(Locale.ROOT);
          String v = p.substring(eq + 1).strip().toLowerCase(Locale.ROOT);
          Optional<Signal> signal = Signal.of(key);
          if (signal.isPresent()) {
            if (v.equals("yes") || v.equals("no")) {
              signals.put(signal.get(), v.equals("yes"));
            } else {
              problems.add(new Problem(ProblemKind.BAD_VALUE, offset, p));
            }
          } else if (key.equals("use")) {
            if (USES.contains(v)) {
              use = Optional.of(v);
            } else {
              problems.add(new Problem(ProblemKind.BAD_VALUE, offset, p));
            }
          } else {
            problems.add(new Problem(ProblemKind.UNKNOWN_KEY, offset, p));
          }
        }
      }
      if (comma < 0) {
        break;
      }
      start = comma + 1;
    }
    return new ContentSignal(signals, use, problems);
  }

  private static int leading(String s) {
    int i = 0;
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
    return i;
  }

  /**
   * What the line says for a query of {@code purpose} ({@link Purpose#readFrom}): a {@code no}
   * refuses every purpose overlapping its signal's, a {@code yes} allows the purposes inside it.
   *
   * @param purpose the query's purpose
   * @return the verdict, {@link Verdict#NO_OPINION} when no key speaks to it
   */
  public Verdict verdict(Purpose purpose) {
    java.util.Set<Purpose> refused = java.util.EnumSet.noneOf(Purpose.class);
    java.util.Set<Purpose> allowed = java.util.EnumSet.noneOf(Purpose.class);
    signals.forEach((s, yes) -> (yes ? allowed : refused).add(s.purpose));
    return purpose.readFrom(refused, allowed);
  }

  /**
   * The pairs that decide a query of {@code purpose} as {@link #verdict} does, in key order.
   *
   * @param purpose the query's purpose
   * @return pairs such as {@code ai-train=no}; empty when none decides
   */
  public List<String> deciding(Purpose purpose) {
    Verdict v = verdict(purpose);
    List<String> out = new ArrayList<>();
    signals.forEach((s, yes) -> {
      if (v == (yes ? Verdict.ALLOWED : Verdict.PROHIBITED) && (yes ? purpose.allowedBy(s.purpose) : purpose.refusedBy(s.purpose))) {
        out.add(s.key + "=" + (yes ? "yes" : "no"));
      }
    });
    return out;
  }

  /**
   * Whether the {@code use} level (2026, Cloudflare's managed files: how AI systems may consume
   * the content) leaves {@code usage} out, for a query whose purpose is an AI use. Read onto
   * ACAP's usages (docs/formats.md, "Content-Signal use="): {@code immediate} (interact, store
   * and reuse nothing) leaves out {@code index}, {@code preserve}, every {@code present} and
   * {@code other}; {@code reference} (index, excerpt, link back) leaves out reproducing the
   * content, {@code present-original}, {@code present-currentcopy}, {@code present-oldcopy}, and
   * {@code other} (summaries among it); {@code full} leaves out nothing. {@code crawl} and {@code
   * follow} are never left out.
   *
   * @param usage an ACAP usage name
   * @return true when the line's {@code use} level does not reach the usage
   */
  public boolean useExcludes(String usage) {
    if (use.isEmpty()) {
      return false;
    }
    Usage u = Usage.parse(usage.strip());
    if (u.type().isEmpty() || !u.isInVocabulary()) {
      return false;
    }
    UsageType t = u.type().get();
    if (t == UsageType.CRAWL || t == UsageType.FOLLOW) {
      return false;
    }
    return switch (use.get()) {
      case "immediate" -> true;
      case "reference" -> t == UsageType.OTHER || u.name().equals("present-original") || u.name().equals("present-currentcopy")
          || u.name().equals("present-oldcopy");
      default -> false;
    };
  }

  /**
   * What the line states for a signal: yes, no, or nothing.
   *
   * @param s the signal
   * @return true for yes, false for no, empty when the line does not state it
   */
  public Optional<Boolean> get(Signal s) {
    return Optional.ofNullable(signals.get(s));
  }
}
