package org.acapengine.site;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.adapters.page.PageSignals;
import org.acapengine.adapters.page.RobotsDirectives;
import org.acapengine.eval.Query;
import org.acapengine.eval.match.ProductToken;
import org.acapengine.hints.CrawlHints;
import org.acapengine.model.Purpose;
import org.acapengine.model.Qualifier;
import org.acapengine.model.QualifierType;
import org.acapengine.model.QualifierValue;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Span;
import org.acapengine.model.Usage;
import org.acapengine.model.UsageType;
import org.acapengine.model.Verdict;

/**
 * A page's robots tags ({@code X-Robots-Tag} header fields, {@code <meta name="robots">} and
 * {@code <meta name="CRAWLER">}) as a policy source for that page (docs/formats.md, "Page-level
 * signals"). As Google documents them: the rules for every crawler and those naming the crawler
 * apply together, and of competing rules the most restrictive wins. Each rule speaks to the ACAP
 * usages it names ({@code noindex}: index and every present; {@code nofollow}: follow; {@code
 * noarchive}, {@code nocache}: preserve and presenting a stored copy; {@code nosnippet}, {@code
 * max-snippet:0}: snippets; {@code max-snippet:N}: snippets with {@code max-length=N-chars};
 * {@code max-image-preview:none}: thumbnails; {@code unavailable_after}: as noindex once past;
 * {@code noai}: every AI purpose; the image rules only when the response is an image). Never
 * crawl: the page was fetched to be read. Immutable.
 */
public final class RobotsTagSource implements PolicySource {

  /** The kind and basis this source reports. */
  public static final String KIND = "robots-tag";

  private final String name;
  private final List<RobotsDirectives.Rule> rules;
  private final boolean image;

  /**
   * A source for a page's robots tags.
   *
   * @param page the page's signals
   */
  public RobotsTagSource(PageSignals page) {
    Objects.requireNonNull(page, "page");
    this.rules = RobotsDirectives.of(page);
    this.image = page.isImage();
    boolean headers = !page.headers("x-robots-tag").isEmpty();
    boolean html = rules.stream().anyMatch(r -> r.line().source().equals(page.htmlSource()) && !page.htmlSource().isEmpty());
    this.name = headers && html ? page.headersSource() + " and " + page.htmlSource() : headers ? page.headersSource() : page.htmlSource();
  }

  /**
   * True when the page states any robots rule.
   *
   * @param page the page's signals
   * @return whether a source would speak
   */
  public static boolean presentIn(PageSignals page) {
    return !RobotsDirectives.of(page).isEmpty();
  }

  /** Speaks to using content, never to fetching it. */
  @Override
  public boolean decidesCrawl() {
    return false;
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public SourceVerdict decide(Query query, Instant now) {
    Usage u = Usage.parse(query.usage().strip());
    if (!u.isInVocabulary() || u.type().get() == UsageType.CRAWL) {
      return new SourceVerdict(KIND, name, Verdict.NO_OPINION, List.of(), u.isInVocabulary()
          ? "robots tags come with the page, so they say nothing about fetching it" : "robots tags speak to ACAP usages only");
    }
    List<SourceLine> refusing = new ArrayList<>();
    List<String> why = new ArrayList<>();
    long maxSnippet = -1;
    SourceLine maxSnippetLine = null;
    for (RobotsDirectives.Rule r : rules) {
      if (!applies(r, query.crawlers())) {
        continue;
      }
      Optional<String> refusal = refuses(r, u, query.purpose(), now);
      if (refusal.isPresent()) {
        if (!refusing.contains(r.line())) {
          refusing.add(r.line());
        }
        why.add(refusal.get());
      } else if (r.name().equals("max-snippet") && isSnippet(u)) {
        long n = number(r.value());
        if (n > 0 && (maxSnippet < 0 || n < maxSnippet)) {
          maxSnippet = n;
          maxSnippetLine = r.line();
        }
      }
    }
    if (!refusing.isEmpty()) {
      // named after the file of the first refusing line: a header block or the page's HTML
      return new SourceVerdict(KIND, refusing.get(0).source(), Verdict.PROHIBITED, refusing, String.join("; ", why.stream().distinct().toList()))
          .withBasis(KIND);
    }
    if (maxSnippetLine != null) {
      if (query.honourable().isPresent() && !query.honourable().get().contains(QualifierType.MAX_LENGTH)) {
        return new SourceVerdict(KIND, maxSnippetLine.source(), Verdict.PROHIBITED, List.of(maxSnippetLine), "max-snippet:" + maxSnippet
            + " allows snippets of at most " + maxSnippet + " characters, a limit the crawler cannot honour (ACAP 2.5.5.2.3)").withBasis(KIND);
      }
      Qualifier q = new Qualifier("max-length", Optional.of(QualifierType.MAX_LENGTH), maxSnippet + "-chars",
          Optional.of(new QualifierValue.MaxLength(maxSnippet, QualifierValue.LengthUnit.CHARS)), Span.ofLine(Math.max(1, maxSnippetLine.line()), 1, 1));
      return new SourceVerdict(KIND, maxSnippetLine.source(), Verdict.ALLOWED, List.of(maxSnippetLine), "max-snippet:" + maxSnippet + " allows snippets of at most "
          + maxSnippet + " characters (ACAP max-length)").withBasis(KIND).withQualifiers(List.of(q));
    }
    return new SourceVerdict(KIND, name, Verdict.NO_OPINION, List.of(), rules.isEmpty() ? "the page has no robots tag"
        : "no robots tag for the crawler restricts " + query.usage());
  }

  /** Rules for every crawler, and those naming one of the query's crawlers (their tokens compared ignoring case). */
  private static boolean applies(RobotsDirectives.Rule r, List<String> crawlers) {
    if (r.crawler().isEmpty()) {
      return true;
    }
    String token = ProductToken.of(r.crawler().get());
    for (String c : crawlers) {
      if (ProductToken.sameCrawler(token, ProductToken.of(c))) {
        return true;
      }
    }
    return false;
  }

  /** Why the rule refuses the usage, or empty. */
  private Optional<String> refuses(RobotsDirectives.Rule r, Usage u, Optional<String> purpose, Instant now) {
    UsageType t = u.type().get();
    String name = u.name();
    String rule = r.name() + (r.value().isEmpty() ? "" : ":" + r.value());
    boolean noindex = t == UsageType.INDEX || t == UsageType.PRESENT;
    boolean stored = t == UsageType.PRESERVE || name.equals("present-currentcopy") || name.equals("present-oldcopy");
    return switch (r.name()) {
      case "noindex" -> noindex ? Optional.of(rule + ": no index of the page and no showing it") : Optional.empty();
      case "nofollow" -> t == UsageType.FOLLOW ? Optional.of(rule + ": its links are not to be followed") : Optional.empty();
      case "none" -> noindex || t == UsageType.FOLLOW ? Optional.of(rule + " (noindex, nofollow)") : Optional.empty();
      case "noarchive", "nocache" -> stored ? Optional.of(rule + ": no stored copy kept or shown") : Optional.empty();
      case "nosnippet" -> isSnippet(u) ? Optional.of(rule + ": no snippet") : Optional.empty();
      case "max-snippet" -> isSnippet(u) && number(r.value()) == 0 ? Optional.of(rule + ": no snippet") : Optional.empty();
      case "max-image-preview" -> r.value().equalsIgnoreCase("none") && (name.equals("present-thumbnail") || name.equals("present-oldthumbnail"))
          ? Optional.of(rule + ": no image preview") : Optional.empty();
      case "noimageindex" -> image && noindex ? Optional.of(rule + ": the response is an image, not to be indexed") : Optional.empty();
      case "unavailable_after" -> noindex && after(r.value(), now) ? Optional.of(rule + ": the date is past, so no index and no showing")
          : Optional.empty();
      case "noai", "noimageai" -> (r.name().equals("noai") || image) && t != UsageType.FOLLOW
          && Purpose.of(purpose).map(p -> p.refusedBy(Purpose.AI_ALL)).orElse(false)
          ? Optional.of(rule + ": no use of the content for AI (" + purpose.orElse("") + ")") : Optional.empty();
      default -> Optional.empty();
    };
  }

  private static boolean isSnippet(Usage u) {
    return u.name().equals("present-snippet") || u.name().equals("present-oldsnippet");
  }

  /** A max-snippet number; -1 (no limit) for anything else. */
  private static long number(String v) {
    String s = v.strip();
    if (s.isEmpty() || s.length() > 12) {
      return -1;
    }
    long n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      n = n * 10 + (c - '0');
    }
    return n;
  }

  /**
   * Whether {@code now} is past an {@code unavailable_after} date, in one of the formats Google
   * names (ISO 8601, RFC 822/1123, RFC 850); false for a date that cannot be read.
   */
  static boolean after(String date, Instant now) {
    return when(date).map(now::isAfter).orElse(false);
  }

  static Optional<Instant> when(String date) {
    String d = date.strip();
    try {
      return Optional.of(OffsetDateTime.parse(d).toInstant());
    } catch (DateTimeParseException e) {
      // next form
    }
    try {
      return Optional.of(LocalDate.parse(d).atStartOfDay(ZoneOffset.UTC).toInstant());
    } catch (DateTimeParseException e) {
      // next form
    }
    for (DateTimeFormatter f : List.of(DateTimeFormatter.RFC_1123_DATE_TIME, DateTimeFormatter.ofPattern("d MMM yyyy HH:mm:ss z", Locale.ROOT),
        DateTimeFormatter.ofPattern("EEEE, dd-MMM-yy HH:mm:ss z", Locale.ROOT))) {
      try {
        return Optional.of(ZonedDateTime.parse(d, f).toInstant());
      } catch (DateTimeParseException e) {
        // next form
      }
    }
    return Optional.empty();
  }

  @Override
  public CrawlHints hints(List<String> crawlers, Optional<String> purpose, Instant now) {
    return CrawlHints.none();
  }
}
