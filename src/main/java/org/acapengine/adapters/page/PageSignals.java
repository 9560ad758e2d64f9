package org.acapengine.adapters.page;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.model.Diagnostic;

/**
 * What one page's own response says about its use (docs/formats.md, "Page-level signals"): its
 * response header fields and the {@code <meta>}, {@code <link>} and RSL {@code <script>} elements
 * of its HTML head, each with the file and line it was read from. Read from bytes by {@link
 * PageSignalsReader}, bounded, with nothing run. Immutable.
 *
 * @param headersSource the name of the header block read ("" when none was)
 * @param headers the header fields, in order
 * @param htmlSource the name of the HTML read ("" when none was)
 * @param elements the head's {@code meta}, {@code link} and {@code script type="application/rsl+xml"} elements, in order
 * @param diagnostics every problem, with the line and column in its file
 */
public record PageSignals(String headersSource, List<Header> headers, String htmlSource, List<Element> elements, List<Diagnostic> diagnostics) {

  /** No signals at all. */
  public static final PageSignals NONE = new PageSignals("", List.of(), "", List.of(), List.of());

  /**
   * Checks and copies.
   *
   * @param headersSource the header block's name
   * @param headers the header fields
   * @param htmlSource the HTML's name
   * @param elements the head's elements
   * @param diagnostics every problem
   */
  public PageSignals {
    Objects.requireNonNull(headersSource, "headersSource");
    headers = List.copyOf(headers);
    Objects.requireNonNull(htmlSource, "htmlSource");
    elements = List.copyOf(elements);
    diagnostics = List.copyOf(diagnostics);
  }

  /**
   * A response header field.
   *
   * @param name the name as written
   * @param value the value, trimmed; continuation lines joined with a space
   * @param line the line of the field in the header block
   */
  public record Header(String name, String value, int line) {
    /**
     * Checks.
     *
     * @param name the name
     * @param value the value
     * @param line the line
     */
    public Header {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(value, "value");
    }

    /**
     * Whether this field has that name, ignoring case (RFC 9110 5.1).
     *
     * @param other a field name
     * @return true when the names are equal ignoring ASCII case
     */
    public boolean is(String other) {
      return name.equalsIgnoreCase(other);
    }
  }

  /**
   * An element of the HTML head.
   *
   * @param tag {@code meta}, {@code link} or {@code script}, lower case
   * @param attributes its attributes, names lower-cased, character references decoded
   * @param text a {@code script}'s text (an embedded RSL licence), "" otherwise
   * @param line the line of the element's start
   */
  public record Element(String tag, Map<String, String> attributes, String text, int line) {
    /**
     * Checks and copies.
     *
     * @param tag the tag
     * @param attributes the attributes
     * @param text the script text
     * @param line the line
     */
    public Element {
      Objects.requireNonNull(tag, "tag");
      attributes = Map.copyOf(attributes);
      Objects.requireNonNull(text, "text");
    }

    /**
     * An attribute's value, or "".
     *
     * @param name the attribute's name, lower case
     * @return the value, or ""
     */
    public String attribute(String name) {
      return attributes.getOrDefault(name, "");
    }
  }

  /**
   * The values of the header fields of that name, with their lines, in order.
   *
   * @param name a field name, compared ignoring case
   * @return the fields
   */
  public List<Header> headers(String name) {
    List<Header> out = new ArrayList<>(2);
    for (Header h : headers) {
      if (h.is(name)) {
        out.add(h);
      }
    }
    return out;
  }

  /**
   * The {@code <meta name=NAME content=…>} elements whose name is one of {@code names}, in order.
   *
   * @param names meta names, lower case
   * @return the elements
   */
  public List<Element> metas(List<String> names) {
    List<Element> out = new ArrayList<>(2);
    for (Element e : elements) {
      if (e.tag().equals("meta") && names.contains(e.attribute("name").strip().toLowerCase(Locale.ROOT))) {
        out.add(e);
      }
    }
    return out;
  }

  /**
   * The media type of the response, from its {@code Content-Type} header (lower case, parameters
   * dropped), if it has one.
   *
   * @return the media type, e.g. {@code image/png}
   */
  public Optional<String> mediaType() {
    for (Header h : headers) {
      if (h.is("content-type")) {
        String v = h.value();
        int semi = v.indexOf(';');
        return Optional.of((semi < 0 ? v : v.substring(0, semi)).strip().toLowerCase(Locale.ROOT));
      }
    }
    return Optional.empty();
  }

  /**
   * Whether the response is an image ({@code Content-Type: image/*}): image rules ({@code
   * noimageindex}, {@code noimageai}) then speak to the resource itself.
   *
   * @return true for an image response
   */
  public boolean isImage() {
    return mediaType().map(t -> t.startsWith("image/")).orElse(false);
  }

  /**
   * Whether any signal was read.
   *
   * @return true when there is no header and no element
   */
  public boolean isEmpty() {
    return headers.isEmpty() && elements.isEmpty();
  }
}
