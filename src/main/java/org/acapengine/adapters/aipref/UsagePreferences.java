package org.acapengine.adapters.aipref;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.acapengine.model.Purpose;
import org.acapengine.model.Verdict;

/**
 * An AIPREF usage-preference value: labels of the vocabulary with {@code y} or {@code n}
 * (draft-ietf-aipref-vocab-08). Read from a Structured Fields Dictionary (RFC 9651): a value that
 * fails to parse states nothing (every label unknown); labels outside the vocabulary are ignored,
 * as section 6.4 says they MUST be (and listed, so lint can report them); a label given twice: the
 * last wins.
 *
 * <p>vocab-08's labels and the purposes of {@link Purpose} they speak to: {@code train-ai} →
 * {@link Purpose#TRAIN_AI} (training generative models only), {@code ai-use} → {@link
 * Purpose#AI_USE} (input to a generative model of content the user did not supply), {@code search}
 * → {@link Purpose#SEARCH}, which overrides the other two for a use that is search (section 4.3).
 *
 * @param stated the vocabulary labels the value states, each {@link Verdict#ALLOWED} ({@code y}) or
 *     {@link Verdict#PROHIBITED} ({@code n}); a label whose value is anything else is left out
 * @param unknownLabels keys outside the vocabulary, in order (labels of earlier drafts among them)
 * @param failure why the value is not a Dictionary, when it is not
 */
public record UsagePreferences(Map<String, Verdict> stated, List<String> unknownLabels,
    Optional<StructuredDictionary.Failure> failure) {

  /** The labels of vocab-08 and the purpose each speaks to, in the draft's order. */
  public static final Map<String, Purpose> VOCABULARY = vocabulary();

  /**
   * Labels of earlier revisions, seen in real files, with the drafts that defined them; read as
   * unknown (vocab-08 section 6.4), reported by lint.
   */
  public static final Map<String, String> LEGACY = legacy();

  private static Map<String, Purpose> vocabulary() {
    Map<String, Purpose> m = new LinkedHashMap<>();
    m.put("train-ai", Purpose.TRAIN_AI);
    m.put("ai-use", Purpose.AI_USE);
    m.put("search", Purpose.SEARCH);
    return Collections.unmodifiableMap(m);
  }

  private static Map<String, String> legacy() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("tdm", "-00/-01 (text and data mining)");
    m.put("ai", "-01 (any AI use)");
    m.put("genai", "-01 (generative AI)");
    m.put("inference", "-01 (using the content in AI inference)");
    m.put("all", "-02 (any automated processing)");
    m.put("train-genai", "-02 and -03 (training generative AI, what train-ai means in vocab-08)");
    m.put("bots", "-03 and -04 (any automated processing)");
    m.put("ai-output", "-04 (AI output)");
    return Collections.unmodifiableMap(m);
  }

  /**
   * Checks that no component is null, copies the collections into immutable ones.
   *
   * @param stated the vocabulary labels the value states, each allowed or prohibited
   * @param unknownLabels keys outside the vocabulary, in order
   * @param failure why the value is not a Dictionary, when it is not
   */
  public UsagePreferences {
    stated = Collections.unmodifiableMap(new LinkedHashMap<>(stated));
    unknownLabels = List.copyOf(unknownLabels);
    Objects.requireNonNull(failure, "failure");
  }

  /**
   * Reads a dictionary value such as {@code train-ai=n, search=y}.
   *
   * @param value an RFC 9651 Dictionary, any text
   * @return the preferences, with the failure and unknown labels when there are any
   */
  public static UsagePreferences parse(String value) {
    StructuredDictionary.Parsed p = StructuredDictionary.parse(value);
    if (p.failed()) {
      return new UsagePreferences(Map.of(), List.of(), p.failure());
    }
    Map<String, Verdict> stated = new LinkedHashMap<>();
    List<String> unknown = new ArrayList<>();
    p.members().forEach((key, member) -> {
      if (!VOCABULARY.containsKey(key)) {
        unknown.add(key);
        return;
      }
      Verdict v = member.token().map(t -> t.equals("y") ? Verdict.ALLOWED : t.equals("n") ? Verdict.PROHIBITED : Verdict.NO_OPINION)
          .orElse(Verdict.NO_OPINION);
      if (v != Verdict.NO_OPINION) {
        stated.put(key, v);
      }
    });
    return new UsagePreferences(stated, unknown, Optional.empty());
  }

  /**
   * What the value says for a label ({@link Verdict#NO_OPINION} when it says nothing: vocab-08's
   * "unknown").
   *
   * @param label a vocabulary label ({@code train-ai}, {@code ai-use}, {@code search})
   * @return allowed, prohibited, or no opinion
   */
  public Verdict get(String label) {
    return stated.getOrDefault(label, Verdict.NO_OPINION);
  }

  /**
   * What the value says for a query of {@code purpose} ({@link Purpose#readFrom}): an {@code n}
   * refuses every purpose overlapping its label's, a {@code y} allows the purposes inside it.
   *
   * @param purpose the query's purpose
   * @return the verdict for it
   */
  public Verdict verdict(Purpose purpose) {
    return purpose.readFrom(purposes(Verdict.PROHIBITED), purposes(Verdict.ALLOWED));
  }

  /**
   * The labels that decide a query of {@code purpose} the way {@link #verdict} does, in the
   * value's order.
   *
   * @param purpose the query's purpose
   * @return the deciding labels with their values ({@code train-ai=n}), empty when none decides
   */
  public List<String> deciding(Purpose purpose) {
    Verdict v = verdict(purpose);
    List<String> out = new ArrayList<>();
    stated.forEach((label, value) -> {
      Purpose p = VOCABULARY.get(label);
      if (value == v && (v == Verdict.PROHIBITED ? purpose.refusedBy(p) : purpose.allowedBy(p))) {
        out.add(label + "=" + (value == Verdict.ALLOWED ? "y" : "n"));
      }
    });
    return out;
  }

  private Set<Purpose> purposes(Verdict value) {
    Set<Purpose> out = EnumSet.noneOf(Purpose.class);
    stated.forEach((label, v) -> {
      if (v == value) {
        out.add(VOCABULARY.get(label));
      }
    });
    return out;
  }
}
