package org.acapengine.parse;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.SourceText;

/**
 * Parses robots.txt content into a {@link PolicyDocument}. Total: any byte sequence gives a
 * document; problems are diagnostics in it, never exceptions. Thread-safe and stateless.
 */
public final class RobotsTxtParser {

  private final ParseOptions options;

  /**
   * A parser with the default limits ({@link ParseOptions#defaults()}).
   */
  public RobotsTxtParser() {
    this(ParseOptions.defaults());
  }

  /**
   * A parser with the given limits.
   *
   * @param options the size limit; not null
   */
  public RobotsTxtParser(ParseOptions options) {
    this.options = Objects.requireNonNull(options, "options");
  }

  /**
   * Parses raw bytes (the file as served), read as UTF-8.
   *
   * @param content the file's bytes
   * @param sourceName the file's name, for spans and diagnostics
   * @return the document, whole, with every diagnostic; never throws on content
   */
  public PolicyDocument parse(byte[] content, String sourceName) {
    return parse(content, content.length, sourceName);
  }

  /**
   * Parses the first bytes of a larger file: a caller that read only up to the size limit (plus
   * one byte, so truncation shows) passes the file's real size for the model to report.
   *
   * @param content the first bytes of the file
   * @param fileSize the file's real size in bytes
   * @param sourceName the file's name, for spans and diagnostics
   * @return the document, whole, with every diagnostic; never throws on content
   */
  public PolicyDocument parse(byte[] content, long fileSize, String sourceName) {
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(sourceName, "sourceName");
    SourceDecoder.Decoded decoded = SourceDecoder.decode(content, options);
    SourceText source = new SourceText(sourceName, decoded.lines(), Math.max(fileSize, content.length), decoded.truncated(), decoded.byteOrderMark(), decoded.validUtf8());
    return GrammarDriver.build(source, decoded.diagnostics());
  }

  /** {@link #parse(byte[], String)} through the grammar alone, never the fast path: the reference in tests. */
  PolicyDocument parseWithGrammar(byte[] content, String sourceName) {
    SourceDecoder.Decoded decoded = SourceDecoder.decode(content, options);
    SourceText source = new SourceText(sourceName, decoded.lines(), content.length, decoded.truncated(), decoded.byteOrderMark(), decoded.validUtf8());
    return GrammarDriver.buildWithGrammar(source, decoded.diagnostics());
  }

  /**
   * Parses text (encoded as UTF-8 first, so size limits count bytes as for a file).
   *
   * @param content the file's text
   * @param sourceName the file's name, for spans and diagnostics
   * @return the document, whole, with every diagnostic; never throws on content
   */
  public PolicyDocument parse(String content, String sourceName) {
    return parse(content.getBytes(StandardCharsets.UTF_8), sourceName);
  }

  /**
   * The limits this parser applies.
   *
   * @return the options
   */
  public ParseOptions options() {
    return options;
  }
}
