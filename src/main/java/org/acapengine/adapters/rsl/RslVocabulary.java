package org.acapengine.adapters.rsl;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.acapengine.model.Obligation;
import org.acapengine.model.Purpose;

/**
 * RSL 1.0's token vocabularies (rslstandard.org/rsl; docs/formats.md, "RSL 1.0"): the usage tokens
 * of {@code <permits type="usage">} and {@code <prohibits type="usage">} and the purposes of the one
 * vocabulary they stand for, the tokens of pre-1.0 drafts and the tools that wrote them (read as
 * their documents meant them, and reported by lint), the user types, and the payment types.
 */
public final class RslVocabulary {

  /** RSL 1.0's usage tokens and their purposes. */
  public static final Map<String, Purpose> USAGE = usage();

  /**
   * Usage tokens of pre-1.0 material, each with the purpose its document meant and where it comes
   * from: the archived getting-started guide's templates write {@code train-ai} (AIPREF's label of
   * the time, "AI training"), the WordPress plugin rsl-wp writes AIPREF -02's labels.
   */
  public static final Map<String, Legacy> LEGACY = legacy();

  /** RSL 1.0's user types. */
  public static final List<String> USER = List.of("commercial", "non-commercial", "education", "government", "personal");

  /** RSL 1.0's payment types, in the spec's order. */
  public static final List<String> PAYMENT = List.of("purchase", "subscription", "training", "crawl", "use", "contribution", "attribution", "free");

  /** The term types of {@code <permits>} and {@code <prohibits>}. */
  public static final List<String> TERM_TYPES = List.of("usage", "user", "geo");

  /**
   * A pre-1.0 token: the purpose it stood for and where it comes from.
   *
   * @param purpose the purpose of the one vocabulary
   * @param origin the document or tool that wrote it, and the 1.0 token to write instead
   */
  public record Legacy(Purpose purpose, String origin) {}

  private RslVocabulary() {}

  private static Map<String, Purpose> usage() {
    Map<String, Purpose> m = new LinkedHashMap<>();
    m.put("all", Purpose.ALL);
    m.put("ai-all", Purpose.AI_ALL);
    m.put("ai-train", Purpose.AI_TRAIN);
    m.put("ai-input", Purpose.AI_INPUT);
    m.put("ai-index", Purpose.AI_INDEX);
    m.put("search", Purpose.SEARCH);
    return Collections.unmodifiableMap(m);
  }

  private static Map<String, Legacy> legacy() {
    Map<String, Legacy> m = new LinkedHashMap<>();
    m.put("train-ai", new Legacy(Purpose.AI_TRAIN, "the pre-1.0 guide's templates and rsl-wp (AIPREF -02's 'AI training'); RSL 1.0 writes ai-train"));
    m.put("train-genai", new Legacy(Purpose.TRAIN_AI, "rsl-wp (AIPREF -02's 'generative AI training'); RSL 1.0 has no token for it: ai-train covers it"));
    m.put("ai-use", new Legacy(Purpose.AI_INPUT, "rsl-wp and pre-1.0 examples (AIPREF -02's 'AI use'); RSL 1.0 writes ai-input"));
    m.put("ai-summarize", new Legacy(Purpose.AI_INPUT, "rsl-wp; RSL 1.0 writes ai-input"));
    return Collections.unmodifiableMap(m);
  }

  /**
   * The purpose a usage token stands for: RSL 1.0's, else a pre-1.0 token's.
   *
   * @param token a token as {@link RslDocument.Term#values()} gives it
   * @return the purpose, or empty for a token of neither
   */
  public static Optional<Purpose> purpose(String token) {
    Purpose p = USAGE.get(token);
    if (p != null) {
      return Optional.of(p);
    }
    Legacy l = LEGACY.get(token);
    return l == null ? Optional.empty() : Optional.of(l.purpose());
  }

  /**
   * What a payment of this type asks of the crawler: nothing for {@code free}, attribution for
   * {@code attribution}, payment for every other type (an unknown type included: a licence that
   * names a price is no plain permission).
   *
   * @param type a payment type, lower case
   * @return the obligation, or empty for {@code free}
   */
  public static Optional<Obligation> obligation(String type) {
    return switch (type) {
      case "free" -> Optional.empty();
      case "attribution" -> Optional.of(Obligation.ATTRIBUTION);
      default -> Optional.of(Obligation.PAYMENT);
    };
  }
}
