package org.acapengine.serve;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.acapengine.render.PlainText;
import org.acapengine.render.Spelling;

/**
 * One request's JSON object, read with limits (nesting, string and number length, no duplicate
 * keys), and its fields read with checks: a field of the wrong type, a missing field or one the
 * endpoint does not take is an {@link ApiException} (400) naming it; a file over the size limit is
 * a 413.
 */
final class RequestBody {

  private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
      .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(8).maxNumberLength(32).maxStringLength(8 * 1024 * 1024).build())
      .build());

  /** The most URLs one {@code /v1/decide} or {@code /v1/diff} request may ask about. */
  static final int MAX_URLS = 10_000;

  private final ObjectNode node;
  private final long maxFileBytes;

  private RequestBody(ObjectNode node, long maxFileBytes) {
    this.node = node;
    this.maxFileBytes = maxFileBytes;
  }

  /**
   * Reads a body that must be one JSON object whose field names are all in {@code accepted}.
   *
   * @param body the bytes (UTF-8)
   * @param accepted the field names the endpoint takes
   * @param maxFileBytes the largest file field, in UTF-8 bytes
   * @return the body
   * @throws ApiException 400 for anything else
   */
  static RequestBody parse(byte[] body, Set<String> accepted, long maxFileBytes) {
    JsonNode root;
    try (JsonParser p = JSON.createParser(body)) {
      root = JSON.readTree(p);
      if (root != null && p.nextToken() != null) {
        throw ApiException.badRequest("the body must be one JSON object, with nothing after it");
      }
    } catch (JsonProcessingException e) {
      String m = e.getOriginalMessage();
      throw ApiException.badRequest("the body is not valid JSON: " + PlainText.shorten(m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(""), 160)
          + " (line " + (e.getLocation() == null ? "?" : e.getLocation().getLineNr()) + ")");
    } catch (IOException e) {
      throw ApiException.badRequest("the body cannot be read");
    }
    if (root == null || !root.isObject()) {
      throw ApiException.badRequest("the body must be a JSON object");
    }
    for (Iterator<String> it = root.fieldNames(); it.hasNext();) {
      String f = it.next();
      if (!accepted.contains(f)) {
        throw ApiException.badRequest("unknown field '" + PlainText.shorten(f, 60) + "'" + Spelling.didYouMean(f, accepted));
      }
    }
    return new RequestBody((ObjectNode) root, maxFileBytes);
  }

  boolean has(String field) {
    return node.hasNonNull(field);
  }

  /** A string field, if present; a present field of another type is refused. */
  Optional<String> string(String field) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return Optional.empty();
    }
    if (!v.isTextual()) {
      throw ApiException.badRequest("'" + field + "' must be a string");
    }
    return Optional.of(v.asText());
  }

  /** A string field that must be present and not blank. */
  String required(String field) {
    String s = string(field).orElseThrow(() -> ApiException.badRequest("'" + field + "' is required"));
    if (s.isBlank()) {
      throw ApiException.badRequest("'" + field + "' must not be blank");
    }
    return s;
  }

  /** A file's text: a string of at most the file limit in UTF-8 bytes (413 above). */
  Optional<String> file(String field) {
    Optional<String> s = string(field);
    if (s.isPresent() && s.get().length() > maxFileBytes / 3 && s.get().getBytes(StandardCharsets.UTF_8).length > maxFileBytes) {
      throw new ApiException(413, "'" + field + "' is larger than " + maxFileBytes + " bytes, the limit for one file (RFC 9309 2.5: 500 KiB)");
    }
    return s;
  }

  /** A string or an array of strings, as a list (empty when absent). */
  List<String> strings(String field, int max) {
    JsonNode v = node.get(field);
    List<String> out = new ArrayList<>();
    if (v == null || v.isNull()) {
      return out;
    }
    if (v.isTextual()) {
      out.add(v.asText());
      return out;
    }
    if (!v.isArray()) {
      throw ApiException.badRequest("'" + field + "' must be a string or an array of strings");
    }
    if (v.size() > max) {
      throw new ApiException(413, "'" + field + "' has " + v.size() + " entries; at most " + max + " are taken");
    }
    for (JsonNode e : v) {
      if (!e.isTextual()) {
        throw ApiException.badRequest("'" + field + "' must hold strings only");
      }
      out.add(e.asText());
    }
    return out;
  }

  /** The crawler's names: a string or a non-empty array, none blank. */
  List<String> crawlers() {
    List<String> c = strings("crawler", 64);
    if (c.isEmpty()) {
      throw ApiException.badRequest("'crawler' is required: a name or an array of names");
    }
    for (String s : c) {
      if (s.isBlank()) {
        throw ApiException.badRequest("'crawler' must not hold a blank name");
      }
    }
    return c.stream().map(String::strip).toList();
  }
}
