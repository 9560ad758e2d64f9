package org.acapengine.compat.crawlercommons;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.BaseRobotsParser;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.acapengine.eval.CompileOptions;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.hints.CrawlHints;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ExtensionField;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.ParseOptions;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.site.SitePolicy;

/**
 * A drop-in for crawler-commons' {@code SimpleRobotRulesParser}: the rules it returns answer
 * {@code isAllowed(url)} through acap-engine (RFC 9309 matching, and ACAP records when the file
 * has them), {@code getCrawlDelay()} from the crawler's {@code Crawl-delay}/{@code Request-rate}
 * hints, {@code getSitemaps()} from the {@code Sitemap} lines, and {@link #failedFetch} follows RFC
 * 9309 2.3.1. Where it answers differently from crawler-commons, and by which section: the table
 * in {@code src/test/resources/compat/crawler-commons.tsv} and docs/fetching.md.
 *
 * <p>crawler-commons is an optional dependency of acap-engine: a crawler that uses this class
 * already has it.
 */
@SuppressWarnings("serial")
public class AcapRobotRulesParser extends BaseRobotsParser {

  /** The ACAP usage the rules decide. */
  private final String usage;
  /** The usage purpose of the queries, if any. */
  private final Optional<String> purpose;
  /** True when only the conventional RFC 9309 rules count. */
  private final boolean conventionalOnly;

  /** Decides {@code crawl}, reading ACAP records where the file has them. */
  public AcapRobotRulesParser() {
    this("crawl", Optional.empty(), false);
  }

  /**
   * @param usage the usage decided ({@code crawl}, {@code index}, ...)
   * @param purpose the crawler's usage purpose (ACAP 2.3.3), if it states one
   * @param conventionalOnly true to read only the conventional records, as a legacy crawler does
   *     (RFC 9309 alone; {@code usage} and {@code purpose} are then ignored)
   */
  public AcapRobotRulesParser(String usage, Optional<String> purpose, boolean conventionalOnly) {
    this.usage = Objects.requireNonNull(usage, "usage").strip().toLowerCase(Locale.ROOT);
    this.purpose = Objects.requireNonNull(purpose, "purpose");
    this.conventionalOnly = conventionalOnly;
  }

  /**
   * crawler-commons' deprecated form: {@code robotNames} is split at commas and whitespace, as
   * {@code BaseRobotsParser} documents ({@code "Mozilla denybot 99.9"} is the names {@code
   * Mozilla}, {@code denybot} and {@code 99.9}), and the crawler answers to each name. The names
   * are then compared as RFC 9309 2.2.1 says (whole product tokens, ignoring case), not by
   * crawler-commons' prefix match.
   */
  @Override
  @Deprecated
  public AcapRobotRules parseContent(String url, byte[] content, String contentType, String robotNames) {
    return parseContent(url, content, contentType, splitRobotNames(robotNames));
  }

  /** The names in a comma- or whitespace-separated list; at most 64 are kept. */
  static List<String> splitRobotNames(String robotNames) {
    List<String> names = new ArrayList<>();
    int i = 0;
    final int n = robotNames.length();
    while (i < n && names.size() < 64) {
      while (i < n && isSeparator(robotNames.charAt(i))) {
        i++;
      }
      int start = i;
      while (i < n && !isSeparator(robotNames.charAt(i))) {
        i++;
      }
      if (i > start) {
        names.add(robotNames.substring(start, i));
      }
    }
    return names;
  }

  private static boolean isSeparator(char c) {
    return c == ',' || Character.isWhitespace(c);
  }

  /**
   * Parses and compiles {@code content} (the robots.txt fetched from {@code url}) for the crawler
   * {@code robotNames} (product tokens, or User-Agent strings: the token is taken). The content
   * type is not looked at (RFC 9309 2.3: the file is read whatever it is served as).
   */
  @Override
  public AcapRobotRules parseContent(String url, byte[] content, String contentType, Collection<String> robotNames) {
    List<String> names = new ArrayList<>(new LinkedHashSet<>(robotNames));
    if (names.isEmpty()) {
      names.add("*");
    }
    PolicyDocument doc = new RobotsTxtParser(ParseOptions.defaults()).parse(content == null ? new byte[0] : content, url == null ? "robots.txt" : url);
    CompiledPolicy policy = CompiledPolicy.compile(doc, CompileOptions.defaults());
    AcapRobotRules rules = new AcapRobotRules(policy, names, usage, purpose, conventionalOnly);
    CrawlHints hints = SitePolicy.builder().robots(policy).build().hints(names, purpose);
    hints.minDelay().map(h -> h.value()).ifPresent(d -> rules.setCrawlDelay(millis(d)));
    if (hints.minDelay().isEmpty()) {
      hints.requestRate().ifPresent(r -> rules.setCrawlDelay(millis(r.value().period().dividedBy(Math.max(1, r.value().requests().longValue())))));
    }
    for (String sitemap : sitemaps(doc, url)) {
      rules.addSitemap(sitemap);
    }
    return rules;
  }

  /**
   * The rules when robots.txt could not be fetched (RFC 9309 2.3.1): a 4xx other than 429
   * (unavailable, 2.3.1.3) or a 3xx, which a crawler reports after more redirects than it follows
   * (2.3.1.2), allow everything; 429, 5xx and any other status (unreachable, 2.3.1.4) allow
   * nothing and ask the crawler to defer its visits.
   *
   * @throws IllegalStateException for a 2xx status, as crawler-commons does: a 2xx has content to parse
   */
  @Override
  public AcapRobotRules failedFetch(int httpStatusCode) {
    if (httpStatusCode >= 200 && httpStatusCode < 300) {
      throw new IllegalStateException("HTTP " + httpStatusCode + " is a successful fetch: parse its content instead");
    }
    if (httpStatusCode >= 300 && httpStatusCode < 500 && httpStatusCode != 429) {
      return new AcapRobotRules(AcapRobotRules.Mode.ALLOW_ALL);
    }
    AcapRobotRules none = new AcapRobotRules(AcapRobotRules.Mode.ALLOW_NONE);
    none.setDeferVisits(true);
    return none;
  }

  private static long millis(Duration d) {
    try {
      return d.toMillis();
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }

  /** The Sitemap lines, anywhere in the file, resolved against the robots.txt URL, without repeats. */
  static List<String> sitemaps(PolicyDocument doc, String robotsUrl) {
    Set<String> out = new LinkedHashSet<>();
    List<ExtensionField> fields = new ArrayList<>(doc.fileFields());
    for (ConventionalGroup g : doc.conventionalGroups()) {
      fields.addAll(g.fields());
    }
    fields.sort((a, b) -> Integer.compare(a.span().line(), b.span().line()));
    for (ExtensionField f : fields) {
      if (!f.key().equals("sitemap") || f.value().isBlank()) {
        continue;
      }
      String value = f.value().strip();
      int hash = value.indexOf(" #");
      if (hash >= 0) {
        value = value.substring(0, hash).strip();
      }
      resolve(robotsUrl, value).ifPresent(out::add);
    }
    return List.copyOf(out);
  }

  private static Optional<String> resolve(String base, String value) {
    try {
      URI v = new URI(value);
      if (v.isAbsolute()) {
        return Optional.of(value);
      }
      if (base != null) {
        URI b = new URI(base);
        if (b.isAbsolute()) {
          return Optional.of(b.resolve(v).toString());
        }
      }
    } catch (java.net.URISyntaxException | IllegalArgumentException e) {
      // not a URL: left out, as crawler-commons leaves it out
    }
    return Optional.empty();
  }

  @Override
  public String toString() {
    return "AcapRobotRulesParser[usage " + usage + purpose.map(p -> ", purpose " + p).orElse("") + (conventionalOnly ? ", conventional records only" : "") + "]";
  }
}
