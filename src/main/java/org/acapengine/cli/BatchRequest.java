package org.acapengine.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.acapengine.internal.json.Json;

/**
 * One line of {@code check --requests}, read: {@code {"robots", "crawler", "url", "usage",
 * "purpose"}}. Reading never throws; a line that is not a request gives the one-line message the
 * batch answers with, in the request's place.
 *
 * @param robots the robots file or URL, not {@code -}
 * @param crawlers the crawler's names, at least one, not all blank
 * @param url the URL or path to decide
 * @param usage the usage name ({@code crawl} when the line gives none)
 * @param purpose the usage purpose, if the line gives one
 */
record BatchRequest(String robots, List<String> crawlers, String url, String usage, Optional<String> purpose) {

  /**
   * What a line reads as: a request, or the one-line reason it is none.
   *
   * @param request the request, or null
   * @param error why the line is no request, or null
   */
  record Read(BatchRequest request, String error) {
    static Read bad(String error) {
      return new Read(null, error);
    }
  }

  /** Copies the crawler names. */
  BatchRequest {
    crawlers = List.copyOf(crawlers);
  }

  /**
   * Reads one non-blank input line.
   *
   * @param line the line, without its line end
   * @return the request, or why the line is none
   */
  static Read parse(String line) {
    JsonNode req;
    try {
      req = Json.MAPPER.readTree(line);
    } catch (IOException | RuntimeException e) {
      String why = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
      return Read.bad("not JSON: " + AcapCommand.oneLine(why == null ? e.getClass().getSimpleName() : why));
    }
    if (req == null || !req.isObject()) {
      return Read.bad("a request is a JSON object");
    }
    String robots = text(req, "robots");
    String url = text(req, "url");
    String usage = req.has("usage") ? text(req, "usage") : "crawl";
    List<String> crawlers = new ArrayList<>();
    JsonNode c = req.get("crawler");
    if (c != null && c.isTextual()) {
      crawlers.add(c.asText());
    } else if (c != null && c.isArray()) {
      c.forEach(x -> {
        if (x.isTextual()) {
          crawlers.add(x.asText());
        }
      });
    }
    if (robots == null || url == null || usage == null || crawlers.isEmpty() || crawlers.stream().allMatch(String::isBlank)) {
      return Read.bad("a request needs \"robots\", \"crawler\" (a name or a list), \"url\" and, if given, a string \"usage\"");
    }
    if (robots.equals("-")) {
      return Read.bad("\"robots\": \"-\" (standard input) cannot be read in batch mode; name a file or URL");
    }
    return new Read(new BatchRequest(robots, crawlers, url, usage, Optional.ofNullable(text(req, "purpose"))), null);
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v != null && v.isTextual() ? v.asText() : null;
  }
}
