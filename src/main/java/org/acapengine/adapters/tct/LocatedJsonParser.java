package org.acapengine.adapters.tct;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.acapengine.adapters.tct.JsonNode.JsonArray;
import org.acapengine.adapters.tct.JsonNode.JsonBoolean;
import org.acapengine.adapters.tct.JsonNode.JsonNull;
import org.acapengine.adapters.tct.JsonNode.JsonNumber;
import org.acapengine.adapters.tct.JsonNode.JsonObject;
import org.acapengine.adapters.tct.JsonNode.JsonString;
import org.acapengine.adapters.tct.JsonNode.Member;
import org.acapengine.model.Span;

/**
 * Strict RFC 8259 parsing (Jackson streaming, no comments, no trailing content, no NaN) of an
 * already-decoded document into a {@link JsonNode} tree with locations. Nesting deeper than
 * {@code maxDepth} (the top-level value is depth 1) fails the whole parse, as does anything that
 * is not exactly one JSON value. Columns count UTF-16 code units because Jackson reads a
 * {@link String} here.
 */
final class LocatedJsonParser {

  /** Why a document could not be parsed, and where. */
  record Failure(String message, Span span, boolean limit) {}

  /** Either a tree or a failure. */
  record Outcome(Optional<JsonNode> tree, Optional<Failure> failure) {}

  private final JsonFactory factory;
  private final int maxDepth;

  LocatedJsonParser(int maxDepth) {
    this.maxDepth = maxDepth;
    this.factory = JsonFactory.builder()
        .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(maxDepth + 1).build())
        .build();
  }

  Outcome parse(String text) {
    try (JsonParser p = factory.createParser(text)) {
      JsonToken first = p.nextToken();
      if (first == null) {
        return failed("the document is empty", new Span(1, 1, 1, 1), false);
      }
      JsonNode root = value(p, 1);
      if (root == null) {
        return failed("JSON nesting deeper than " + maxDepth + " levels", locationSpan(p.currentTokenLocation()), true);
      }
      JsonToken trailing = p.nextToken();
      if (trailing != null) {
        return failed("content after the end of the top-level value", locationSpan(p.currentTokenLocation()), false);
      }
      return new Outcome(Optional.of(root), Optional.empty());
    } catch (JacksonException e) {
      String message = e.getOriginalMessage() == null ? e.getClass().getSimpleName() : firstLine(e.getOriginalMessage());
      return failed(message, locationSpan(e.getLocation()), false);
    } catch (IOException e) {
      return failed(String.valueOf(e.getMessage()), new Span(1, 1, 1, 1), false);
    }
  }

  /** Reads the value at the current token; null when the depth limit was exceeded. */
  private JsonNode value(JsonParser p, int depth) throws IOException {
    JsonLocation start = p.currentTokenLocation();
    JsonToken token = p.currentToken();
    switch (token) {
      case START_OBJECT:
        return depth > maxDepth ? null : object(p, depth, start);
      case START_ARRAY:
        return depth > maxDepth ? null : array(p, depth, start);
      case VALUE_STRING: {
        String s = p.getText();
        return new JsonString(s, tokenSpan(start, p.currentLocation()));
      }
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT: {
        String s = p.getText();
        return new JsonNumber(s, token == JsonToken.VALUE_NUMBER_INT, tokenSpan(start, p.currentLocation()));
      }
      case VALUE_TRUE:
      case VALUE_FALSE:
        return new JsonBoolean(token == JsonToken.VALUE_TRUE, tokenSpan(start, p.currentLocation()));
      case VALUE_NULL:
        return new JsonNull(tokenSpan(start, p.currentLocation()));
      default:
        throw new IllegalStateException("unexpected JSON token " + token);
    }
  }

  private JsonNode object(JsonParser p, int depth, JsonLocation start) throws IOException {
    List<Member> members = new ArrayList<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      JsonLocation nameStart = p.currentTokenLocation();
      String name = p.currentName();
      Span nameSpan = Span.ofLine(Math.max(nameStart.getLineNr(), 1), Math.max(nameStart.getColumnNr(), 1), name.length() + 2);
      p.nextToken();
      JsonNode v = value(p, depth + 1);
      if (v == null) {
        return null;
      }
      members.add(new Member(name, nameSpan, v));
    }
    return new JsonObject(members, tokenSpan(start, p.currentTokenLocation(), 1, true));
  }

  private JsonNode array(JsonParser p, int depth, JsonLocation start) throws IOException {
    int size = 0;
    while (p.nextToken() != JsonToken.END_ARRAY) {
      if (value(p, depth + 1) == null) {
        return null;
      }
      size++;
    }
    return new JsonArray(size, tokenSpan(start, p.currentTokenLocation(), 1, true));
  }

  private static Outcome failed(String message, Span span, boolean limit) {
    return new Outcome(Optional.empty(), Optional.of(new Failure(message, span, limit)));
  }

  /** From the token start to the character before {@code after}. */
  private static Span tokenSpan(JsonLocation start, JsonLocation after) {
    return tokenSpan(start, after, 0, false);
  }

  /**
   * A span from {@code start}; it ends at {@code end} itself when {@code inclusive}, else at the
   * character before it; falls back to {@code minLength} characters from the start when Jackson's
   * locations do not give a sensible end.
   */
  private static Span tokenSpan(JsonLocation start, JsonLocation end, int minLength, boolean inclusive) {
    int line = Math.max(start.getLineNr(), 1);
    int column = Math.max(start.getColumnNr(), 1);
    int endLine = end.getLineNr();
    int endColumn = inclusive ? end.getColumnNr() : end.getColumnNr() - 1;
    if (endLine > line || (endLine == line && endColumn >= column && endColumn >= column + minLength - 1)) {
      return new Span(line, column, endLine, Math.max(endColumn, 1));
    }
    return Span.ofLine(line, column, Math.max(minLength, 1));
  }

  private static Span locationSpan(JsonLocation location) {
    if (location == null) {
      return new Span(1, 1, 1, 1);
    }
    return new Span(Math.max(location.getLineNr(), 1), Math.max(location.getColumnNr(), 1),
        Math.max(location.getLineNr(), 1), Math.max(location.getColumnNr(), 1));
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
