package org.acapengine.adapters.rsl;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.model.Diagnostic;

/**
 * A read RSL 1.0 licence document ({@code application/rsl+xml}, rslstandard.org/rsl): the
 * {@code <content>} elements of its {@code <rsl>} root, each with its licences, every element
 * with the line it stands on. Immutable. {@link RslReader} makes it; a document rejected whole
 * (not XML, a DOCTYPE, over a limit) has no contents and says why in its diagnostics.
 *
 * @param sourceName the file's name or URL
 * @param contents the {@code <content>} elements, in document order
 * @param diagnostics every problem, with line and column
 */
public record RslDocument(String sourceName, List<Content> contents, List<Diagnostic> diagnostics) {

  /** The RSL namespace. */
  public static final String NAMESPACE = "https://rslstandard.org/rsl";

  /**
   * Checks that no component is null and copies the lists.
   *
   * @param sourceName the file's name or URL
   * @param contents the contents, in document order
   * @param diagnostics every problem
   */
  public RslDocument {
    Objects.requireNonNull(sourceName, "sourceName");
    contents = List.copyOf(contents);
    diagnostics = List.copyOf(diagnostics);
  }

  /**
   * A {@code <content>}: the assets it covers and their licences.
   *
   * @param url the {@code url} attribute as written: a full URL or an RFC 9309 path pattern
   * @param server the {@code server} attribute: a licence server (a licence must be obtained first, even a free one)
   * @param encrypted whether {@code encrypted="true"}
   * @param lastmod the {@code lastmod} attribute, as written
   * @param licenses the {@code <license>} elements, in order: alternative offers
   * @param texts {@code <terms>}, {@code <copyright>} and {@code <schema>} directly inside it
   * @param line the line of the element
   */
  public record Content(String url, Optional<String> server, boolean encrypted, Optional<String> lastmod, List<License> licenses,
      List<Text> texts, int line) {
    /**
     * Checks that no component is null and copies the lists.
     *
     * @param url the url attribute
     * @param server the server attribute
     * @param encrypted the encrypted attribute
     * @param lastmod the lastmod attribute
     * @param licenses the licences
     * @param texts terms, copyright and schema
     * @param line the line
     */
    public Content {
      Objects.requireNonNull(url, "url");
      Objects.requireNonNull(server, "server");
      Objects.requireNonNull(lastmod, "lastmod");
      licenses = List.copyOf(licenses);
      texts = List.copyOf(texts);
    }
  }

  /**
   * A {@code <license>}: what it permits and prohibits, what it costs, what else it says.
   *
   * @param permits its {@code <permits>} elements
   * @param prohibits its {@code <prohibits>} elements
   * @param payments its {@code <payment>} elements
   * @param legal its {@code <legal>} elements
   * @param texts {@code <terms>}, {@code <copyright>} and {@code <schema>} inside it
   * @param line the line of the element
   */
  public record License(List<Term> permits, List<Term> prohibits, List<Payment> payments, List<Text> legal, List<Text> texts, int line) {
    /**
     * Copies the lists.
     *
     * @param permits permits
     * @param prohibits prohibits
     * @param payments payments
     * @param legal legal
     * @param texts terms, copyright, schema
     * @param line the line
     */
    public License {
      permits = List.copyOf(permits);
      prohibits = List.copyOf(prohibits);
      payments = List.copyOf(payments);
      legal = List.copyOf(legal);
      texts = List.copyOf(texts);
    }
  }

  /**
   * A {@code <permits>} or {@code <prohibits>}: its type and the tokens it lists.
   *
   * @param type {@code usage}, {@code user} or {@code geo} (lower-cased), as written otherwise
   * @param values the tokens, split at commas and white space, lower-cased (geo codes upper-cased)
   * @param text the element's text as written, trimmed
   * @param line the line of the element
   */
  public record Term(String type, List<String> values, String text, int line) {
    /**
     * Checks and copies.
     *
     * @param type the type
     * @param values the tokens
     * @param text the text
     * @param line the line
     */
    public Term {
      Objects.requireNonNull(type, "type");
      values = List.copyOf(values);
      Objects.requireNonNull(text, "text");
    }
  }

  /**
   * A {@code <payment>}: its type, amounts and rate cards.
   *
   * @param type the {@code type} attribute, lower-cased ({@code free} when absent)
   * @param amounts its {@code <amount>} elements
   * @param standard its {@code <standard>} rate card URL, if any
   * @param custom its {@code <custom>} URL, if any
   * @param line the line of the element
   */
  public record Payment(String type, List<Amount> amounts, Optional<String> standard, Optional<String> custom, int line) {
    /**
     * Checks and copies.
     *
     * @param type the type
     * @param amounts the amounts
     * @param standard the standard rate card
     * @param custom the custom rate card
     * @param line the line
     */
    public Payment {
      Objects.requireNonNull(type, "type");
      amounts = List.copyOf(amounts);
      Objects.requireNonNull(standard, "standard");
      Objects.requireNonNull(custom, "custom");
    }
  }

  /**
   * An {@code <amount>}.
   *
   * @param value the amount as written
   * @param currency the {@code currency} attribute, as written ("" when absent)
   * @param line the line of the element
   */
  public record Amount(String value, String currency, int line) {
    /**
     * Checks.
     *
     * @param value the amount
     * @param currency the currency
     * @param line the line
     */
    public Amount {
      Objects.requireNonNull(value, "value");
      Objects.requireNonNull(currency, "currency");
    }
  }

  /**
   * An element kept as text: {@code <legal>}, {@code <terms>}, {@code <copyright>}, {@code
   * <schema>}.
   *
   * @param element the element's local name
   * @param attributes its attributes, as written
   * @param text its text, trimmed (bounded)
   * @param line the line of the element
   */
  public record Text(String element, Map<String, String> attributes, String text, int line) {
    /**
     * Checks and copies.
     *
     * @param element the element
     * @param attributes the attributes
     * @param text the text
     * @param line the line
     */
    public Text {
      Objects.requireNonNull(element, "element");
      attributes = Map.copyOf(attributes);
      Objects.requireNonNull(text, "text");
    }

    /**
     * The {@code type} attribute, or "".
     *
     * @return the type
     */
    public String type() {
      return attributes.getOrDefault("type", "");
    }
  }
}
