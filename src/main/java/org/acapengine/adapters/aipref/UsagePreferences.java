package org.acapengine.adapters.aipref;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An AIPREF usage-preference value: labels of the vocabulary with {@code y} or {@code n}
 * (draft-ietf-aipref-vocab). Read from a Structured Fields Dictionary (RFC 9651): a value that
 * fails to parse states nothing (every label unknown); labels outside the vocabulary are ignored
 * (and listed, so lint can report them); a label given twice: the last wins.
 *
 * @param stated the vocabulary labels the value states, each {@link Preference#ALLOW} or {@link
 *     Preference#DISALLOW} (an unknown value is left out)
 * @param unknownLabels keys outside the vocabulary, in order (legacy labels among them)
 * @param failure why the value is not a Dictionary, when it is not
 */
public record UsagePreferences(Map<String, Preference> stated, List<String> unknownLabels,
    Optional<StructuredDictionary.Failure> failure) {

  /** The labels of the current vocabulary. */
  public static final Set<String> VOCABULARY = Set.of("search", "train-ai");

  /** Labels of earlier revisions, seen in real files; read as unknown. */
  public static final Set<String> LEGACY = Set.of("ai", "genai", "tdm", "bots", "train-genai", "ai-use", "ai-output", "inference");

  /**
   * Checks that no component is null, copies the collections into immutable ones.
   *
   * @param stated the vocabulary labels the value states, each {@link Preference#ALLOW} or {@link
   *     Preference#DISALLOW} (an unknown value is left out)
   * @param unknownLabels keys outside the vocabulary, in order (legacy labels among them)
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
    Map<String, Preference> stated = new LinkedHashMap<>();
    List<String> unknown = new java.util.ArrayList<>();
    p.members().forEach((key, member) -> {
      if (!VOCABULARY.contains(key)) {
        unknown.add(key);
        return;
      }
      Preference pref = member.token().map(t -> t.equals("y") ? Preference.ALLOW : t.equals("n") ? Preference.DISALLOW : Preference.UNKNOWN)
          .orElse(Preference.UNKNOWN);
      if (pref != Preference.UNKNOWN) {
        stated.put(key, pref);
      }
    });
    return new UsagePreferences(stated, unknown, Optional.empty());
  }

  /**
   * What the value says for a label ({@link Preference#UNKNOWN} when it says nothing).
   *
   * @param label a vocabulary label ({@code train-ai}, {@code search})
   * @return allow, disallow, or unknown
   */
  public Preference get(String label) {
    return stated.getOrDefault(label, Preference.UNKNOWN);
  }
}
