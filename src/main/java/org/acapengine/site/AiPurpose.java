package org.acapengine.site;

import java.util.Locale;
import java.util.Optional;
import org.acapengine.adapters.aipref.Preference;
import org.acapengine.adapters.aipref.UsagePreferences;
import org.acapengine.adapters.contentsignal.ContentSignal;
import org.acapengine.adapters.tdmrep.TdmRule;
import org.acapengine.model.Usage;
import org.acapengine.model.UsageType;
import org.acapengine.model.Verdict;

/**
 * The one purpose vocabulary of the AI usage-preference formats (docs/formats.md): a query's
 * {@code --purpose} of {@code search}, {@code ai-input} or {@code ai-train} (the Content-Signal
 * keys, as TCT's flags map them), or AIPREF's {@code train-ai}, training of generative models, a
 * narrower purpose inside {@code ai-train}. Each method says what one statement means for a
 * query with this purpose: {@link Verdict#ALLOWED}, {@link Verdict#PROHIBITED}, or {@link
 * Verdict#NO_OPINION} when the statement is about another purpose.
 */
public enum AiPurpose {
  /** Building a search index and showing search results. */
  SEARCH("search"),
  /** Using the content as input to an AI model answering a request (retrieval, grounding). */
  AI_INPUT("ai-input"),
  /** Training or fine-tuning AI models. */
  AI_TRAIN("ai-train"),
  /** Training generative AI models (AIPREF {@code train-ai}): inside {@code ai-train}. */
  TRAIN_AI("train-ai");

  private final String token;

  AiPurpose(String token) {
    this.token = token;
  }

  /**
   * The name a query gives.
   *
   * @return {@code search}, {@code ai-input}, {@code ai-train} or {@code train-ai}
   */
  public String token() {
    return token;
  }

  /**
   * The purpose a query names, compared case-insensitively.
   *
   * @param purpose the query's purpose, if any
   * @return the purpose, or empty for none or any other name
   */
  public static Optional<AiPurpose> of(Optional<String> purpose) {
    if (purpose.isEmpty()) {
      return Optional.empty();
    }
    String p = purpose.get().strip().toLowerCase(Locale.ROOT);
    for (AiPurpose a : values()) {
      if (a.token.equals(p)) {
        return Optional.of(a);
      }
    }
    return Optional.empty();
  }

  /**
   * True for the usages these statements govern: what is done with content ({@code index},
   * {@code preserve}, {@code present}, {@code present-*}, {@code other}), never {@code crawl} or
   * {@code follow}, which Allow/Disallow and the ACAP crawl fields keep.
   *
   * @param usage a usage name
   * @return whether a usage preference speaks to it
   */
  public static boolean governs(String usage) {
    Usage u = Usage.parse(usage.strip());
    return u.isInVocabulary() && u.type().get() != UsageType.CRAWL && u.type().get() != UsageType.FOLLOW;
  }

  /**
   * What a Content-Signal line says: its key for this purpose ({@code ai-train} also for {@code
   * train-ai}, the narrower purpose), {@code yes} allowing and {@code no} refusing.
   *
   * @param signal the parsed line
   * @return the verdict for this purpose
   */
  public Verdict of(ContentSignal signal) {
    ContentSignal.Signal key = switch (this) {
      case SEARCH -> ContentSignal.Signal.SEARCH;
      case AI_INPUT -> ContentSignal.Signal.AI_INPUT;
      case AI_TRAIN, TRAIN_AI -> ContentSignal.Signal.AI_TRAIN;
    };
    return signal.get(key).map(yes -> yes ? Verdict.ALLOWED : Verdict.PROHIBITED).orElse(Verdict.NO_OPINION);
  }

  /**
   * What an AIPREF usage preference says: {@code search} for search; {@code train-ai} for
   * train-ai; for ai-train, {@code train-ai=n} refuses (training generative models is part of it)
   * but {@code train-ai=y} does not allow the whole of it.
   *
   * @param preferences the parsed dictionary
   * @return the verdict for this purpose
   */
  public Verdict of(UsagePreferences preferences) {
    return switch (this) {
      case SEARCH -> verdict(preferences.get("search"));
      case TRAIN_AI -> verdict(preferences.get("train-ai"));
      case AI_TRAIN -> preferences.get("train-ai") == Preference.DISALLOW ? Verdict.PROHIBITED : Verdict.NO_OPINION;
      case AI_INPUT -> Verdict.NO_OPINION;
    };
  }

  /**
   * What a TDMRep reservation says: reserved refuses ai-train, train-ai and ai-input (each is text
   * and data mining); not reserved allows them; search is not mining.
   *
   * @param reservation the rule's {@code tdm-reservation}
   * @return the verdict for this purpose
   */
  public Verdict of(TdmRule.Reservation reservation) {
    if (this == SEARCH || reservation == TdmRule.Reservation.UNSET) {
      return Verdict.NO_OPINION;
    }
    return reservation == TdmRule.Reservation.RESERVED ? Verdict.PROHIBITED : Verdict.ALLOWED;
  }

  private static Verdict verdict(Preference p) {
    return p == Preference.ALLOW ? Verdict.ALLOWED : p == Preference.DISALLOW ? Verdict.PROHIBITED : Verdict.NO_OPINION;
  }

  /**
   * The more restrictive of two verdicts: prohibited over allowed over no opinion (several
   * statements in one group combine this way).
   *
   * @param a one verdict
   * @param b another
   * @return the more restrictive
   */
  static Verdict stricter(Verdict a, Verdict b) {
    if (a == Verdict.PROHIBITED || b == Verdict.PROHIBITED) {
      return Verdict.PROHIBITED;
    }
    return a == Verdict.ALLOWED || b == Verdict.ALLOWED ? Verdict.ALLOWED : Verdict.NO_OPINION;
  }

  /**
   * Why a usage-preference source says nothing about a query, or empty when it may speak.
   *
   * @param kind the source's format, for the sentence
   * @param usage the query's usage
   * @param purpose the query's purpose, if any
   * @return the reason for no opinion, or empty
   */
  static Optional<String> silence(String kind, String usage, Optional<String> purpose) {
    if (!governs(usage)) {
      return Optional.of(kind + " states how content may be used, never whether '" + usage
          + "' may be done: access stays with Allow/Disallow and the ACAP crawl fields");
    }
    if (of(purpose).isEmpty()) {
      return Optional.of(kind + " speaks to the purposes search, ai-input, ai-train and train-ai, and the query names "
          + purpose.map(p -> "'" + p + "'").orElse("no purpose"));
    }
    return Optional.empty();
  }
}
