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
    } catch (RslReject e) {
      return rejected(sourceName, diags, e.diagnostic);
    }
    XMLStreamReader r = null;
    try {
      // Characters, not bytes: the JDK parser's own decoder prints malformed input to System.err.
      r = FACTORY.get().createXMLStreamReader(new StringReader(text));
      List<RslDocument.Content> contents = new RslWalk(r, diags).document();
      return new RslDocument(sourceName, contents, diags);
    } catch (RslReject e) {
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
  static String decode(byte[] bytes) throws RslReject {
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
          throw new RslReject(Diagnostic.error(UNREADABLE, "the licence declares encoding '" + clean(declared)
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
      throw new RslReject(Diagnostic.error(UNREADABLE, "the licence is not valid " + cs.name() + " (at byte " + in.position()
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

  static Location safeLocation(XMLStreamReader r) {
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

  /**
   * A parser message or a quoted value as one short line: the JDK's messages quote the input and
   * may span lines, and a value may hold any control or line separator.
   */
  static String clean(String message) {
    String m = message == null ? "no detail" : message;
    int detail = m.lastIndexOf("Message: ");
    if (detail >= 0) {
      m = m.substring(detail + "Message: ".length());
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < m.length() && sb.length() < 160; i++) {
      char c = m.charAt(i);
      sb.append(breaksALine(c) ? ' ' : c);
    }
    return sb.toString().strip();
  }

  /**
   * A C0 or C1 control, DEL, or a Unicode line or paragraph separator: what a terminal or viewer
   * may act on or break a line at. XML 1.0 keeps NEL (U+0085) and U+2028 in attribute values.
   */
  static boolean breaksALine(char c) {
    return c < 0x20 || c >= 0x7F && c <= 0x9F || c == '\u2028' || c == '\u2029';
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

  static String bounded(String s) {
    return s.length() > MAX_TEXT ? s.substring(0, MAX_TEXT) : s;
  }
}
