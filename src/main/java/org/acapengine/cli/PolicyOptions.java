package org.acapengine.cli;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.acapengine.adapters.rsl.RslVocabulary;
import org.acapengine.eval.Query;
import org.acapengine.load.AddressRange;
import org.acapengine.load.LoadOptions;
import org.acapengine.load.LoadedSite;
import org.acapengine.load.SiteFiles;
import org.acapengine.load.SiteLoader;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.QualifierType;
import org.acapengine.model.UserInputException;
import org.acapengine.parse.ParseOptions;
import org.acapengine.render.PlainText;
import org.acapengine.render.Spelling;
import org.acapengine.site.DecisionNote;
import org.acapengine.site.SiteDecision;
import org.acapengine.site.SiteExplanation;
import org.acapengine.site.SitePolicy;
import picocli.CommandLine.Option;

/**
 * The options every deciding command shares — the policy files, the crawler, the purpose — made
 * into {@link LoadOptions}, a {@link SiteFiles} and a {@link Query}; the files are loaded by
 * {@link SiteLoader}, and the notices it returns are printed here.
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

  /**
   * The site these options name, with {@code robotsFile} as its robots.txt (none when null): what
   * {@link SiteLoader#load} reads.
   */
  SiteFiles siteFiles(String robotsFile) {
    return SiteFiles.none().withRobots(robotsFile).withLlmPolicy(llmPolicy).withScorpion(scorpion).withTdmRep(tdmRep)
        .withContentUsage(contentUsage).withContentSignal(contentSignal).withRsl(rsl).withPage(pageHeaders, page).withLicensee(checkedUserType(), checkedCountry())
        .readFor(crawlers, purpose).withClock(clock());
  }

  /** --user-type, checked against RSL's user types; null when not given. */
  private String checkedUserType() {
    if (userType != null && !RslVocabulary.USER.contains(userType.strip().toLowerCase(Locale.ROOT))) {
      throw new UserInputException("--user-type: '" + PlainText.shorten(userType.strip(), 60) + "' is no RSL user type ("
          + String.join(", ", RslVocabulary.USER) + ")" + Spelling.didYouMean(userType.strip().toLowerCase(Locale.ROOT), RslVocabulary.USER));
    }
    return userType;
  }

  /** --country, checked as an ISO 3166-1 alpha-2 code; null when not given. */
  private String checkedCountry() {
    if (country != null && !isCountryCode(country.strip())) {
      throw new UserInputException("--country: '" + PlainText.shorten(country.strip(), 60) + "' is no ISO 3166-1 alpha-2 country code (two letters, such as DE)");
    }
    return country;
  }

  private static boolean isCountryCode(String c) {
    return c.length() == 2 && Character.isLetter(c.charAt(0)) && Character.isLetter(c.charAt(1)) && c.charAt(0) < 0x80 && c.charAt(1) < 0x80;
  }

  /** The loader of this run: one per command, so that every fetch shares one HTTP client. */
  SiteLoader loader(Io io) {
    return loader(io, Set.of());
  }

  /** The loader of this run, refusing fetches to {@code refused} (for URLs someone else supplied). */
  SiteLoader loader(Io io, Set<AddressRange> refused) {
    return new SiteLoader(loadOptions().withRefusedAddresses(refused), io.in());
  }

  /**
   * Every source given, as one site policy, with the notices of its files printed. A file that
   * cannot be read stops the command ({@link UserInputException}).
   */
  SitePolicy site(Io io) {
    LoadedSite loaded = loader(io).load(siteFiles(robots));
    SitePolicy site = loaded.orElseThrow(why -> new UserInputException(withOptions(loaded, why)));
    print(io, loaded.notices());
    for (String u : conventionalAppliesTo) {
      requireKnownUsage(site, u, "--conventional-applies-to");
    }
    if (purpose != null) {
      requireKnownPurpose(site, purpose, "--purpose");
    }
    return site;
  }

  /**
   * Why a site cannot decide with these options, when a usage of --conventional-applies-to is
   * unknown to it: a misspelt usage ("crwal") would silently stop conventional rules deciding crawl.
   */
  Optional<String> unknownConventionalUsage(SitePolicy site) {
    for (String u : conventionalAppliesTo) {
      Optional<String> why = unknownUsage(site, u);
      if (why.isPresent()) {
        return Optional.of("--conventional-applies-to: " + why.get());
      }
    }
    return Optional.empty();
  }

  /**
   * A load's failure with the option that would have allowed it: a file named by URL is fetched
   * only with {@code --fetch-references}, which the library's message cannot name.
   */
  String withOptions(LoadedSite loaded, String failure) {
    boolean urlRefused = !fetchReferences && loaded.files().stream()
        .anyMatch(l -> l.failure().filter(failure::equals).isPresent() && SiteLoader.isHttpUrl(l.source()));
    return urlRefused ? failure + " (--fetch-references)" : failure;
  }

  /** What a user of the command line does about a notice, for the notices whose remedy is an option; empty for others. */
  static String remedy(Diagnostic d) {
    if (d.code().equals(LoadedSite.LICENCE_NOT_FETCHED)) {
      return " (give a local copy with --rsl FILE, or allow fetching with --fetch-references)";
    }
    return "";
  }

  /**
   * A decision note with the option that states what it finds unstated (a licence's user type or
   * country), which the library's note cannot name; other notes as they are.
   */
  static DecisionNote remedy(DecisionNote n) {
    String option = n.code().equals(DecisionNote.USER_TYPE_UNSTATED) ? "--user-type" : n.code().equals(DecisionNote.COUNTRY_UNSTATED) ? "--country" : null;
    return option == null ? n : new DecisionNote(n.code(), n.text() + " (" + option + ")", n.lines());
  }

  /** Notes, each with its option when one remedies it ({@link #remedy(DecisionNote)}). */
  static List<DecisionNote> remedies(List<DecisionNote> notes) {
    return notes.stream().map(PolicyOptions::remedy).toList();
  }

  /** A decision whose notes have their options ({@link #remedy(DecisionNote)}), for printing. */
  static SiteDecision remedies(SiteDecision d) {
    for (DecisionNote n : d.notes()) {
      if (remedy(n) != n) {
        return new SiteDecision(d.allowed(), d.basis(), d.decidingSource(), d.deciding(), d.qualifiers(), d.obligations(), d.dynamic(),
            d.sources(), remedies(d.notes()));
      }
    }
    return d;
  }

  /** An explanation whose decision's notes have their options ({@link #remedy(DecisionNote)}), for printing. */
  static SiteExplanation remedies(SiteExplanation x) {
    SiteDecision d = remedies(x.decision());
    return d == x.decision() ? x : new SiteExplanation(x.query(), d, x.robots(), x.notes());
  }

  /** The notices of a site's files on standard error, in lint's form, each with its option when one remedies it. */
  static void print(Io io, List<LoadedSite.Notice> notices) {
    for (LoadedSite.Notice n : notices) {
      Diagnostic d = n.diagnostic();
      print(io, n.source(), List.of(new Diagnostic(d.severity(), d.code(), d.message() + remedy(d), d.help(), d.span())));
    }
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

  /**
   * The policy files these options read from disk, by option ({@code --robots} and so on):
   * the inputs an output file must not replace. Standard input and URLs are none.
   */
  Map<String, String> localFiles() {
    Map<String, String> files = new LinkedHashMap<>();
    List<String[]> named = new ArrayList<>(List.of(new String[][] {{"--robots", robots}, {"--llm-policy", llmPolicy}, {"--scorpion", scorpion},
        {"--tdmrep", tdmRep}, {"--page-headers", pageHeaders}, {"--page", page}}));
    rsl.forEach(r -> named.add(new String[] {"--rsl", r}));
    for (String[] n : named) {
      if (n[1] != null && !n[1].equals("-") && !SiteLoader.isHttpUrl(n[1])) {
        String key = "the " + n[0] + " file";
        files.put(files.containsKey(key) ? key + " " + n[1] : key, n[1]);
      }
    }
    return files;
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
