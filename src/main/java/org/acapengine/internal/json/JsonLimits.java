package org.acapengine.internal.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;

/**
 * Jackson factories for untrusted JSON: strict JSON (no comments, no single quotes), every
 * string, number, name, document and nesting depth bounded, and field names not interned into the
 * JVM's string table.
 *
 * <p>Field-name canonicalisation stays on: without it Jackson reads bytes through a {@code
 * Reader} (slower, and without byte offsets, which the metadata splice needs). Its symbol table
 * does not grow with the input: a parser's table is merged back into the factory's only while it
 * holds fewer than a few thousand names, and is otherwise discarded.
 */
public final class JsonLimits {

  /** The deepest nesting allowed in a page, item or metadata object. */
  public static final int MAX_NESTING = 500;

  private JsonLimits() {}

  /**
   * A factory for parsing documents of at most {@code maxDocumentBytes} bytes.
   *
   * @param maxDocumentBytes the largest document, in bytes
   * @return a new factory
   */
  public static JsonFactory factory(long maxDocumentBytes) {
    return factory(maxDocumentBytes, maxDocumentBytes);
  }

  /**
   * A factory for parsing documents of at most {@code maxDocumentBytes} bytes whose strings are
   * at most {@code maxStringChars} characters long.
   *
   * @param maxDocumentBytes the largest document, in bytes
   * @param maxStringChars the longest string value, in characters
   * @return a new factory
   */
  public static JsonFactory factory(long maxDocumentBytes, long maxStringChars) {
    int maxString = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(1024, maxStringChars));
    StreamReadConstraints constraints =
        StreamReadConstraints.builder()
            .maxDocumentLength(maxDocumentBytes + 2)
            .maxStringLength(maxString)
            .maxNameLength(Math.min(maxString, 1_000_000))
            .maxNumberLength(1000)
            .maxNestingDepth(MAX_NESTING)
            .build();
    return JsonFactory.builder()
        .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
        .streamReadConstraints(constraints)
        .build();
  }
}
