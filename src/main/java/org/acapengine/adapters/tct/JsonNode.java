package org.acapengine.adapters.tct;

import java.util.List;
import java.util.Objects;
import org.acapengine.model.Span;

/**
 * A JSON value with the region of the source it was read from. Jackson's own tree drops
 * locations, and every diagnostic of the TCT reader must point at a line and column, so
 * {@link LocatedJsonParser} builds this small tree instead. Objects keep every member in source
 * order, duplicates included: {@link TctPolicyReader} decides what duplicates mean.
 */
sealed interface JsonNode {

  Span span();

  /** The JSON type name used in diagnostics: object, array, string, number, boolean, null. */
  String typeName();

  record JsonObject(List<Member> members, Span span) implements JsonNode {
    public JsonObject {
      members = List.copyOf(members);
      Objects.requireNonNull(span, "span");
    }

    @Override
    public String typeName() {
      return "object";
    }
  }

  /** One {@code "name": value} pair; {@code nameSpan} covers the quoted name. */
  record Member(String name, Span nameSpan, JsonNode value) {}

  record JsonArray(int size, Span span) implements JsonNode {
    @Override
    public String typeName() {
      return "array";
    }
  }

  record JsonString(String value, Span span) implements JsonNode {
    @Override
    public String typeName() {
      return "string";
    }
  }

  /** A number kept as its source text; {@code integer} when it has no fraction or exponent. */
  record JsonNumber(String text, boolean integer, Span span) implements JsonNode {
    @Override
    public String typeName() {
      return "number";
    }
  }

  record JsonBoolean(boolean value, Span span) implements JsonNode {
    @Override
    public String typeName() {
      return "boolean";
    }
  }

  record JsonNull(Span span) implements JsonNode {
    @Override
    public String typeName() {
      return "null";
    }
  }
}
