package org.acapengine.cli;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.acapengine.adapters.page.LicenseLinks;
import org.acapengine.adapters.page.PageSignals;
import org.acapengine.adapters.rsl.RslDocument;
import org.acapengine.adapters.scorpion.ScorpionCrawlerPolicy;
import org.acapengine.adapters.scorpion.ScorpionFile;
import org.acapengine.adapters.tct.TctPolicy;
import org.acapengine.adapters.tdmrep.TdmRepFile;
import org.acapengine.eval.Query;
import org.acapengine.load.LoadOptions;
import org.acapengine.load.Loaded;
import org.acapengine.load.PolicyLoader;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.LicenseReference;
import org.acapengine.model.SourceLine;
import org.acapengine.model.QualifierType;
import org.acapengine.model.Severity;
import org.acapengine.model.UserInputException;
import org.acapengine.parse.ParseOptions;
import org.acapengine.render.PlainText;
import org.acapengine.render.Spelling;
import org.acapengine.site.ContentSignalSource;
import org.acapengine.site.ContentUsageSource;
import org.acapengine.site.PageSources;
import org.acapengine.site.PolicySource;
import org.acapengine.site.RobotsSource;
import org.acapengine.site.RslSource;
import org.acapengine.site.SitePolicy;
import org.acapengine.site.TdmRepSource;
import picocli.CommandLine.Option;

/**
 * The options every deciding command shares — the policy files, the crawler, the purpose — made
 * into {@link LoadOptions} and a {@link Query}; the files are loaded by {@link PolicyLoader}, and
 * what it returns is printed here.
 */
public final class PolicyOptions {

  @Option(names = "--robots", paramLabel = "FILE", description = "the robots.txt to decide against (- for standard input); an http(s) URL is fetched: a 4xx allows everything, a 5xx, 429 or network failure prohibits everything (RFC 9309 2.3.1)")
  String robots;

  @Option(names = "--llm-policy", paramLabel = "FILE", description = "a TCT llm-policy.json to decide against too")
  String llmPolicy;

  @Option(names = "--scorpion", paramLabel = "FILE", description = "a Scorpion /.special/crawl file to decide against too")
  String scorpion;

  @Option(names = "--content-usage", paramLabel = "DICT",
      description = "an AIPREF Content-Usage header value that came with the page, e.g. \"train-ai=n, search=y\" (draft-ietf-aipref-vocab)")
  String contentUsage;

  @Option(names = "--content-signal", paramLabel = "VALUE",
      description = "a Content-Signal HTTP header value that came with the page, e.g. \"search=yes, ai-train=no\" (Cloudflare Content Signals)")
  String contentSignal;

  @Option(names = "--tdmrep", paramLabel = "FILE", description = "a W3C TDMRep tdmrep.json to decide against too (- for standard input; a URL only with --fetch-references)")
  String tdmRep;

  @Option(names = "--rsl", paramLabel = "FILE",
      description = "an RSL 1.0 licence (application/rsl+xml) to decide against, e.g. a local copy of the one a License: line names (repeatable; a URL only with --fetch-references)")
  List<String> rsl = new ArrayList<>();

  @Option(names = "--user-type", paramLabel = "TYPE", description = "what the crawler's operator is, for RSL licences: commercial, non-commercial, education, government or personal")
  String userType;

  @Option(names = "--country", paramLabel = "CC", description = "the crawler's country (ISO 3166-1 alpha-2), for RSL licences")
  String country;

  @Option(names = "--page-headers", paramLabel = "FILE",
      description = "the page's response header block (curl -i or -D output): X-Robots-Tag, Content-Usage, Content-Signal, tdm-reservation, Link rel=license; it speaks for the paths asked about")
  String pageHeaders;

  @Option(names = "--page", paramLabel = "FILE",
      description = "the page's HTML: the robots and CRAWLER meta tags, TDMRep meta, RSL link and embedded licence of its head; it speaks for the paths asked about")
  String page;

  @Option(names = "--now", paramLabel = "INSTANT", description = "the time an llm-policy.json's 'effective' is compared with (ISO-8601, e.g. 2026-11-21T00:00:00Z); default now")
  String now;

  @Option(names = "--crawler", paramLabel = "NAME", description = "the crawler's name (product token); repeat for a crawler with several names")
  List<String> crawlers = new ArrayList<>();

  @Option(names = "--purpose", paramLabel = "P", description = "the usage purpose the crawler states (ACAP 2.3.3)")
  String purpose;

  @Option(names = "--honour", split = ",", paramLabel = "QUALIFIER",
      description = "qualifier types the crawler can honour; a permission with any other counts as a prohibition (ACAP 2.5.5.2.3). Default: all")
  List<String> honour;

  @Option(names = "--conventional-applies-to", split = ",", paramLabel = "USAGE", defaultValue = "crawl",
      description = "usages the conventional Allow/Disallow rules apply to (ACAP 2.9); default ${DEFAULT-VALUE}")
  List<String> conventionalAppliesTo;

  @Option(names = "--fetch-references", description = "fetch permissions references that are URLs over HTTP(S) (off: no network)")
  boolean fetchReferences;

  @Option(names = "--max-bytes", paramLabel = "N", defaultValue = "" + ParseOptions.DEFAULT_MAX_BYTES,
      description = "robots.txt content beyond this many bytes is not parsed; default ${DEFAULT-VALUE}")
  long maxBytes;

  /** The qualifier types named by --honour, when given. */
  Optional<Set<QualifierType>> honourable() {
    if (honour == null) {
      return Optional.empty();
    }
    Set<QualifierType> types = EnumSet.noneOf(QualifierType.class);
    for (String name : honour) {
      if (name.isBlank()) {
        continue;
      }
      types.add(QualifierType.fromToken(name.strip())
          .orElseThrow(() -> new UserInputException("--honour: '" + name.strip() + "' is no qualifier type (time-limit, max-length, prohibited-modification, must-use-resource, must-include-resource, prohibited-context, required-context)")));
    }
    return Optional.of(types);
  }

  /** The load options these command-line options ask for. */
  LoadOptions loadOptions() {
    if (maxBytes < 1) {
      throw new UserInputException("--max-bytes must be positive");
    }
    return new LoadOptions(maxBytes, fetchReferences, Set.copyOf(conventionalAppliesTo), LoadOptions.DEFAULT_TIMEOUT);
  }

  /** Every source given (--robots, --llm-policy, --scorpion), as one site policy. */
  SitePolicy site(Io io) {
    return site(io, robots);
  }

  /**
   * A site policy of {@code robotsFile} (none when null) with the --llm-policy and --scorpion
   * given. The other files are loaded, and their diagnostics printed, once per run however many
   * robots files a batch names. An unreadable file stops the command ({@link UserInputException}).
   */
  SitePolicy site(Io io, String robotsFile) {
    PolicyLoader loader = new PolicyLoader(loadOptions(), io.in());
    SitePolicy.Builder b = SitePolicy.builder().clock(clock());
    if (robotsFile != null) {
      // A robots.txt's own findings are lint's to report (acap lint); deciding uses what it says.
      // A URL is fetched as RFC 9309 2.3.1 says: unavailable and unreachable are sources that
      // decide (robots-unavailable, robots-unreachable), not unreadable files.
      b.robots(loader.robotsSource(robotsFile).orElseThrow(UserInputException::new));
    }
    if (llmPolicy != null) {
      if (loadedLlmPolicy == null) {
        Loaded<TctPolicy> l = loader.llmPolicy(llmPolicy);
        l.failure().ifPresent(f -> {
          throw new UserInputException(f);
        });
        // A misspelt purpose flag silently drops a prohibition, so warnings must show.
        print(io, l.source(), atLeastWarning(l.diagnostics()));
        loadedLlmPolicy = l.value();
      }
      loadedLlmPolicy.ifPresent(b::llmPolicy);
    }
    if (scorpion != null) {
      if (loadedScorpion == null) {
        Loaded<ScorpionFile> l = loader.scorpion(scorpion);
        ScorpionFile file = l.orElseThrow(UserInputException::new);
        print(io, l.source(), l.diagnostics());
        if (!crawlers.isEmpty()) {
          print(io, l.source(), atLeastWarning(ScorpionCrawlerPolicy.of(file, crawlers, Optional.ofNullable(purpose)).diagnostics()));
        }
        loadedScorpion = file;
      }
      b.scorpion(loadedScorpion);
    }
    if (contentUsage != null) {
      b.source(ContentUsageSource.header(contentUsage));
    }
    if (contentSignal != null) {
      b.source(ContentSignalSource.header(new SourceLine("Content-Signal header", 0, contentSignal.strip()), contentSignal));
    }
    if (tdmRep != null) {
      if (loadedTdmRep == null) {
        Loaded<TdmRepFile> l = loader.tdmRep(tdmRep);
        TdmRepFile file = l.orElseThrow(UserInputException::new);
        print(io, l.source(), atLeastWarning(l.diagnostics()));
        loadedTdmRep = file;
      }
      b.source(new TdmRepSource(loadedTdmRep));
    }
    licences(io, loader, b, robotsFile);
    SitePolicy site = b.build();
    // A misspelt usage here ("crwal") would silently stop conventional rules deciding crawl.
    for (String u : conventionalAppliesTo) {
      requireKnownUsage(site, u, "--conventional-applies-to");
    }
    if (purpose != null) {
      requireKnownPurpose(site, purpose, "--purpose");
    }
    return site;
  }

  private Optional<TctPolicy> loadedLlmPolicy;
  private ScorpionFile loadedScorpion;
  private TdmRepFile loadedTdmRep;
  private List<RslDocument> loadedRsl;
  private PageSources loadedPage;

  /** What the crawler states of itself for RSL licences (--user-type, --country). */
  RslSource.Licensee licensee() {
    if (userType != null && !org.acapengine.adapters.rsl.RslVocabulary.USER.contains(userType.strip().toLowerCase(java.util.Locale.ROOT))) {
      throw new UserInputException("--user-type: '" + PlainText.shorten(userType.strip(), 60) + "' is no RSL user type ("
          + String.join(", ", org.acapengine.adapters.rsl.RslVocabulary.USER) + ")"
          + Spelling.didYouMean(userType.strip().toLowerCase(java.util.Locale.ROOT), org.acapengine.adapters.rsl.RslVocabulary.USER));
    }
    if (country != null && !isCountryCode(country.strip())) {
      throw new UserInputException("--country: '" + PlainText.shorten(country.strip(), 60) + "' is no ISO 3166-1 alpha-2 country code (two letters, such as DE)");
    }
    return new RslSource.Licensee(Optional.ofNullable(userType), Optional.ofNullable(country));
  }

  private static boolean isCountryCode(String c) {
    return c.length() == 2 && Character.isLetter(c.charAt(0)) && Character.isLetter(c.charAt(1)) && c.charAt(0) < 0x80 && c.charAt(1) < 0x80;
  }

  /**
   * The RSL licences and the page's own signals: --rsl files; else the licences the robots.txt's
   * License: lines and the page's links name, fetched only with --fetch-references (otherwise a
   * source that says the licence was not read); the page's sources (--page-headers, --page).
   * Loaded and printed once per run.
   */
  private void licences(Io io, PolicyLoader loader, SitePolicy.Builder b, String robotsFile) {
    RslSource.Licensee licensee = licensee();
    if (loadedPage == null && (pageHeaders != null || page != null)) {
      Loaded<PageSignals> l = loader.page(pageHeaders, page);
      PageSignals signals = l.orElseThrow(UserInputException::new);
      print(io, pageHeaders != null && !signals.headersSource().isEmpty() ? pageHeaders : page, atLeastWarning(l.diagnostics()));
      loadedPage = PageSources.of(signals, licensee);
      for (PageSources.Located d : loadedPage.diagnostics()) {
        print(io, d.source(), atLeastWarning(List.of(d.diagnostic())));
      }
    }
    if (loadedPage != null) {
      loadedPage.sources().forEach(b::source);
    }
    if (loadedRsl == null && !rsl.isEmpty()) {
      loadedRsl = new ArrayList<>();
      for (String f : rsl) {
        Loaded<RslDocument> l = loader.rsl(f);
        RslDocument doc = l.orElseThrow(UserInputException::new);
        print(io, l.source(), atLeastWarning(l.diagnostics()));
        loadedRsl.add(doc);
      }
    }
    if (loadedRsl != null) {
      for (RslDocument doc : loadedRsl) {
        b.source(new RslSource(doc, licensee, "--rsl " + doc.sourceName()));
      }
      return; // local copies stand for the licences the site names
    }
    List<String[]> named = new ArrayList<>(); // url, via
    List<SourceLine> vias = new ArrayList<>();
    PolicySource robots = b.build().sources().stream().filter(s -> s instanceof RobotsSource).findFirst().orElse(null);
    if (robots instanceof RobotsSource r) {
      for (LicenseReference ref : r.policy().document().licenses()) {
        named.add(new String[] {ref.url()});
        vias.add(new SourceLine(r.name(), ref.span().line(), "License: " + ref.url()));
      }
    }
    if (loadedPage != null) {
      for (LicenseLinks.Link link : loadedPage.licenseLinks()) {
        named.add(new String[] {link.url()});
        vias.add(link.line());
      }
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (int i = 0; i < named.size(); i++) {
      String url = resolve(named.get(i)[0], robotsFile);
      if (!seen.add(url)) {
        continue;
      }
      if (!fetchReferences || !PolicyLoader.isHttpUrl(url)) {
        b.source(RslSource.unread(url, vias.get(i), !PolicyLoader.isHttpUrl(url) ? "it is not an absolute http(s) URL"
            : "network access is off: give a local copy with --rsl FILE, or allow fetching with --fetch-references"));
        continue;
      }
      Loaded<RslDocument> l = loader.rsl(url);
      if (l.value().isEmpty()) {
        b.source(RslSource.unread(url, vias.get(i), l.failure().orElse("it could not be fetched")));
      } else {
        print(io, url, atLeastWarning(l.diagnostics()));
        b.source(new RslSource(l.value().get(), licensee, vias.get(i).toString()));
      }
    }
  }

  /** A licence address relative to a robots.txt fetched from a URL, resolved against it. */
  private static String resolve(String url, String robotsFile) {
    if (robotsFile == null || !PolicyLoader.isHttpUrl(robotsFile) || PolicyLoader.isHttpUrl(url)) {
      return url;
    }
    try {
      return java.net.URI.create(robotsFile.strip()).resolve(url.strip()).toString();
    } catch (IllegalArgumentException e) {
      return url;
    }
  }

  private static List<Diagnostic> atLeastWarning(List<Diagnostic> all) {
    return all.stream().filter(d -> d.severity().atLeast(Severity.WARNING)).toList();
  }

  /**
   * Diagnostics of a policy file on standard error, in lint's form {@code FILE:LINE:COL: severity
   * code message}: the decision goes on with what could be read. Escaped: the message may quote
   * the file.
   */
  static void print(Io io, String source, List<Diagnostic> diagnostics) {
    for (Diagnostic d : diagnostics) {
      io.err().println(PlainText.safe(source + ":" + d.span().line() + ":" + d.span().column() + ": " + d.severity().label() + " " + d.code() + " " + d.message()));
    }
  }

  Clock clock() {
    if (now == null) {
      return Clock.systemUTC();
    }
    try {
      return Clock.fixed(Instant.parse(now), ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw new UserInputException("--now: '" + now + "' is not an ISO-8601 instant such as 2026-11-21T00:00:00Z");
    }
  }

  /**
   * Why {@code usage} is refused, when it is neither an ACAP usage nor one a source names: a
   * misspelt usage ({@code crawll}) would otherwise be answered "allowed: nothing applies".
   *
   * @return the reason with the nearest known name, or empty when the usage is known
   */
  static Optional<String> unknownUsage(SitePolicy site, String usage) {
    if (site.knowsUsage(usage)) {
      return Optional.empty();
    }
    return Optional.of("'" + PlainText.shorten(usage.strip(), 100) + "' is no ACAP usage and no policy given names it"
        + Spelling.didYouMean(usage.strip(), site.usageNames()));
  }

  /**
   * Why {@code purpose} is refused, when it is in no purpose vocabulary and no source names it:
   * a misspelt purpose ({@code ai-trian}) would otherwise be answered by every preference source's
   * silence, "allowed".
   *
   * @return the reason with the nearest known name, or empty when the purpose is known
   */
  static Optional<String> unknownPurpose(SitePolicy site, String purpose) {
    if (purpose.isBlank() || site.knowsPurpose(purpose)) {
      return Optional.empty();
    }
    return Optional.of("'" + PlainText.shorten(purpose.strip(), 100) + "' is in no purpose vocabulary (" + String.join(", ", SitePolicy.purposeNames())
        + ") and no policy given names it" + Spelling.didYouMean(purpose.strip(), SitePolicy.purposeNames()));
  }

  /** Refuses (exit 2) a purpose {@link #unknownPurpose} refuses, naming the option it came from. */
  static void requireKnownPurpose(SitePolicy site, String purpose, String option) {
    unknownPurpose(site, purpose).ifPresent(why -> {
      throw new UserInputException(option + ": " + why);
    });
  }

  /** Refuses (exit 2) a usage {@link #unknownUsage} refuses, naming the option it came from. */
  static void requireKnownUsage(SitePolicy site, String usage, String option) {
    unknownUsage(site, usage).ifPresent(why -> {
      throw new UserInputException(option + ": " + why);
    });
  }

  /**
   * Refuses standard input ({@code -}) named for more than one input: the first to read it would
   * take it all and the others would silently read nothing.
   *
   * @param others the command's other inputs that read standard input, as the message names them
   */
  void requireOneStandardInput(List<String> others) {
    List<String> readers = new ArrayList<>();
    if ("-".equals(robots)) {
      readers.add("--robots -");
    }
    if ("-".equals(llmPolicy)) {
      readers.add("--llm-policy -");
    }
    if ("-".equals(scorpion)) {
      readers.add("--scorpion -");
    }
    if ("-".equals(tdmRep)) {
      readers.add("--tdmrep -");
    }
    rsl.stream().filter("-"::equals).forEach(r -> readers.add("--rsl -"));
    if ("-".equals(pageHeaders)) {
      readers.add("--page-headers -");
    }
    if ("-".equals(page)) {
      readers.add("--page -");
    }
    readers.addAll(others);
    if (readers.size() > 1) {
      throw new UserInputException("standard input can feed only one input, but " + String.join(" and ", readers) + (readers.size() == 2 ? " both" : " all") + " read it");
    }
  }

  /** A query for these options. */
  Query.Builder query(List<String> crawlerNames) {
    Query.Builder b = Query.builder().crawlers(crawlerNames).purpose(purpose);
    honourable().ifPresent(b::honouring);
    return b;
  }

  private static final String NO_SOURCE = "a policy is required: --robots FILE (and/or --llm-policy FILE, --scorpion FILE, --tdmrep FILE, --rsl FILE,"
      + " --page-headers FILE, --page FILE, --content-usage DICT, --content-signal VALUE)";

  private boolean hasSource() {
    return robots != null || llmPolicy != null || scorpion != null || contentUsage != null || contentSignal != null || tdmRep != null
        || !rsl.isEmpty() || pageHeaders != null || page != null;
  }

  void requireSource() {
    requireOneStandardInput(List.of());
    if (!hasSource()) {
      throw new UserInputException(NO_SOURCE);
    }
  }

  void requireSourceAndCrawler() {
    requireOneStandardInput(List.of());
    if (!hasSource()) {
      throw new UserInputException(NO_SOURCE);
    }
    if (crawlers.isEmpty() || crawlers.stream().allMatch(String::isBlank)) {
      throw new UserInputException("--crawler NAME is required");
    }
  }
}
