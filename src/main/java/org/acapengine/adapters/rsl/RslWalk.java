package org.acapengine.adapters.rsl;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Span;
import static org.acapengine.adapters.rsl.RslReader.LEGACY_TOKEN;
import static org.acapengine.adapters.rsl.RslReader.MALFORMED;
import static org.acapengine.adapters.rsl.RslReader.MAX_DEPTH;
import static org.acapengine.adapters.rsl.RslReader.MAX_ELEMENTS;
import static org.acapengine.adapters.rsl.RslReader.MAX_TEXT;
import static org.acapengine.adapters.rsl.RslReader.UNKNOWN_TOKEN;
import static org.acapengine.adapters.rsl.RslReader.UNREADABLE;

/** One pass over a licence's events, building the model; limits and structure checked as it goes (RslReader). */
final class RslWalk {
  private final XMLStreamReader r;
  private final List<Diagnostic> diags;
  private int elements;

RslWalk(XMLStreamReader r, List<Diagnostic> diags) {
    this.r = r;
    this.diags = diags;
  }

  List<RslDocument.Content> document() throws XMLStreamException, RslReject {
    while (r.hasNext()) {
      int e = r.next();
      if (e == XMLStreamConstants.DTD) {
        throw new RslReject(Diagnostic.error(UNREADABLE, "the licence has a DOCTYPE: RSL documents have none, and no DTD is read; read as if the site had none",
            null, here()));
      }
      if (e == XMLStreamConstants.START_ELEMENT) {
        count(1);
        if (!r.getLocalName().equals("rsl")) {
          return feed();
        }
        if (!RslDocument.NAMESPACE.equals(r.getNamespaceURI())) {
          String ns = r.getNamespaceURI();
          diags.add(Diagnostic.warning(MALFORMED, "<rsl> is in " + (ns == null || ns.isEmpty() ? "no namespace" : "the namespace '" + RslReader.clean(ns) + "'")
              + ", not " + RslDocument.NAMESPACE + "; read as RSL all the same", null, here()));
        }
        List<RslDocument.Content> contents = rsl();
        while (r.hasNext()) {
          if (r.next() == XMLStreamConstants.DTD) {
            throw new RslReject(Diagnostic.error(UNREADABLE, "the licence has a DOCTYPE; read as if the site had none", null, here()));
          }
        }
        if (contents.isEmpty()) {
          diags.add(Diagnostic.warning(MALFORMED, "<rsl> holds no usable <content>, so the licence covers nothing", null, Span.ofLine(1, 1, 1)));
        }
        return contents;
      }
    }
    throw new RslReject(Diagnostic.error(UNREADABLE, "the licence has no root element; read as if the site had none", null, Span.ofLine(1, 1, 1)));
  }

  /**
   * A licence feed (an RSS document with the RSL module, rslstandard.org/guide/file-format) or
   * any other document: the {@code <content>} elements in RSL's namespace, wherever they stand.
   */
  private List<RslDocument.Content> feed() throws XMLStreamException, RslReject {
    String root = r.getLocalName();
    List<RslDocument.Content> contents = new ArrayList<>();
    int depth = 1;
    while (r.hasNext()) {
      int e = r.next();
      if (e == XMLStreamConstants.DTD) {
        throw new RslReject(Diagnostic.error(UNREADABLE, "the licence has a DOCTYPE; read as if the site had none", null, here()));
      } else if (e == XMLStreamConstants.START_ELEMENT) {
        depth++;
        count(depth);
        if (RslDocument.NAMESPACE.equals(r.getNamespaceURI()) && r.getLocalName().equals("content")) {
          content().ifPresent(contents::add);
          depth--; // content() consumed the element to its end
        }
      } else if (e == XMLStreamConstants.END_ELEMENT) {
        depth--;
      }
    }
    if (contents.isEmpty()) {
      throw new RslReject(Diagnostic.error(UNREADABLE, "the root element is <" + RslReader.clean(root) + ">, not <rsl>, and the document holds no <content> in the RSL"
          + " namespace (" + RslDocument.NAMESPACE + "); read as if the site had none", null, Span.ofLine(1, 1, 1)));
    }
    return contents;
  }

  private List<RslDocument.Content> rsl() throws XMLStreamException, RslReject {
    List<RslDocument.Content> contents = new ArrayList<>();
    Set<String> urls = new HashSet<>();
    for (int e = nextChild(1); e != XMLStreamConstants.END_ELEMENT; e = nextChild(1)) {
      if (!isRsl() || !r.getLocalName().equals("content")) {
        skip(2, "<rsl>");
        continue;
      }
      Optional<RslDocument.Content> c = content();
      if (c.isPresent()) {
        if (!urls.add(c.get().url())) {
          diags.add(Diagnostic.warning(MALFORMED, "a second <content url=\"" + RslReader.clean(c.get().url())
              + "\">: each <content> must define a distinct asset; both are read, and the more restrictive decides", null, Span.ofLine(c.get().line(), 1, 1)));
        }
        contents.add(c.get());
      }
    }
    return contents;
  }

  private Optional<RslDocument.Content> content() throws XMLStreamException, RslReject {
    int line = line();
    String url = attribute("url");
    Optional<String> server = Optional.ofNullable(attribute("server")).map(String::strip);
    boolean encrypted = "true".equalsIgnoreCase(Optional.ofNullable(attribute("encrypted")).orElse("").strip());
    Optional<String> lastmod = Optional.ofNullable(attribute("lastmod"));
    List<RslDocument.License> licenses = new ArrayList<>();
    List<RslDocument.Text> texts = new ArrayList<>();
    for (int e = nextChild(2); e != XMLStreamConstants.END_ELEMENT; e = nextChild(2)) {
      String name = r.getLocalName();
      if (isRsl() && name.equals("license")) {
        licenses.add(license());
      } else if (isRsl() && (name.equals("terms") || name.equals("copyright") || name.equals("schema"))) {
        texts.add(text(3));
      } else {
        skip(3, "<content>");
      }
    }
    if (url == null || url.isBlank()) {
      diags.add(Diagnostic.warning(MALFORMED, "a <content> without its required url attribute covers nothing; it is ignored", null, Span.ofLine(line, 1, 1)));
      return Optional.empty();
    }
    if (licenses.isEmpty()) {
      diags.add(Diagnostic.warning(MALFORMED, "<content url=\"" + RslReader.clean(url) + "\"> has no <license>: it states no terms",
          null, Span.ofLine(line, 1, 1)));
    }
    return Optional.of(new RslDocument.Content(url.strip(), server, encrypted, lastmod, licenses, texts, line));
  }

  private RslDocument.License license() throws XMLStreamException, RslReject {
    int line = line();
    List<RslDocument.Term> permits = new ArrayList<>();
    List<RslDocument.Term> prohibits = new ArrayList<>();
    List<RslDocument.Payment> payments = new ArrayList<>();
    List<RslDocument.Text> legal = new ArrayList<>();
    List<RslDocument.Text> texts = new ArrayList<>();
    for (int e = nextChild(3); e != XMLStreamConstants.END_ELEMENT; e = nextChild(3)) {
      String name = isRsl() ? r.getLocalName() : "";
      switch (name) {
        case "permits" -> term().ifPresent(permits::add);
        case "prohibits" -> term().ifPresent(prohibits::add);
        case "payment" -> payments.add(payment());
        case "legal" -> legal.add(text(4));
        case "terms", "copyright", "schema" -> texts.add(text(4));
        default -> skip(4, "<license>");
      }
    }
    return new RslDocument.License(permits, prohibits, payments, legal, texts, line);
  }

  private Optional<RslDocument.Term> term() throws XMLStreamException, RslReject {
    int line = line();
    String element = r.getLocalName();
    String type = Optional.ofNullable(attribute("type")).map(t -> t.strip().toLowerCase(Locale.ROOT)).orElse("");
    String text = textOf(4);
    if (!RslVocabulary.TERM_TYPES.contains(type)) {
      diags.add(Diagnostic.warning(UNKNOWN_TOKEN, "<" + element + " type=\"" + RslReader.clean(type) + "\">: the type is usage, user or geo; the element is ignored",
          null, Span.ofLine(line, 1, 1)));
      return Optional.empty();
    }
    List<String> values = new ArrayList<>();
    for (String v : RslReader.tokens(text)) {
      String token = type.equals("geo") ? v.toUpperCase(Locale.ROOT) : v.toLowerCase(Locale.ROOT);
      if (!values.contains(token)) {
        values.add(token);
      }
      check(element, type, token, line);
    }
    if (values.isEmpty()) {
      diags.add(Diagnostic.warning(MALFORMED, "<" + element + " type=\"" + type + "\"> lists nothing; it states nothing", null, Span.ofLine(line, 1, 1)));
    }
    return Optional.of(new RslDocument.Term(type, values, text, line));
  }

  private void check(String element, String type, String token, int line) {
    String where = "<" + element + " type=\"" + type + "\">";
    switch (type) {
      case "usage" -> {
        if (RslVocabulary.LEGACY.containsKey(token)) {
          diags.add(Diagnostic.warning(LEGACY_TOKEN, where + ": '" + RslReader.clean(token) + "' is a pre-1.0 token, read as "
              + RslVocabulary.LEGACY.get(token).purpose().token() + " (" + RslVocabulary.LEGACY.get(token).origin() + ")", null, Span.ofLine(line, 1, 1)));
        } else if (!RslVocabulary.USAGE.containsKey(token)) {
          diags.add(Diagnostic.warning(UNKNOWN_TOKEN, where + ": '" + RslReader.clean(token) + "' is no RSL 1.0 usage (" + String.join(", ", RslVocabulary.USAGE.keySet())
              + "); it is ignored", null, Span.ofLine(line, 1, 1)));
        }
      }
      case "user" -> {
        if (!RslVocabulary.USER.contains(token)) {
          diags.add(Diagnostic.warning(UNKNOWN_TOKEN, where + ": '" + RslReader.clean(token) + "' is no RSL 1.0 user type (" + String.join(", ", RslVocabulary.USER)
              + "); it matches no query", null, Span.ofLine(line, 1, 1)));
        }
      }
      default -> {
        if (token.length() != 2 || !Character.isLetter(token.charAt(0)) || !Character.isLetter(token.charAt(1)) || token.charAt(0) > 'Z' || token.charAt(1) > 'Z') {
          diags.add(Diagnostic.warning(UNKNOWN_TOKEN, where + ": '" + RslReader.clean(token) + "' is no ISO 3166-1 alpha-2 country code; it matches no query",
              null, Span.ofLine(line, 1, 1)));
        }
      }
    }
  }

  private RslDocument.Payment payment() throws XMLStreamException, RslReject {
    int line = line();
    String type = Optional.ofNullable(attribute("type")).map(t -> t.strip().toLowerCase(Locale.ROOT)).orElse("");
    List<RslDocument.Amount> amounts = new ArrayList<>();
    Optional<String> standard = Optional.empty();
    Optional<String> custom = Optional.empty();
    for (int e = nextChild(4); e != XMLStreamConstants.END_ELEMENT; e = nextChild(4)) {
      String name = isRsl() ? r.getLocalName() : "";
      switch (name) {
        case "amount" -> {
          int at = line();
          String currency = Optional.ofNullable(attribute("currency")).orElse("").strip();
          String value = textOf(5);
          if (currency.isEmpty()) {
            diags.add(Diagnostic.warning(MALFORMED, "<amount>" + RslReader.clean(value) + "</amount> names no currency", null, Span.ofLine(at, 1, 1)));
          }
          amounts.add(new RslDocument.Amount(value, currency, at));
        }
        case "standard" -> standard = Optional.of(textOf(5));
        case "custom" -> custom = Optional.of(textOf(5));
        default -> skip(5, "<payment>");
      }
    }
    if (type.isEmpty()) {
      type = amounts.isEmpty() && standard.isEmpty() && custom.isEmpty() ? "free" : "purchase";
      diags.add(Diagnostic.warning(MALFORMED, "<payment> has no type attribute; read as '" + type + "'", null, Span.ofLine(line, 1, 1)));
    } else if (!RslVocabulary.PAYMENT.contains(type)) {
      diags.add(Diagnostic.warning(UNKNOWN_TOKEN, "<payment type=\"" + RslReader.clean(type) + "\"> is no RSL 1.0 payment type ("
          + String.join(", ", RslVocabulary.PAYMENT) + "); read as a payment", null, Span.ofLine(line, 1, 1)));
    }
    return new RslDocument.Payment(type, amounts, standard, custom, line);
  }

  private RslDocument.Text text(int depth) throws XMLStreamException, RslReject {
    int line = line();
    String element = r.getLocalName();
    Map<String, String> attributes = new LinkedHashMap<>();
    for (int i = 0; i < r.getAttributeCount() && i < 16; i++) {
      attributes.put(r.getAttributeLocalName(i), RslReader.bounded(r.getAttributeValue(i)));
    }
    return new RslDocument.Text(element, attributes, textOf(depth), line);
  }

  // ---- the event stream -------------------------------------------------------------------

  /**
   * The next child element of the open element at {@code depth} (START_ELEMENT), or
   * END_ELEMENT when it closes; text between children is ignored.
   */
  private int nextChild(int depth) throws XMLStreamException, RslReject {
    while (r.hasNext()) {
      int e = r.next();
      if (e == XMLStreamConstants.START_ELEMENT) {
        count(depth + 1);
        return e;
      }
      if (e == XMLStreamConstants.END_ELEMENT) {
        return e;
      }
      if (e == XMLStreamConstants.DTD) {
        throw new RslReject(Diagnostic.error(UNREADABLE, "the licence has a DOCTYPE; read as if the site had none", null, here()));
      }
    }
    throw new XMLStreamException("the document ends inside an element");
  }

  /** The text of the open element, whose own depth is {@code depth}, to its end; child elements are skipped. */
  private String textOf(int depth) throws XMLStreamException, RslReject {
    StringBuilder sb = new StringBuilder();
    boolean cut = false;
    int line = line();
    while (r.hasNext()) {
      int e = r.next();
      if (e == XMLStreamConstants.CHARACTERS || e == XMLStreamConstants.CDATA || e == XMLStreamConstants.SPACE) {
        int room = MAX_TEXT - sb.length();
        int n = r.getTextLength();
        if (n > room) {
          cut = true;
        }
        sb.append(r.getTextCharacters(), r.getTextStart(), Math.max(0, Math.min(n, room)));
      } else if (e == XMLStreamConstants.START_ELEMENT) {
        count(depth + 1);
        skip(depth + 1, "<" + r.getLocalName() + ">");
      } else if (e == XMLStreamConstants.END_ELEMENT) {
        if (cut) {
          diags.add(Diagnostic.warning(MALFORMED, "the element's text is longer than " + MAX_TEXT + " characters; the rest is not read", null, Span.ofLine(line, 1, 1)));
        }
        return sb.toString().strip();
      }
    }
    throw new XMLStreamException("the document ends inside an element");
  }

  /** Skips the open element (at {@code depth}) and everything in it; an RSL element out of place is reported. */
  private void skip(int depth, String parent) throws XMLStreamException, RslReject {
    if (isRsl()) {
      diags.add(Diagnostic.warning(MALFORMED, "<" + RslReader.clean(r.getLocalName()) + "> is not read inside " + parent, null, here()));
    }
    int open = 1;
    while (open > 0 && r.hasNext()) {
      int e = r.next();
      if (e == XMLStreamConstants.START_ELEMENT) {
        count(depth + open);
        open++;
      } else if (e == XMLStreamConstants.END_ELEMENT) {
        open--;
      }
    }
  }

  private void count(int depth) throws RslReject {
    if (++elements > MAX_ELEMENTS) {
      throw new RslReject(Diagnostic.error(UNREADABLE, "the licence has more than " + MAX_ELEMENTS + " elements; read as if the site had none",
          null, here()));
    }
    if (depth > MAX_DEPTH) {
      throw new RslReject(Diagnostic.error(UNREADABLE, "elements nest deeper than " + MAX_DEPTH + " levels; read as if the site had none", null, here()));
    }
  }

  /** True for an element in RSL's namespace, or in none (a document that forgot its xmlns is read all the same). */
  private boolean isRsl() {
    String ns = r.getNamespaceURI();
    return ns == null || ns.isEmpty() || ns.equals(RslDocument.NAMESPACE);
  }

  private String attribute(String name) {
    String v = r.getAttributeValue(null, name);
    return v == null ? null : RslReader.bounded(v);
  }

  private int line() {
    Location l = r.getLocation();
    return l == null ? 1 : Math.max(1, l.getLineNumber());
  }

  private Span here() {
    return RslReader.at(RslReader.safeLocation(r));
  }
}
