package org.acapengine.adapters.tct;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.adapters.tct.JsonNode.JsonObject;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Span;

/**
 * Reads a TCT {@code llm-policy.json} policy descriptor (tct-collab-tunnel-draft.txt, informative
 * section "policy descriptor") without trusting it.
 *
 * <p>The document is rejected whole (no policy, one error: "as if the site had none") when it is
 * larger than the size limit, is not UTF-8 (RFC 8259 section 8.1; a leading BOM is ignored), is
 * not exactly one JSON value, nests deeper than the depth limit, or its top-level value is not an
 * object. Otherwise every member is checked on its own: a wrong type, an unknown member, an
 * unknown or missing profile, a bad timestamp or URL gives a diagnostic at the member's line and
 * column, and only the valid members make up the {@link TctPolicy}. Duplicate names: the last
 * occurrence is used, as JSON.parse and most parsers do (RFC 8259 section 4), and every
 * overridden occurrence gets a warning.
 */
public final class TctPolicyReader {

  /** 64 KiB: the draft's example is under 1 KiB. */
  public static final int DEFAULT_MAX_BYTES = 64 * 1024;
  /** The schema needs 2 levels; 16 leaves room for extensions without letting input exhaust the stack. */
  public static final int DEFAULT_MAX_DEPTH = 16;
  /** The largest depth limit a caller may configure (the parser recurses once per level). */
  public static final int MAX_DEPTH_LIMIT = 512;

  private static final Span DOCUMENT = new Span(1, 1, 1, 1);

  private final int maxBytes;
  private final LocatedJsonParser parser;

  /** A reader with {@link #DEFAULT_MAX_BYTES} and {@link #DEFAULT_MAX_DEPTH}. */
  public TctPolicyReader() {
    this(DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH);
  }

  /**
   * @param maxBytes the largest document accepted, in bytes (at least 1)
   * @param maxDepth the deepest nesting accepted, the top-level object being level 1 (2 to
   *     {@link #MAX_DEPTH_LIMIT})
   */
  public TctPolicyReader(int maxBytes, int maxDepth) {
    if (maxBytes < 1) {
      throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
    }
    if (maxDepth < 2 || maxDepth > MAX_DEPTH_LIMIT) {
      throw new IllegalArgumentException("maxDepth must be between 2 and " + MAX_DEPTH_LIMIT + ": " + maxDepth);
    }
    this.maxBytes = maxBytes;
    this.parser = new LocatedJsonParser(maxDepth);
  }

  /**
   * Reads one descriptor; never throws for any content of {@code json}.
   *
   * @param json the raw document bytes (UTF-8), size-limited by the reader
   * @param sourceName where the document came from, for messages
   * @return the policy, or empty when the document was rejected whole, and every diagnostic
   */
  public TctPolicyResult read(byte[] json, String sourceName) {
    Objects.requireNonNull(json, "json");
    Objects.requireNonNull(sourceName, "sourceName");
    if (json.length > maxBytes) {
      return rejected(Diagnostic.error("tct-too-large",
          "policy descriptor is larger than the limit of " + maxBytes + " bytes; ignored as if absent",
          "keep llm-policy.json small; the draft's example is under 1 KiB", DOCUMENT));
    }
    Decoded decoded = decodeUtf8(json);
    if (decoded.text().isEmpty()) {
      return rejected(Diagnostic.error("tct-bad-encoding",
          "policy descriptor is not UTF-8 (" + decoded.problem() + "); ignored as if absent",
          "JSON exchanged between systems must be UTF-8 (RFC 8259 section 8.1)", decoded.problemSpan()));
    }
    String text = decoded.text().get();
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1);
    }
    LocatedJsonParser.Outcome outcome = parser.parse(text);
    if (outcome.failure().isPresent()) {
      LocatedJsonParser.Failure f = outcome.failure().get();
      return rejected(f.limit()
          ? Diagnostic.error("tct-too-deep", f.message() + "; policy descriptor ignored as if absent",
              "tct-policy-1 nests two levels deep", f.span())
          : Diagnostic.error("tct-not-json", "policy descriptor is not JSON: " + f.message() + "; ignored as if absent",
              "serve exactly one complete JSON object", f.span()));
    }
    JsonNode root = outcome.tree().orElseThrow();
    if (!(root instanceof JsonObject)) {
      return rejected(Diagnostic.error("tct-not-object",
          "the top level of the policy descriptor is " + article(root.typeName()) + ", not an object; ignored as if absent",
          "the descriptor is one JSON object: {\"profile\": \"tct-policy-1\", ...}", root.span()));
    }
    TctDescriptorInterpreter interpreter = new TctDescriptorInterpreter(sourceName);
    TctPolicy policy = interpreter.interpret((JsonObject) root);
    return new TctPolicyResult(Optional.of(policy), interpreter.diagnostics());
  }

  private static TctPolicyResult rejected(Diagnostic why) {
    return new TctPolicyResult(Optional.empty(), List.of(why));
  }

  private static String article(String typeName) {
    return (typeName.startsWith("a") || typeName.startsWith("o") ? "an " : "a ") + typeName;
  }

  private record Decoded(Optional<String> text, String problem, Span problemSpan) {}

  /** Strict UTF-8: malformed or unmappable input is reported with the line and column where it starts. */
  private static Decoded decodeUtf8(byte[] bytes) {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length + 1);
    CoderResult result = decoder.decode(in, out, true);
    if (!result.isError()) {
      result = decoder.flush(out);
    }
    if (result.isError()) {
      return new Decoded(Optional.empty(), "invalid byte sequence at byte offset " + in.position(), spanAt(out));
    }
    out.flip();
    return new Decoded(Optional.of(out.toString()), "", DOCUMENT);
  }

  /** The line and column (in decoded characters) just after what was decoded so far. */
  private static Span spanAt(CharBuffer decodedSoFar) {
    decodedSoFar.flip();
    int line = 1;
    int column = 1;
    while (decodedSoFar.hasRemaining()) {
      char c = decodedSoFar.get();
      if (c == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
    return Span.ofLine(line, column, 1);
  }
}
