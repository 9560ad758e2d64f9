package org.acapengine.collections.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;

/**
 * Jackson factories for untrusted JSON: strict JSON (no comments, no single quotes), every
 * string, number, name, document and nesting depth bounded, and field names not interned — a
 * collection with millions of distinct keys must not grow a symbol table, so memory stays flat.
 */
public final class JsonLimits {

  /** The deepest nesting allowed in a page, item or metadata object. */
  public static final int MAX_NESTING = 500;

  private JsonLimits() {}

  /** A factory for parsing documents of at most {@code maxDocumentBytes} bytes. */
  public static JsonFactory factory(long maxDocumentBytes) {
    int maxString = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(1024, maxDocumentBytes));
    StreamReadConstraints constraints =
        StreamReadConstraints.builder()
            .maxDocumentLength(maxDocumentBytes + 2)
            .maxStringLength(maxString)
            .maxNameLength(Math.min(maxString, 1_000_000))
            .maxNumberLength(1000)
            .maxNestingDepth(MAX_NESTING)
            .build();
    return JsonFactory.builder()
        .disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES)
        .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
        .streamReadConstraints(constraints)
        .build();
  }
}
