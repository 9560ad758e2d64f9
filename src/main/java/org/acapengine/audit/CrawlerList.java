package org.acapengine.audit;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The list of known AI crawlers the audit reports on: a dated JSON file naming its source, bundled
 * as {@code org/acapengine/audit/ai-crawlers.json} and replaceable with {@code --crawlers-file}
 * without a code change. Shape: {@code {"updated": DATE, "source": TEXT, "crawlers": [{"token",
 * "operator", "declared": [PURPOSE...], "note"?}]}}.
 *
 * @param updated when the list was last checked (ISO date)
 * @param source where the entries come from
 * @param crawlers the crawlers, in file order
 */
public record CrawlerList(String updated, String source, List<KnownCrawler> crawlers) {

  /** The largest list file read: 1 MiB. */
  public static final int MAX_BYTES = 1024 * 1024;

  private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(16).maxStringLength(64 * 1024).build()).build());

  /**
   * Checks the components and copies the list.
   *
   * @param updated the date
   * @param source the source
   * @param crawlers the crawlers
   */
  public CrawlerList {
    Objects.requireNonNull(updated, "updated");
    Objects.requireNonNull(source, "source");
    crawlers = List.copyOf(crawlers);
  }

  /**
   * The list bundled with this release.
   *
   * @return the list
   */
  public static CrawlerList bundled() {
    try (InputStream in = CrawlerList.class.getResourceAsStream("ai-crawlers.json")) {
      if (in == null) {
        throw new IllegalStateException("the bundled ai-crawlers.json is missing from the jar");
      }
      return read(in.readAllBytes()).orElseThrow(() -> new IllegalStateException("the bundled ai-crawlers.json is not a crawler list"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ListException e) {
      throw new IllegalStateException("the bundled ai-crawlers.json: " + e.getMessage(), e);
    }
  }

  /** Why a list file cannot be used. */
  public static final class ListException extends Exception {
    private static final long serialVersionUID = 1L;

    ListException(String message) {
      super(message);
    }
  }

  /**
   * Reads a list file.
   *
   * @param json the file's bytes
   * @return the list; empty for a file over {@link #MAX_BYTES}
   * @throws ListException when the file is not JSON of the documented shape, naming what is wrong
   */
  public static Optional<CrawlerList> read(byte[] json) throws ListException {
    if (json.length > MAX_BYTES) {
      return Optional.empty();
    }
    JsonNode root;
    try (JsonParser p = JSON.createParser(json)) {
      root = JSON.readTree(p);
    } catch (IOException e) {
      throw new ListException("not JSON (" + e.getClass().getSimpleName() + ")");
    }
    if (root == null || !root.isObject() || !root.path("crawlers").isArray()) {
      throw new ListException("not an object with a \"crawlers\" array");
    }
    List<KnownCrawler> crawlers = new ArrayList<>();
    int i = 0;
    for (JsonNode c : root.get("crawlers")) {
      String token = c.path("token").asText("").strip();
      if (!c.isObject() || token.isEmpty()) {
        throw new ListException("crawlers[" + i + "] has no \"token\"");
      }
      List<String> declared = new ArrayList<>();
      c.path("declared").forEach(d -> declared.add(d.asText()));
      crawlers.add(new KnownCrawler(token, c.path("operator").asText("unknown"), declared,
          c.hasNonNull("note") ? Optional.of(c.get("note").asText()) : Optional.empty()));
      i++;
    }
    return Optional.of(new CrawlerList(root.path("updated").asText("undated"), root.path("source").asText("unnamed"), crawlers));
  }
}
