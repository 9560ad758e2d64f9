package org.acapengine.adapters.rsl;

import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Span;

/**
 * Reads an RSL 1.0 licence ({@code application/rsl+xml}) with the JDK's own StAX parser,
 * configured for hostile input: no DTD (a DOCTYPE rejects the document), no external entities or
 * schemas, so no entity is ever expanded; the input, the nesting depth, the number of elements and
 * the text kept per element are bounded. Total: any bytes give a document, its problems as
 * diagnostics with line and column; a document that is not well-formed XML, has a DOCTYPE, is not
 * an {@code <rsl>} or passes a limit is rejected whole (no contents), as if the site had no
 * licence. Thread-safe.
 */
public final class RslReader {

  /** The largest licence read: 500 KiB, the limit RFC 9309 lets a robots.txt have. */
  public static final int DEFAULT_MAX_BYTES = 500 * 1024;

  /** The deepest nesting read (the schema needs 5: rsl, content, license, payment, amount). */
  public static final int MAX_DEPTH = 16;

  /** The most elements read. */
  public static final int MAX_ELEMENTS = 20_000;

  /** The code of a licence rejected whole: not XML, a DOCTYPE, an encoding not read, over a limit, not RSL (error). */
  public static final String UNREADABLE = "rsl-unreadable";

  /** The code of a structure RSL does not define or that states nothing (warning). */
  public static final String MALFORMED = "rsl-malformed";

  /** The code of a token, term type or payment type RSL 1.0 does not define (warning). */
  public static final String UNKNOWN_TOKEN = "rsl-unknown-token";

  /** The code of a pre-1.0 usage token, read as its document meant it (warning). */
  public static final String LEGACY_TOKEN = "rsl-legacy-token";

  /** The most characters of text kept per element. */
  public static final int MAX_TEXT = 4096;

  private final int maxBytes;

  /** A configured factory per thread: the JDK's reuses a reader inside, so one is not shared between threads. */
  private static final ThreadLocal<XMLInputFactory> FACTORY = ThreadLocal.withInitial(RslReader::factory);

  /** A reader with the default limit. */
  public RslReader() {
    this(DEFAULT_MAX_BYTES);
  }

  /**
   * A reader with a size limit.
   *
   * @param maxBytes the largest document read; a larger one is rejected whole
   */
  public RslReader(int maxBytes) {
    this.maxBytes = maxBytes;
  }

  /** The JDK's built-in StAX factory (never one found on the class path), made safe. */
  private static XMLInputFactory factory() {
    XMLInputFactory f = XMLInputFactory.newDefaultFactory();
    f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
    f.setProperty(XMLInputFactory.IS_COALESCING, true);
    f.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    trySet(f, XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    trySet(f, "http://www.oracle.com/xml/jaxp/properties/maxElementDepth", String.valueOf(MAX_DEPTH + 1));
    trySet(f, "http://www.oracle.com/xml/jaxp/properties/elementAttributeLimit", "64");
    return f;
  }

  private static void trySet(XMLInputFactory f, String property, Object value) {
    try {
      f.setProperty(property, value);
    } catch (IllegalArgumentException e) {
      // not every JDK names these limits; the reader enforces its own bounds anyway
    }
  }

  /** Why the document is rejected whole. */
  private static final class Reject extends Exception {
    private static final long serialVersionUID = 1L;
    final transient Diagnostic diagnostic;

    Reject(Diagnostic diagnostic) {
      super(diagnostic.message(), null, false, false);
      this.diagnostic = diagnostic;
    }
  }

  /**
   * Reads a licence.
   *
   * @param bytes the document as served
   * @param sourceName its name or URL, for diagnostics and decisions
   * @return the document; rejected whole, it has no contents and one error saying why
   */
  public RslDocument read(byte[] bytes, String sourceName) {
    if (bytes.length > maxBytes) {
      return rejected(sourceName, List.of(), Diagnostic.error(UNREADABLE,
          "the licence is " + bytes.length + " bytes, over the " + maxBytes + "-byte limit; read as if the site had none", null, Span.ofLine(1, 1, 1)));
    }
    List<Diagnostic> diags = new ArrayList<>();
    String text;
    try {
      text = decode(bytes);
    } catch (Reject e) {
      return rejected(sourceName, diags, e.diagnostic);
    }
    XMLStreamReader r = null;
    try {
      // Characters, not bytes: the JDK parser's own decoder prints malformed input to System.err.
      r = FACTORY.get().createXMLStreamReader(new StringReader(text));
      List<RslDocument.Content> contents = new Walk(r, diags).document();
      return new RslDocument(sourceName, contents, diags);
    } catch (Reject e) {
      return rejected(sourceName, diags, e.diagnostic);
    } catch (XMLStreamException | RuntimeException e) {
      Location l = e instanceof XMLStreamException x ? x.getLocation() : r == null ? null : safeLocation(r);
      return rejected(sourceName, diags, Diagnostic.error(UNREADABLE, "the licence is not well-formed XML (" + clean(e.getMessage())
          + "); read as if the site had none", null, at(l)));
    } finally {
      if (r != null) {
        try {
          r.close();
        } catch (XMLStreamException | RuntimeException e) {
          // nothing is held open but the bytes
        }
      }
    }
  }

  /** The encodings a licence may declare; anything else is refused rather than guessed. */
  private static final List<Charset> ENCODINGS = List.of(StandardCharsets.UTF_8, StandardCharsets.UTF_16, StandardCharsets.UTF_16BE,
      StandardCharsets.UTF_16LE, StandardCharsets.ISO_8859_1, StandardCharsets.US_ASCII, Charset.forName("windows-1252"));

  /**
   * The document's characters: its byte-order mark, else the encoding its XML declaration names
   * (one of {@link #ENCODINGS}), else UTF-8, decoded strictly.
   */
  static String decode(byte[] bytes) throws Reject {
    Charset cs = StandardCharsets.UTF_8;
    int skip = 0;
    if (bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF) {
      skip = 3;
    } else if (bytes.length >= 2 && ((bytes[0] & 0xFF) == 0xFE && (bytes[1] & 0xFF) == 0xFF || (bytes[0] & 0xFF) == 0xFF && (bytes[1] & 0xFF) == 0xFE)) {
      cs = StandardCharsets.UTF_16;
    } else {
      String declared = declaredEncoding(bytes);
      if (declared != null) {
        Charset named = null;
        try {
          named = Charset.forName(declared);
        } catch (IllegalArgumentException e) {
          // an unknown or malformed name: refused below
        }
        if (named == null || !ENCODINGS.contains(named)) {
          throw new Reject(Diagnostic.error(UNREADABLE, "the licence declares encoding '" + clean(declared)
              + "', which is not read (UTF-8, UTF-16, ISO-8859-1, US-ASCII, windows-1252); read as if the site had none", null, Span.ofLine(1, 1, 1)));
        }
        cs = named;
      }
    }
    java.nio.charset.CharsetDecoder decoder = cs.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes, skip, bytes.length - skip);
    java.nio.CharBuffer out = java.nio.CharBuffer.allocate((int) Math.min(Integer.MAX_VALUE - 8L, (long) bytes.length * 2 + 16));
    java.nio.charset.CoderResult result = decoder.decode(in, out, true);
    if (!result.isError()) {
      result = decoder.flush(out);
    }
    if (result.isError()) {
      int line = 1;
      for (int i = 0; i < out.position(); i++) {
        if (out.get(i) == '\n') {
          line++;
        }
      }
      throw new Reject(Diagnostic.error(UNREADABLE, "the licence is not valid " + cs.name() + " (at byte " + in.position()
          + "); read as if the site had none", null, Span.ofLine(line, 1, 1)));
    }
    return out.flip().toString();
  }

  /** The encoding name of an XML declaration at the start of the bytes, read as ASCII; null when there is none. */
  private static String declaredEncoding(byte[] bytes) {
    int n = Math.min(bytes.length, 256);
    String head = new String(bytes, 0, n, StandardCharsets.ISO_8859_1);
    if (!head.startsWith("<?xml")) {
      return null;
    }
    int end = head.indexOf("?>");
    String decl = end < 0 ? head : head.substring(0, end);
    int at = decl.indexOf("encoding");
    if (at < 0) {
      return null;
    }
    int q = at + "encoding".length();
    while (q < decl.length() && (decl.charAt(q) == ' ' || decl.charAt(q) == '=' || decl.charAt(q) == '\t')) {
      q++;
    }
    if (q >= decl.length() || decl.charAt(q) != '"' && decl.charAt(q) != '\'') {
      return null;
    }
    int close = decl.indexOf(decl.charAt(q), q + 1);
    return close < 0 ? null : decl.substring(q + 1, close).strip();
  }

  private static RslDocument rejected(String sourceName, List<Diagnostic> before, Diagnostic why) {
    List<Diagnostic> all = new ArrayList<>(before);
    all.add(why);
    return new RslDocument(sourceName, List.of(), all);
  }

  private static Location safeLocation(XMLStreamReader r) {
    try {
      return r.getLocation();
    } catch (RuntimeException e) {
      return null;
    }
  }

  static Span at(Location l) {
    if (l == null) {
      return Span.ofLine(1, 1, 1);
    }
    return Span.ofLine(Math.max(1, l.getLineNumber()), Math.max(1, l.getColumnNumber()), 1);
  }

  /** A parser message as one short line: the JDK's quote the input and may span lines. */
  private static String clean(String message) {
    String m = message == null ? "no detail" : message;
    int detail = m.lastIndexOf("Message: ");
    if (detail >= 0) {
      m = m.substring(detail + "Message: ".length());
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < m.length() && sb.length() < 160; i++) {
      char c = m.charAt(i);
      sb.append(c < 0x20 || c == 0x7F ? ' ' : c);
    }
    return sb.toString().strip();
  }

  /** One pass over the events, building the model; limits and structure checked as it goes. */
  private static final class Walk {
    private final XMLStreamReader r;
    private final List<Diagnostic> diags;
    private int elements;

    Walk(XMLStreamReader r, List<Diagnostic> diags) {
      this.r = r;
      this.diags = diags;
    }

    List<RslDocument.Content> document() throws XMLStreamException, Reject {
      while (r.hasNext()) {
        int e = r.next();
        if (e == XMLStreamConstants.DTD) {
          throw new Reject(Diagnostic.error(UNREADABLE, "the licence has a DOCTYPE: RSL documents have none, and no DTD is read; read as if the site had none",
              null, here()));
        }
        if (e == XMLStreamConstants.START_ELEMENT) {
          count(1);
          if (!r.getLocalName().equals("rsl")) {
            return feed();
          }
          if (!RslDocument.NAMESPACE.equals(r.getNamespaceURI())) {
            String ns = r.getNamespaceURI();
            diags.add(Diagnostic.warning(MALFORMED, "<rsl> is in " + (ns == null || ns.isEmpty() ? "no namespace" : "the namespace '" + clean(ns) + "'")
                + ", not " + RslDocument.NAMESPACE + "; read as RSL all the same", null, here()));
          }
          List<RslDocument.Content> contents = rsl();
          while (r.hasNext()) {
            if (r.next() == XMLStreamConstants.DTD) {
              throw new Reject(Diagnostic.error(UNREADABLE, "the licence has a DOCTYPE; read as if the site had none", null, here()));
            }
          }
          if (contents.isEmpty()) {
            diags.add(Diagnostic.warning(MALFORMED, "<rsl> holds no usable <content>, so the licence covers nothing", null, Span.ofLine(1, 1, 1)));
          }
          return contents;
        }
      }
      throw new Reject(Diagnostic.error(UNREADABLE, "the licence has no root element; read as if the site had none", null, Span.ofLine(1, 1, 1)));
    }

    /**
     * A licence feed (an RSS document with the RSL module, rslstandard.org/guide/file-format) or
     * any other document: the {@code <content>} elements in RSL's namespace, wherever they stand.
     */
    private List<RslDocument.Content> feed() throws XMLStreamException, Reject {
      String root = r.getLocalName();
      List<RslDocument.Content> contents = new ArrayList<>();
      int depth = 1;
      while (r.hasNext()) {
        int e = r.next();
        if (e == XMLStreamConstants.DTD) {
          throw new Reject(Diagnostic.error(UNREADABLE, "the licence has a DOCTYPE; read as if the site had none", null, here()));
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
        throw new Reject(Diagnostic.error(UNREADABLE, "the root element is <" + clean(root) + ">, not <rsl>, and the document holds no <content> in the RSL"
            + " namespace (" + RslDocument.NAMESPACE + "); read as if the site had none", null, Span.ofLine(1, 1, 1)));
      }
      return contents;
    }

    private List<RslDocument.Content> rsl() throws XMLStreamException, Reject {
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
            diags.add(Diagnostic.warning(MALFORMED, "a second <content url=\"" + clean(c.get().url())
                + "\">: each <content> must define a distinct asset; both are read, and the more restrictive decides", null, Span.ofLine(c.get().line(), 1, 1)));
          }
          contents.add(c.get());
        }
      }
      return contents;
    }

    private Optional<RslDocument.Content> content() throws XMLStreamException, Reject {
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
        diags.add(Diagnostic.warning(MALFORMED, "<content url=\"" + clean(url) + "\"> has no <license>: it states no terms",
            null, Span.ofLine(line, 1, 1)));
      }
      return Optional.of(new RslDocument.Content(url.strip(), server, encrypted, lastmod, licenses, texts, line));
    }

    private RslDocument.License license() throws XMLStreamException, Reject {
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

    private Optional<RslDocument.Term> term() throws XMLStreamException, Reject {
      int line = line();
      String element = r.getLocalName();
      String type = Optional.ofNullable(attribute("type")).map(t -> t.strip().toLowerCase(Locale.ROOT)).orElse("");
      String text = textOf(4);
      if (!RslVocabulary.TERM_TYPES.contains(type)) {
        diags.add(Diagnostic.warning(UNKNOWN_TOKEN, "<" + element + " type=\"" + clean(type) + "\">: the type is usage, user or geo; the element is ignored",
            null, Span.ofLine(line, 1, 1)));
        return Optional.empty();
      }
      List<String> values = new ArrayList<>();
      for (String v : tokens(text)) {
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
            diags.add(Diagnostic.warning(LEGACY_TOKEN, where + ": '" + clean(token) + "' is a pre-1.0 token, read as "
                + RslVocabulary.LEGACY.get(token).purpose().token() + " (" + RslVocabulary.LEGACY.get(token).origin() + ")", null, Span.ofLine(line, 1, 1)));
          } else if (!RslVocabulary.USAGE.containsKey(token)) {
            diags.add(Diagnostic.warning(UNKNOWN_TOKEN, where + ": '" + clean(token) + "' is no RSL 1.0 usage (" + String.join(", ", RslVocabulary.USAGE.keySet())
                + "); it is ignored", null, Span.ofLine(line, 1, 1)));
          }
        }
        case "user" -> {
          if (!RslVocabulary.USER.contains(token)) {
            diags.add(Diagnostic.warning(UNKNOWN_TOKEN, where + ": '" + clean(token) + "' is no RSL 1.0 user type (" + String.join(", ", RslVocabulary.USER)
                + "); it matches no query", null, Span.ofLine(line, 1, 1)));
          }
        }
        default -> {
          if (token.length() != 2 || !Character.isLetter(token.charAt(0)) || !Character.isLetter(token.charAt(1)) || token.charAt(0) > 'Z' || token.charAt(1) > 'Z') {
            diags.add(Diagnostic.warning(UNKNOWN_TOKEN, where + ": '" + clean(token) + "' is no ISO 3166-1 alpha-2 country code; it matches no query",
                null, Span.ofLine(line, 1, 1)));
          }
        }
      }
    }

    private RslDocument.Payment payment() throws XMLStreamException, Reject {
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
              diags.add(Diagnostic.warning(MALFORMED, "<amount>" + clean(value) + "</amount> names no currency", null, Span.ofLine(at, 1, 1)));
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
        diags.add(Diagnostic.warning(UNKNOWN_TOKEN, "<payment type=\"" + clean(type) + "\"> is no RSL 1.0 payment type ("
            + String.join(", ", RslVocabulary.PAYMENT) + "); read as a payment", null, Span.ofLine(line, 1, 1)));
      }
      return new RslDocument.Payment(type, amounts, standard, custom, line);
    }

    private RslDocument.Text text(int depth) throws XMLStreamException, Reject {
      int line = line();
      String element = r.getLocalName();
      Map<String, String> attributes = new LinkedHashMap<>();
      for (int i = 0; i < r.getAttributeCount() && i < 16; i++) {
        attributes.put(r.getAttributeLocalName(i), bounded(r.getAttributeValue(i)));
      }
      return new RslDocument.Text(element, attributes, textOf(depth), line);
    }

    // ---- the event stream -------------------------------------------------------------------

    /**
     * The next child element of the open element at {@code depth} (START_ELEMENT), or
     * END_ELEMENT when it closes; text between children is ignored.
     */
    private int nextChild(int depth) throws XMLStreamException, Reject {
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
          throw new Reject(Diagnostic.error(UNREADABLE, "the licence has a DOCTYPE; read as if the site had none", null, here()));
        }
      }
      throw new XMLStreamException("the document ends inside an element");
    }

    /** The text of the open element, whose own depth is {@code depth}, to its end; child elements are skipped. */
    private String textOf(int depth) throws XMLStreamException, Reject {
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
    private void skip(int depth, String parent) throws XMLStreamException, Reject {
      if (isRsl()) {
        diags.add(Diagnostic.warning(MALFORMED, "<" + clean(r.getLocalName()) + "> is not read inside " + parent, null, here()));
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

    private void count(int depth) throws Reject {
      if (++elements > MAX_ELEMENTS) {
        throw new Reject(Diagnostic.error(UNREADABLE, "the licence has more than " + MAX_ELEMENTS + " elements; read as if the site had none",
            null, here()));
      }
      if (depth > MAX_DEPTH) {
        throw new Reject(Diagnostic.error(UNREADABLE, "elements nest deeper than " + MAX_DEPTH + " levels; read as if the site had none", null, here()));
      }
    }

    /** True for an element in RSL's namespace, or in none (a document that forgot its xmlns is read all the same). */
    private boolean isRsl() {
      String ns = r.getNamespaceURI();
      return ns == null || ns.isEmpty() || ns.equals(RslDocument.NAMESPACE);
    }

    private String attribute(String name) {
      String v = r.getAttributeValue(null, name);
      return v == null ? null : bounded(v);
    }

    private int line() {
      Location l = r.getLocation();
      return l == null ? 1 : Math.max(1, l.getLineNumber());
    }

    private Span here() {
      return at(safeLocation(r));
    }
  }

  /** Tokens of a permits/prohibits text: separated by commas and white space. */
  static List<String> tokens(String text) {
    List<String> out = new ArrayList<>();
    int start = -1;
    for (int i = 0; i <= text.length(); i++) {
      boolean sep = i == text.length() || text.charAt(i) == ',' || Character.isWhitespace(text.charAt(i));
      if (sep) {
        if (start >= 0) {
          out.add(text.substring(start, i));
          start = -1;
        }
      } else if (start < 0) {
        start = i;
      }
    }
    return out;
  }

  private static String bounded(String s) {
    return s.length() > MAX_TEXT ? s.substring(0, MAX_TEXT) : s;
  }
}
