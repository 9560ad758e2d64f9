package org.acapengine.internal.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The one configured Jackson mapper for output: stable key order as built, pretty or compact. */
public final class Json {
  /** The shared mapper: thread-safe once configured; do not reconfigure it. */
  public static final ObjectMapper MAPPER = new ObjectMapper()
      .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
      .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

  private Json() {}

  /**
   * A new empty object node.
   *
   * @return the node
   */
  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  /**
   * Pretty-printed, for documents a person reads.
   *
   * @param node a JSON node or any value the mapper can write
   * @return the JSON text
   */
  public static String pretty(Object node) {
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(node);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * One line, for JSON Lines output.
   *
   * @param node a JSON node or any value the mapper can write
   * @return the JSON text, on one line
   */
  public static String compact(Object node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
