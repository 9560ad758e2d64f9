package org.acapengine.collections.tct;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.collections.DropReason;
import org.acapengine.collections.FilterListener;
import org.acapengine.collections.FilterStats;
import org.acapengine.collections.FilterWarning;
import org.acapengine.collections.PagePolicy;
import org.acapengine.collections.PageVerdict;
import org.acapengine.collections.SiteOrigin;
import org.acapengine.collections.io.MeteredInputStream;
import org.acapengine.collections.io.ShieldedOutputStream;
import org.acapengine.internal.json.JsonLimits;
import org.acapengine.model.SourceLine;
import org.acapengine.model.UserInputException;
import org.acapengine.render.PlainText;

/**
 * Filters a TCT {@code llm-sitemap.json} (Collaboration Tunnel Protocol, "JSON Sitemap") item by
 * item through a {@link PagePolicy}: an item is ingested by fetching its M-URL and using the
 * content of its C-URL, so {@code crawl} is decided on the {@code mUrl} and the requested usage
 * on the {@code cUrl}.
 *
 * <p>Streaming throughout: Jackson's {@link JsonParser} reads the sitemap token by token, each
 * item is buffered on its own (at most {@code maxItemBytes}) in a {@link TokenBuffer} until it is
 * decided, then replayed into the kept or the dropped output; fields outside {@code items} are
 * copied through as they stream. The whole sitemap is bounded by {@code maxBytes} ("Security
 * Considerations": "Set maximum sitemap size limits (e.g., 100 MB)").
 *
 * <p>Malformed items are skipped with a warning, as "Error Handling" ("Malformed sitemap")
 * recommends; a document that is not JSON, has no {@code items} array or passes the size limit is
 * rejected as a whole.
 */
public final class SitemapFilter {

  /** The usage decided on every M-URL. */
  public static final String CRAWL = "crawl";

  /**
   * How to filter.
   *
   * @param usage the usage the items' content is wanted for (decided on the C-URL)
   * @param maxBytes the largest sitemap accepted
   * @param maxItemBytes the largest single item kept (TCT recommends items of at most 2 KB)
   * @param topDecidingLines how many deciding lines the summary lists
   */
  public record Settings(String usage, long maxBytes, int maxItemBytes, int topDecidingLines) {
    /**
     * Checks the usage is given and the limits are positive.
     *
     * @param usage the usage the items' content is wanted for (decided on the C-URL)
     * @param maxBytes the largest sitemap accepted
     * @param maxItemBytes the largest single item kept (TCT recommends items of at most 2 KB)
     * @param topDecidingLines how many deciding lines the summary lists
     * @throws IllegalArgumentException when {@code maxBytes} or {@code maxItemBytes} is below 1
     */
    public Settings {
      Objects.requireNonNull(usage, "usage");
      if (maxBytes < 1 || maxItemBytes < 1) {
        throw new IllegalArgumentException("limits must be positive");
      }
    }

    /**
     * 100 MB sitemaps, 64 KiB items, top five lines.
     *
     * @param usage the usage the items' content is wanted for
     * @return settings with a 100 MB sitemap limit, 64 KiB items, and five deciding lines
     */
    public static Settings of(String usage) {
      return new Settings(usage, 100_000_000L, 64 * 1024, 5);
    }
  }

  private final PagePolicy policy;
  private final SiteOrigin site;
  private final Settings settings;
  private final FilterListener listener;
  private final JsonFactory input;
  private final JsonFactory output = new JsonFactory();

  /**
   * A filter for one site's sitemaps; it holds no open resources and can filter several sitemaps in
   * turn.
   *
   * @param policy decides each item's usages; not null
   * @param site the site the items' URLs must belong to; not null
   * @param settings how to filter; not null
   * @param listener told of progress and warnings as items stream; not null
   */
  public SitemapFilter(PagePolicy policy, SiteOrigin site, Settings settings, FilterListener listener) {
    this.policy = Objects.requireNonNull(policy, "policy");
    this.site = Objects.requireNonNull(site, "site");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.listener = Objects.requireNonNull(listener, "listener");
    this.input = JsonLimits.factory(settings.maxBytes(), settings.maxItemBytes());
  }

  /**
   * Reads the sitemap from {@code in}, writes it with only the kept items to {@code kept} and,
   * when {@code dropped} is not null, the dropped items with their reasons to {@code dropped}.
   * Neither stream is closed. On an exception the outputs hold partial JSON: write them to
   * temporary places and publish them only on success.
   *
   * @throws UserInputException for a sitemap that must be rejected as a whole
   * @param in the sitemap JSON (UTF-8); read to its end, not closed
   * @param name how messages name the sitemap
   * @param kept receives the sitemap with only the kept items; not closed
   * @param dropped receives the dropped items with their reasons, or null to discard them; not
   *     closed
   * @return the counts and what the summary lists
   * @throws IOException when a stream cannot be read or written
   */
  public SitemapResult filter(InputStream in, String name, OutputStream kept, OutputStream dropped) throws IOException {
    MeteredInputStream bounded =
        new MeteredInputStream(in, settings.maxBytes(), name + ": larger than the " + settings.maxBytes() + "-byte limit for a sitemap");
    FilterStats stats = new FilterStats();
    Run run = new Run(name, stats);
    try (JsonParser p = input.createParser(bounded);
        JsonGenerator keptOut = output.createGenerator(new ShieldedOutputStream(kept), JsonEncoding.UTF8);
        JsonGenerator droppedOut =
            dropped == null ? null : output.createGenerator(new ShieldedOutputStream(dropped), JsonEncoding.UTF8)) {
      keptOut.useDefaultPrettyPrinter();
      run.keptOut = keptOut;
      run.droppedOut = droppedOut;
      if (droppedOut != null) {
        droppedOut.useDefaultPrettyPrinter();
        droppedOut.writeStartObject();
        droppedOut.writeArrayFieldStart("dropped");
      }
      run.document(p);
      if (droppedOut != null) {
        droppedOut.writeEndArray();
        droppedOut.writeEndObject();
        droppedOut.writeRaw('\n');
      }
      keptOut.writeRaw('\n');
    } catch (UserInputException e) {
      throw e;
    } catch (StreamConstraintsException e) {
      throw new UserInputException(name + ": over a parsing limit (" + PlainText.shorten(e.getOriginalMessage(), 200) + ")", e);
    } catch (JsonProcessingException e) {
      throw new UserInputException(name + ": not valid JSON (" + PlainText.shorten(e.getOriginalMessage(), 200) + ")", e);
    }
    return new SitemapResult(stats.summary(settings.topDecidingLines()), run.keptWithoutValidator, Optional.ofNullable(run.unexpectedVersion));
  }

  /** The state of one run. */
  private final class Run {
    private final String name;
    private final FilterStats stats;
    private JsonGenerator keptOut;
    private JsonGenerator droppedOut;
    private long keptWithoutValidator;
    private String unexpectedVersion;

    Run(String name, FilterStats stats) {
      this.name = name;
      this.stats = stats;
    }

    void document(JsonParser p) throws IOException {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new UserInputException(name + ": not a JSON object; an llm-sitemap.json is an object with an \"items\" array");
      }
      keptOut.writeStartObject();
      boolean sawItems = false;
      boolean sawVersion = false;
      for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if (field.equals("items")) {
          if (sawItems) {
            throw new UserInputException(name + ": more than one \"items\" field");
          }
          sawItems = true;
          if (value != JsonToken.START_ARRAY) {
            throw new UserInputException(name + ": \"items\" is not an array");
          }
          keptOut.writeArrayFieldStart("items");
          long index = 0;
          for (JsonToken item = p.nextToken(); item != JsonToken.END_ARRAY; item = p.nextToken()) {
            if (item == null) {
              throw new UserInputException(name + ": ends inside \"items\"");
            }
            item(p, index++);
            listener.progress("filtering", index, p.currentLocation().getByteOffset(), -1);
          }
          keptOut.writeEndArray();
        } else {
          if (field.equals("version")) {
            if (sawVersion) {
              throw new UserInputException(name + ": more than one \"version\" field");
            }
            sawVersion = true;
            if (value != JsonToken.VALUE_NUMBER_INT || !p.getText().equals("1")) {
              unexpectedVersion = value.isScalarValue() ? PlainText.shorten(p.getText(), 40) : value.name();
            }
          }
          // unknown fields are kept ("Clients MUST ignore unknown fields in the sitemap JSON")
          keptOut.writeFieldName(field);
          keptOut.copyCurrentStructure(p);
        }
      }
      if (!sawItems) {
        throw new UserInputException(name + ": no \"items\" array");
      }
      keptOut.writeEndObject();
      if (p.nextToken() != null) {
        throw new UserInputException(name + ": more than one JSON value");
      }
    }

    /** Reads one item (the parser is on its first token), decides it and writes it out. */
    private void item(JsonParser p, long index) throws IOException {
      stats.read();
      long start = p.currentTokenLocation().getByteOffset();
      TokenBuffer buffer = new TokenBuffer(p);
      boolean oversized = false;
      int depth = 0;
      JsonToken t = p.currentToken();
      while (true) {
        if (t.isStructStart()) {
          depth++;
        } else if (t.isStructEnd()) {
          depth--;
        }
        if (!oversized) {
          buffer.copyCurrentEvent(p);
          if (p.currentLocation().getByteOffset() - start > settings.maxItemBytes()) {
            oversized = true;
            buffer.close();
          }
        }
        if (depth == 0) {
          break;
        }
        t = p.nextToken();
      }
      if (oversized) {
        skip(index, DropReason.OVERSIZED, "item is over the " + settings.maxItemBytes() + "-byte limit", null, null, null);
        return;
      }
      decide(buffer, index);
    }

    private void decide(TokenBuffer item, long index) throws IOException {
      SitemapItem f = SitemapItem.read(item);
      if (f.problem != null) {
        skip(index, DropReason.MALFORMED, f.problem, f.cUrl, f.mUrl, item);
        return;
      }
      Optional<URI> c = SiteOrigin.parseHttpUrl(f.cUrl);
      Optional<URI> m = SiteOrigin.parseHttpUrl(f.mUrl);
      if (c.isEmpty() || m.isEmpty()) {
        String bad = c.isEmpty() ? "cUrl" : "mUrl";
        String value = c.isEmpty() ? f.cUrl : f.mUrl;
        skip(index, DropReason.INVALID_URL, bad + " is not an absolute http(s) URL: " + PlainText.shorten(value, 160), f.cUrl, f.mUrl, item);
        return;
      }
      if (!site.contains(c.get()) || !site.contains(m.get())) {
        stats.dropped(DropReason.OFF_SITE);
        droppedEntry(index, DropReason.OFF_SITE, "not on " + site, f.cUrl, f.mUrl, null, item);
        return;
      }
      Validator validator = Validator.of(f.contentHash, f.etag);
      if (validator.problem() != null) {
        skip(index, DropReason.BAD_VALIDATOR, validator.problem(), f.cUrl, f.mUrl, item);
        return;
      }
      PageVerdict crawl = verdict(f.mUrl, CRAWL);
      if (!crawl.allowed()) {
        stats.droppedByPolicy(DropReason.CRAWL_DISALLOWED, crawl);
        droppedEntry(index, DropReason.CRAWL_DISALLOWED, "crawl not allowed on the mUrl", f.cUrl, f.mUrl, crawl, item);
        return;
      }
      PageVerdict usage = verdict(f.cUrl, settings.usage());
      if (!usage.allowed()) {
        stats.droppedByPolicy(DropReason.USAGE_DISALLOWED, usage);
        droppedEntry(index, DropReason.USAGE_DISALLOWED, settings.usage() + " not allowed on the cUrl", f.cUrl, f.mUrl, usage, item);
        return;
      }
      stats.kept();
      if (validator.value() == null) {
        keptWithoutValidator++;
      }
      item.serialize(keptOut);
    }

    private PageVerdict verdict(String url, String usage) {
      return Objects.requireNonNull(policy.decide(url, usage), "PagePolicy returned null");
    }

    private void skip(long index, DropReason reason, String detail, String cUrl, String mUrl, TokenBuffer item) throws IOException {
      stats.dropped(reason);
      listener.warning(new FilterWarning(index, reason, detail));
      droppedEntry(index, reason, detail, cUrl, mUrl, null, item);
    }

    private void droppedEntry(
        long index, DropReason reason, String detail, String cUrl, String mUrl, PageVerdict verdict, TokenBuffer item)
        throws IOException {
      if (droppedOut == null) {
        return;
      }
      JsonGenerator g = droppedOut;
      g.writeStartObject();
      g.writeNumberField("index", index);
      g.writeStringField("reason", reason.label());
      g.writeStringField("detail", detail);
      if (cUrl != null) {
        g.writeStringField("cUrl", cUrl);
      }
      if (mUrl != null) {
        g.writeStringField("mUrl", mUrl);
      }
      if (verdict != null) {
        SourceLine line = verdict.reportedLine();
        g.writeStringField("decidingSource", line.source());
        g.writeNumberField("decidingLine", line.line());
        g.writeStringField("decidingText", line.text());
      }
      if (item != null) {
        g.writeFieldName("item");
        item.serialize(g);
      }
      g.writeEndObject();
    }
  }
}
