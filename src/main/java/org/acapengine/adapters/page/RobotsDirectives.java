package org.acapengine.adapters.page;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.acapengine.model.SourceLine;

/**
 * The rules of a page's robots tags, as Google documents them (developers.google.com/search/docs/
 * crawling-indexing/robots-meta-tag): {@code <meta name="robots" content="noindex, nofollow">}
 * for every crawler, {@code <meta name="CRAWLER" content="…">} for one; {@code X-Robots-Tag:
 * noindex} for every crawler, {@code X-Robots-Tag: googlebot: nofollow} for one, a crawler name
 * applying to the rules after it in that value. Rules with a value ({@code max-snippet: 20},
 * {@code unavailable_after: …}) keep it. Names are lower-cased; unknown rules are kept (lint
 * reports them). One pass per value.
 */
public final class RobotsDirectives {

  /** A rule: for which crawler ({@code empty}: every crawler), its name, its value, where it stands. */
  public record Rule(Optional<String> crawler, String name, String value, SourceLine line) {
    /**
     * Checks.
     *
     * @param crawler the crawler it addresses, empty for every crawler
     * @param name the rule, lower case
     * @param value its value ({@code 20} of {@code max-snippet:20}), or ""
     * @param line the header or meta element it stands in
     */
    public Rule {
      Objects.requireNonNull(crawler, "crawler");
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(value, "value");
      Objects.requireNonNull(line, "line");
    }
  }

  /** The rules Google documents (and the widely published noai, noimageai, and Bing's nocache). */
  public static final Set<String> KNOWN = Set.of("all", "index", "follow", "noindex", "nofollow", "none", "noarchive", "nocache", "nosnippet",
      "indexifembedded", "max-snippet", "max-image-preview", "max-video-preview", "notranslate", "noimageindex", "unavailable_after", "noai",
      "noimageai");

  /** The rules that take a value after a colon. */
  private static final Set<String> WITH_VALUE = Set.of("max-snippet", "max-image-preview", "max-video-preview", "unavailable_after");

  private static final Set<String> WEEKDAYS = Set.of("mon", "tue", "wed", "thu", "fri", "sat", "sun", "monday", "tuesday", "wednesday",
      "thursday", "friday", "saturday", "sunday");

  private RobotsDirectives() {}

  /**
   * Every robots rule a page states: its {@code X-Robots-Tag} header fields, then its meta
   * robots and meta CRAWLER elements (a meta element whose content is robots rules: {@code
   * robots}, or a name that is no other known meta name).
   *
   * @param page the page's signals
   * @return the rules, in order
   */
  public static List<Rule> of(PageSignals page) {
    List<Rule> out = new ArrayList<>();
    for (PageSignals.Header h : page.headers("x-robots-tag")) {
      header(h.value(), new SourceLine(page.headersSource(), h.line(), h.name() + ": " + h.value()), out);
    }
    for (PageSignals.Element e : page.elements()) {
      if (!e.tag().equals("meta")) {
        continue;
      }
      String name = e.attribute("name").strip().toLowerCase(Locale.ROOT);
      if (name.isEmpty() || NOT_ROBOTS.contains(name)) {
        continue;
      }
      SourceLine line = new SourceLine(page.htmlSource(), e.line(), "<meta name=\"" + e.attribute("name") + "\" content=\"" + e.attribute("content") + "\">");
      Optional<String> crawler = name.equals("robots") ? Optional.empty() : Optional.of(e.attribute("name").strip());
      for (String item : split(e.attribute("content"))) {
        rule(crawler, item, line).ifPresent(out::add);
      }
    }
    return out;
  }

  /**
   * Meta names that are not robots tags: HTML's standard names, and the names other signals use
   * (TDMRep, Content-Signal and the like), so that {@code <meta name="description">} is never
   * taken for a crawler called "description".
   */
  static final Set<String> NOT_ROBOTS = Set.of("application-name", "author", "description", "generator", "keywords", "referrer", "theme-color",
      "color-scheme", "viewport", "creator", "googlebot-site-verification", "google-site-verification", "format-detection", "rating",
      "tdm-reservation", "tdm-policy", "content-signal", "content-usage", "twitter:card", "twitter:title", "twitter:description",
      "twitter:image", "twitter:site", "msapplication-tilecolor", "apple-mobile-web-app-capable", "apple-mobile-web-app-title", "copyright",
      "license", "news_keywords", "robots-txt");

  /** One X-Robots-Tag value: items separated by commas; {@code name: rules} sets the crawler for the items after it. */
  static void header(String value, SourceLine line, List<Rule> out) {
    Optional<String> crawler = Optional.empty();
    List<String> items = split(value);
    for (int i = 0; i < items.size(); i++) {
      String item = items.get(i);
      int colon = item.indexOf(':');
      if (colon > 0) {
        String left = item.substring(0, colon).strip();
        if (!WITH_VALUE.contains(left.toLowerCase(Locale.ROOT))) {
          crawler = Optional.of(left);
          item = item.substring(colon + 1).strip();
          if (item.isEmpty()) {
            continue;
          }
        }
      }
      // an RFC 850 date ("Sunday, 06-Nov-94 08:49:37 GMT") was cut at its comma: join it again
      if (item.toLowerCase(Locale.ROOT).startsWith("unavailable_after") && i + 1 < items.size()
          && WEEKDAYS.contains(item.substring(item.indexOf(':') + 1).strip().toLowerCase(Locale.ROOT))) {
        item = item + ", " + items.get(++i);
      }
      rule(crawler, item, line).ifPresent(out::add);
    }
  }

  private static Optional<Rule> rule(Optional<String> crawler, String item, SourceLine line) {
    String t = item.strip();
    if (t.isEmpty()) {
      return Optional.empty();
    }
    int colon = t.indexOf(':');
    String name = (colon < 0 ? t : t.substring(0, colon)).strip().toLowerCase(Locale.ROOT);
    String value = colon < 0 ? "" : t.substring(colon + 1).strip();
    return Optional.of(new Rule(crawler, name, value, line));
  }

  private static List<String> split(String value) {
    List<String> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i <= value.length(); i++) {
      if (i == value.length() || value.charAt(i) == ',') {
        String item = value.substring(start, i).strip();
        if (!item.isEmpty()) {
          out.add(item);
        }
        start = i + 1;
      }
    }
    return out;
  }
}
