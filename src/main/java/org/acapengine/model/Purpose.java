package org.acapengine.model;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The one purpose vocabulary of the formats that speak to what content is used for
 * (docs/formats.md, "One purpose vocabulary"): the purposes a query can name, each format's own
 * token for it, and which purpose lies inside which. A query names any of these tokens ({@code
 * --purpose ai-use} asks what AIPREF's {@code ai-use} says); every format's statement is read for
 * it by {@link #refusedBy} and {@link #allowedBy}:
 *
 * <ul>
 *   <li>a statement that <em>refuses</em> a purpose refuses every query purpose that overlaps it
 *       (lies inside it or contains it): refusing generative training ({@code train-ai}) leaves no
 *       permission for all training ({@code ai-train}) either;
 *   <li>a statement that <em>allows</em> a purpose allows only the query purposes inside it: a
 *       permission for {@code train-ai} does not allow all of {@code ai-train}.
 * </ul>
 *
 * <p>The tree: {@code all} holds {@code search} and {@code tdm}; {@code tdm} (text and data
 * mining, TDMRep's reservation) holds {@code ai-all}; {@code ai-all} holds {@code ai-train},
 * {@code ai-input} and {@code ai-index}; {@code ai-train} holds {@code train-ai}; {@code ai-input}
 * holds {@code ai-use}. {@code search} and the AI purposes are disjoint, which is AIPREF
 * vocab-08's search override (section 4.3): a use that is search is decided by the {@code search}
 * label alone.
 */
public enum Purpose {
  /** RSL {@code all}: any use of the content. */
  ALL("all", null),
  /** Building a search index and showing results that link back (Content-Signal, AIPREF, RSL, TCT). */
  SEARCH("search", ALL),
  /** Text and data mining, the use a TDMRep {@code tdm-reservation} reserves. */
  TDM("tdm", ALL),
  /** RSL {@code ai-all}: every AI use. */
  AI_ALL("ai-all", TDM),
  /** Training or fine-tuning AI models of any kind (Content-Signal, RSL, TCT {@code allow_ai_train}). */
  AI_TRAIN("ai-train", AI_ALL),
  /** AIPREF vocab-08 {@code train-ai}: training generative AI models only. */
  TRAIN_AI("train-ai", AI_TRAIN),
  /** Content given to an AI model as input: retrieval, grounding (Content-Signal, RSL, TCT {@code allow_ai_input}). */
  AI_INPUT("ai-input", AI_ALL),
  /** AIPREF vocab-08 {@code ai-use}: input to a generative model of content the user did not supply. */
  AI_USE("ai-use", AI_INPUT),
  /** RSL {@code ai-index}: building an index for AI applications to retrieve from. */
  AI_INDEX("ai-index", AI_ALL);

  private final String token;
  private final Purpose parent;

  Purpose(String token, Purpose parent) {
    this.token = token;
    this.parent = parent;
  }

  /**
   * The name a query gives and output shows.
   *
   * @return the lower-case token
   */
  public String token() {
    return token;
  }

  /**
   * The purpose this one lies directly inside, if any.
   *
   * @return the parent, empty for {@link #ALL}
   */
  public Optional<Purpose> parent() {
    return Optional.ofNullable(parent);
  }

  /**
   * The purpose a query names, compared case-insensitively after stripping.
   *
   * @param name a purpose name
   * @return the purpose, or empty for a name outside the vocabulary
   */
  public static Optional<Purpose> of(String name) {
    String n = name.strip().toLowerCase(Locale.ROOT);
    for (Purpose p : values()) {
      if (p.token.equals(n)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /**
   * The purpose a query names, if it names one of the vocabulary.
   *
   * @param name the query's purpose, if any
   * @return the purpose, or empty for none or any other name
   */
  public static Optional<Purpose> of(Optional<String> name) {
    return name.flatMap(Purpose::of);
  }

  /**
   * True when this purpose lies inside {@code other} or is it.
   *
   * @param other another purpose
   * @return whether every use of this purpose is a use of {@code other}
   */
  public boolean within(Purpose other) {
    for (Purpose p = this; p != null; p = p.parent) {
      if (p == other) {
        return true;
      }
    }
    return false;
  }

  /**
   * True when the two purposes share uses: one lies inside the other.
   *
   * @param other another purpose
   * @return whether they overlap
   */
  public boolean overlaps(Purpose other) {
    return within(other) || other.within(this);
  }

  /**
   * Whether a statement refusing {@code stated} refuses a query for this purpose: they overlap.
   *
   * @param stated the purpose the statement refuses
   * @return true when the refusal reaches this purpose
   */
  public boolean refusedBy(Purpose stated) {
    return overlaps(stated);
  }

  /**
   * Whether a statement allowing {@code stated} allows a query for this purpose: this purpose lies
   * inside it.
   *
   * @param stated the purpose the statement allows
   * @return true when the permission covers this purpose
   */
  public boolean allowedBy(Purpose stated) {
    return within(stated);
  }

  /**
   * What a set of statements says for this purpose: prohibited when a refused purpose overlaps
   * it, else allowed when an allowed purpose holds it, else no opinion.
   *
   * @param refused the purposes the statements refuse
   * @param allowed the purposes the statements allow
   * @return the verdict for a query of this purpose
   */
  public Verdict readFrom(Set<Purpose> refused, Set<Purpose> allowed) {
    for (Purpose r : refused) {
      if (refusedBy(r)) {
        return Verdict.PROHIBITED;
      }
    }
    for (Purpose a : allowed) {
      if (allowedBy(a)) {
        return Verdict.ALLOWED;
      }
    }
    return Verdict.NO_OPINION;
  }

  /**
   * The purposes inside this one, itself included, in declaration order.
   *
   * @return the purposes within this one
   */
  public Set<Purpose> inside() {
    Set<Purpose> out = EnumSet.noneOf(Purpose.class);
    for (Purpose p : values()) {
      if (p.within(this)) {
        out.add(p);
      }
    }
    return out;
  }
}
