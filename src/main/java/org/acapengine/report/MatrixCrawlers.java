package org.acapengine.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.acapengine.audit.CrawlerList;
import org.acapengine.audit.KnownCrawler;

/**
 * The crawlers an audit matrix shows: the bundled AI-crawler list, then the major search crawlers
 * it lacks ({@code search-crawlers.json}, beside this class), so a site owner sees search and AI at
 * once. The one place the report and the web page take their crawlers from.
 */
public final class MatrixCrawlers {

  private MatrixCrawlers() {}

  /**
   * The AI crawlers of {@link CrawlerList#bundled()}, then the search crawlers not in it.
   *
   * @return the crawlers, in that order
   */
  public static List<KnownCrawler> all() {
    List<KnownCrawler> out = new ArrayList<>(CrawlerList.bundled().crawlers());
    Set<String> known = out.stream().map(c -> c.token().toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    for (KnownCrawler c : search().crawlers()) {
      if (known.add(c.token().toLowerCase(Locale.ROOT))) {
        out.add(c);
      }
    }
    return out;
  }

  /**
   * The date the AI-crawler list was last checked.
   *
   * @return an ISO date, as the list gives it
   */
  public static String updated() {
    return CrawlerList.bundled().updated();
  }

  /**
   * The bundled search-crawler list.
   *
   * @return the list
   */
  public static CrawlerList search() {
    try (InputStream in = MatrixCrawlers.class.getResourceAsStream("search-crawlers.json")) {
      if (in == null) {
        throw new IllegalStateException("the bundled search-crawlers.json is missing from the jar");
      }
      return CrawlerList.read(in.readAllBytes()).orElseThrow(() -> new IllegalStateException("search-crawlers.json is too large"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (CrawlerList.ListException e) {
      throw new IllegalStateException("search-crawlers.json: " + e.getMessage(), e);
    }
  }
}
