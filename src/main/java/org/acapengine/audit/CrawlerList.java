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
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The list of known AI crawlers the audit reports on. Bundled: the ai.robots.txt project's {@code
 * robots.json} as published ({@code org/acapengine/audit/robots.json}, MIT licence in {@code
 * robots.json.LICENSE}), with acap-engine's overlay {@code ai-crawlers.json}: the date and commit
 * of the list, and the purposes each crawler declares, by token or else by the Known Agents
 * category its {@code function} names. {@code --crawlers-file} reads a newer {@code robots.json}
 * (the overlay is applied to it too) or a list of acap-engine's own shape ({@code {"updated",
 * "source", "crawlers": [{"token", "operator", "declared", "note"?}]}}). docs/formats.md.
 *
 * @param updated when the list was last changed upstream (ISO date), or {@code unknown}
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
   * This list with crawlers the caller names (the command line's {@code --crawler}, a service
   * request's {@code crawlers}) that it lacks: each name not on it, ignoring case as robots.txt
   * does, is added once, after the list's own, as {@link KnownCrawler#added}.
   *
   * @param tokens the product tokens, none blank (callers refuse a blank name in their own words)
   * @return a list with the same date and source, and the named crawlers it lacked
   * @throws IllegalArgumentException if a token is blank
   */
  public CrawlerList withAdded(List<String> tokens) {
    List<KnownCrawler> all = new ArrayList<>(crawlers);
    for (String t : tokens) {
      String token = t.strip();
      if (all.stream().noneMatch(c -> c.token().equalsIgnoreCase(token))) {
        all.add(KnownCrawler.added(token));
      }
    }
    return new CrawlerList(updated, source, all);
  }

  /**
   * The list bundled with this release: ai.robots.txt's robots.json with acap-engine's overlay.
   *
   * @return the list
   */
  public static CrawlerList bundled() {
    try {
      JsonNode overlay = tree(resource("ai-crawlers.json"));
      return fromRobotsJson(tree(resource(overlay.path("list").asText("robots.json"))), overlay,
          overlay.path("updated").asText("unknown"), overlay.path("source").asText("ai.robots.txt"));
    } catch (ListException e) {
      throw new IllegalStateException("the bundled crawler list: " + e.getMessage(), e);
    }
  }

  private static byte[] resource(String name) {
    try (InputStream in = CrawlerList.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the bundled " + name + " is missing from the jar");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
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
   * Reads a list file: ai.robots.txt's {@code robots.json} (an object keyed by token, each value
   * an object with {@code operator}, {@code respect}, {@code function}, {@code frequency}, {@code
   * description}; other members are ignored), with the bundled overlay's declared purposes, or a
   * list of acap-engine's own shape (an object with a {@code crawlers} array).
   *
   * @param json the file's bytes
   * @param name the file's name, for the list's source
   * @return the list; empty for a file over {@link #MAX_BYTES}
   * @throws ListException when the file is neither shape, naming what is wrong
   */
  public static Optional<CrawlerList> read(byte[] json, String name) throws ListException {
    if (json.length > MAX_BYTES) {
      return Optional.empty();
    }
    JsonNode root = tree(json);
    if (root == null || !root.isObject()) {
      throw new ListException("not a robots.json object (token → {operator, function, ...}) nor an object with a \"crawlers\" array");
    }
    if (root.has("crawlers")) {
      return Optional.of(ownShape(root));
    }
    return Optional.of(fromRobotsJson(root, tree(resource("ai-crawlers.json")), "unknown", "robots.json " + name));
  }

  /**
   * Reads a list file, as {@link #read(byte[], String)} does, naming it "crawler list".
   *
   * @param json the file's bytes
   * @return the list; empty for a file over {@link #MAX_BYTES}
   * @throws ListException when the file is neither shape
   */
  public static Optional<CrawlerList> read(byte[] json) throws ListException {
    return read(json, "crawler list");
  }

  private static JsonNode tree(byte[] json) throws ListException {
    try (JsonParser p = JSON.createParser(json)) {
      JsonNode n = JSON.readTree(p);
      if (p.nextToken() != null) {
        throw new ListException("not JSON (more than one value)");
      }
      return n;
    } catch (IOException e) {
      throw new ListException("not JSON (" + e.getClass().getSimpleName() + ")");
    }
  }

  private static CrawlerList ownShape(JsonNode root) throws ListException {
    if (!root.path("crawlers").isArray()) {
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
      crawlers.add(new KnownCrawler(token, c.path("operator").asText("unknown"), c.path("function").asText(""), declared,
          c.hasNonNull("note") ? Optional.of(c.get("note").asText()) : Optional.empty()));
      i++;
    }
    return new CrawlerList(root.path("updated").asText("undated"), root.path("source").asText("unnamed"), unique(crawlers));
  }

  /** robots.json with the overlay's declared purposes (by token, ignoring case; else by function) and notes. */
  private static CrawlerList fromRobotsJson(JsonNode root, JsonNode overlay, String updated, String source) throws ListException {
    List<KnownCrawler> crawlers = new ArrayList<>();
    Iterator<Map.Entry<String, JsonNode>> it = root.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      String token = e.getKey().strip();
      JsonNode v = e.getValue();
      if (token.isEmpty() || !v.isObject()) {
        throw new ListException("\"" + shorten(token) + "\" is not a crawler entry (an object with operator, function, ...)");
      }
      String function = KnownCrawler.plain(v.path("function").asText(""));
      crawlers.add(new KnownCrawler(token, KnownCrawler.plain(v.path("operator").asText("unknown")), function,
          declared(overlay, token, function), note(overlay, token)));
    }
    return new CrawlerList(updated, source, unique(crawlers));
  }

  private static List<String> declared(JsonNode overlay, String token, String function) {
    JsonNode byToken = ignoringCase(overlay.path("declared"), token);
    JsonNode found = byToken != null ? byToken : overlay.path("functions").path(function);
    List<String> out = new ArrayList<>();
    found.forEach(d -> out.add(d.asText()));
    return out;
  }

  private static Optional<String> note(JsonNode overlay, String token) {
    JsonNode n = ignoringCase(overlay.path("notes"), token);
    return n == null ? Optional.empty() : Optional.of(n.asText());
  }

  private static JsonNode ignoringCase(JsonNode object, String key) {
    Iterator<Map.Entry<String, JsonNode>> it = object.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      if (e.getKey().equalsIgnoreCase(key)) {
        return e.getValue();
      }
    }
    return null;
  }

  /** The first of crawlers whose tokens are equal ignoring case: robots.txt compares them so. */
  private static List<KnownCrawler> unique(List<KnownCrawler> crawlers) {
    Set<String> seen = new HashSet<>();
    List<KnownCrawler> out = new ArrayList<>();
    for (KnownCrawler c : crawlers) {
      if (seen.add(c.token().toLowerCase(Locale.ROOT))) {
        out.add(c);
      }
    }
    return out;
  }

  private static String shorten(String s) {
    return s.length() > 60 ? s.substring(0, 60) + "…" : s;
  }
}
