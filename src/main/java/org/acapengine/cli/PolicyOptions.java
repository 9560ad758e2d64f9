package org.acapengine.cli;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.acapengine.adapters.scorpion.ScorpionCrawlerPolicy;
import org.acapengine.adapters.scorpion.ScorpionFile;
import org.acapengine.adapters.scorpion.ScorpionReadResult;
import org.acapengine.adapters.scorpion.ScorpionReader;
import org.acapengine.adapters.tct.TctPolicy;
import org.acapengine.adapters.tct.TctPolicyReader;
import org.acapengine.adapters.tct.TctPolicyResult;
import org.acapengine.eval.CompileOptions;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.HttpResolver;
import org.acapengine.eval.LocalFileResolver;
import org.acapengine.eval.Query;
import org.acapengine.eval.ReferenceResolver;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.QualifierType;
import org.acapengine.model.Severity;
import org.acapengine.model.UserInputException;
import org.acapengine.parse.ParseOptions;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.render.PlainText;
import org.acapengine.site.SitePolicy;
import picocli.CommandLine.Option;

/** The options every deciding command shares: the policy, the crawler, the purpose. */
public final class PolicyOptions {

  @Option(names = "--robots", paramLabel = "FILE", description = "the robots.txt to decide against (- for standard input)")
  String robots;

  @Option(names = "--llm-policy", paramLabel = "FILE", description = "a TCT llm-policy.json to decide against too")
  String llmPolicy;

  @Option(names = "--scorpion", paramLabel = "FILE", description = "a Scorpion /.special/crawl file to decide against too")
  String scorpion;

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

  ParseOptions parseOptions() {
    if (maxBytes < 1) {
      throw new UserInputException("--max-bytes must be positive");
    }
    return new ParseOptions(maxBytes);
  }

  /** Reads, parses and compiles a robots.txt with these options. */
  CompiledPolicy load(String file, Io io) {
    return loadRobots(file, io, parseOptions(), fetchReferences, Set.copyOf(conventionalAppliesTo));
  }

  /**
   * Reads a robots.txt from a file, standard input ({@code -}) or an http(s) URL (fetched with
   * timeouts and the size limit: naming a URL is asking for the network), then parses and
   * compiles it. Permissions references resolve against its directory; URL references are
   * fetched when {@code fetchReferences} is set or the robots.txt itself came from a URL.
   */
  static CompiledPolicy loadRobots(String file, Io io, ParseOptions parse, boolean fetchReferences, Set<String> conventionalAppliesTo) {
    long maxBytes = parse.maxBytes();
    boolean url = isHttpUrl(file);
    byte[] content;
    HttpResolver http = new HttpResolver(Duration.ofSeconds(10), maxBytes);
    if (url) {
      ReferenceResolver.Result r = http.fetch(java.net.URI.create(file));
      if (r instanceof ReferenceResolver.Result.Failed f) {
        throw new UserInputException("cannot read " + file + ": " + f.reason());
      }
      content = ((ReferenceResolver.Result.Loaded) r).content();
    } else {
      content = InputFiles.readBounded(file, io.in(), maxBytes);
    }
    PolicyDocument doc = new RobotsTxtParser(parse).parse(content, file);
    ReferenceResolver resolver;
    if (url) {
      resolver = http;
    } else {
      Path root = file.equals("-") ? Path.of("").toAbsolutePath() : Path.of(file).toAbsolutePath().getParent();
      resolver = new LocalFileResolver(root == null ? Path.of("/") : root, maxBytes);
      if (fetchReferences) {
        resolver = resolver.orElse(http);
      }
    }
    return CompiledPolicy.compile(doc, new CompileOptions(conventionalAppliesTo, resolver, parse));
  }

  static boolean isHttpUrl(String s) {
    String l = s.toLowerCase(java.util.Locale.ROOT);
    return l.startsWith("http://") || l.startsWith("https://");
  }

  /** Reads an llm-policy.json; an unusable one is reported on standard error and gives none. */
  static Optional<TctPolicy> loadLlmPolicy(String file, Io io) {
    TctPolicyResult r = new TctPolicyReader().read(InputFiles.readBounded(file, io.in(), 1024 * 1024), file);
    r.diagnostics().stream().filter(d -> d.severity().atLeast(Severity.WARNING)).forEach(d -> warn(io, file, d));
    return r.policy();
  }

  /**
   * A problem in a policy file, on standard error: the decision goes on with what could be read
   * (a misspelt purpose flag silently drops a prohibition, so it must show).
   */
  private static void warn(Io io, String file, Diagnostic d) {
    io.err().println(PlainText.safe("acap: warning: " + file + ":" + d.span().line() + ":" + d.span().column() + ": " + d.message()));
  }

  /** Every source given (--robots, --llm-policy, --scorpion), as one site policy. */
  SitePolicy site(Io io) {
    SitePolicy.Builder b = SitePolicy.builder().clock(clock());
    if (robots != null) {
      b.robots(load(robots, io));
    }
    return withOtherSources(b, io).build();
  }

  /** Adds --llm-policy and --scorpion to a builder; the files are read (and reported on) once per run. */
  SitePolicy.Builder withOtherSources(SitePolicy.Builder b, Io io) {
    b.clock(clock());
    if (llmPolicy != null) {
      if (loadedLlmPolicy == null) {
        loadedLlmPolicy = loadLlmPolicy(llmPolicy, io);
      }
      loadedLlmPolicy.ifPresent(b::llmPolicy);
    }
    if (scorpion != null) {
      if (loadedScorpion == null) {
        ScorpionReadResult r = new ScorpionReader().read(InputFiles.readBounded(scorpion, io.in(), ScorpionReader.DEFAULT_MAX_BYTES), scorpion);
        r.diagnostics().forEach(d -> warn(io, scorpion, d));
        if (!crawlers.isEmpty()) {
          ScorpionCrawlerPolicy.of(r.file(), crawlers, Optional.ofNullable(purpose)).diagnostics().stream()
              .filter(d -> d.severity().atLeast(Severity.WARNING)).forEach(d -> warn(io, scorpion, d));
        }
        loadedScorpion = r.file();
      }
      b.scorpion(loadedScorpion);
    }
    return b;
  }

  private Optional<TctPolicy> loadedLlmPolicy;
  private ScorpionFile loadedScorpion;

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

  /** A query for these options. */
  Query.Builder query(List<String> crawlerNames) {
    Query.Builder b = Query.builder().crawlers(crawlerNames).purpose(purpose);
    honourable().ifPresent(b::honouring);
    return b;
  }

  void requireSourceAndCrawler() {
    if (robots == null && llmPolicy == null && scorpion == null) {
      throw new UserInputException("a policy is required: --robots FILE (and/or --llm-policy FILE, --scorpion FILE)");
    }
    if (crawlers.isEmpty() || crawlers.stream().allMatch(String::isBlank)) {
      throw new UserInputException("--crawler NAME is required");
    }
  }
}
