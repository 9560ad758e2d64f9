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
import org.acapengine.adapters.scorpion.ScorpionCrawlerPolicy;
import org.acapengine.adapters.scorpion.ScorpionFile;
import org.acapengine.adapters.tct.TctPolicy;
import org.acapengine.adapters.tdmrep.TdmRepFile;
import org.acapengine.eval.Query;
import org.acapengine.load.LoadOptions;
import org.acapengine.load.Loaded;
import org.acapengine.load.PolicyLoader;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.QualifierType;
import org.acapengine.model.Severity;
import org.acapengine.model.UserInputException;
import org.acapengine.parse.ParseOptions;
import org.acapengine.render.PlainText;
import org.acapengine.render.Spelling;
import org.acapengine.site.ContentUsageSource;
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

  @Option(names = "--tdmrep", paramLabel = "FILE", description = "a W3C TDMRep tdmrep.json to decide against too (- for standard input; a URL only with --fetch-references)")
  String tdmRep;

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
    if (tdmRep != null) {
      if (loadedTdmRep == null) {
        Loaded<TdmRepFile> l = loader.tdmRep(tdmRep);
        TdmRepFile file = l.orElseThrow(UserInputException::new);
        print(io, l.source(), atLeastWarning(l.diagnostics()));
        loadedTdmRep = file;
      }
      b.source(new TdmRepSource(loadedTdmRep));
    }
    SitePolicy site = b.build();
    // A misspelt usage here ("crwal") would silently stop conventional rules deciding crawl.
    for (String u : conventionalAppliesTo) {
      requireKnownUsage(site, u, "--conventional-applies-to");
    }
    return site;
  }

  private Optional<TctPolicy> loadedLlmPolicy;
  private ScorpionFile loadedScorpion;
  private TdmRepFile loadedTdmRep;

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

  void requireSource() {
    requireOneStandardInput(List.of());
    if (robots == null && llmPolicy == null && scorpion == null && contentUsage == null && tdmRep == null) {
      throw new UserInputException("a policy is required: --robots FILE (and/or --llm-policy FILE, --scorpion FILE, --tdmrep FILE, --content-usage DICT)");
    }
  }

  void requireSourceAndCrawler() {
    requireOneStandardInput(List.of());
    if (robots == null && llmPolicy == null && scorpion == null && contentUsage == null && tdmRep == null) {
      throw new UserInputException("a policy is required: --robots FILE (and/or --llm-policy FILE, --scorpion FILE, --tdmrep FILE, --content-usage DICT)");
    }
    if (crawlers.isEmpty() || crawlers.stream().allMatch(String::isBlank)) {
      throw new UserInputException("--crawler NAME is required");
    }
  }
}
