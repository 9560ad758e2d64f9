package org.acapengine.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.acapengine.eval.CompileOptions;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.HttpResolver;
import org.acapengine.eval.LocalFileResolver;
import org.acapengine.eval.Query;
import org.acapengine.eval.ReferenceResolver;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.QualifierType;
import org.acapengine.parse.ParseOptions;
import org.acapengine.parse.RobotsTxtParser;
import picocli.CommandLine.Option;

/** The options every deciding command shares: the policy, the crawler, the purpose. */
public final class PolicyOptions {

  @Option(names = "--robots", paramLabel = "FILE", description = "the robots.txt to decide against (- for standard input)")
  String robots;

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
    ParseOptions parse = parseOptions();
    byte[] content = InputFiles.readBounded(file, io.in(), maxBytes);
    PolicyDocument doc = new RobotsTxtParser(parse).parse(content, file);
    Path root = file.equals("-") ? Path.of("").toAbsolutePath() : Path.of(file).toAbsolutePath().getParent();
    ReferenceResolver resolver = new LocalFileResolver(root == null ? Path.of("/") : root, maxBytes);
    if (fetchReferences) {
      resolver = resolver.orElse(new HttpResolver(Duration.ofSeconds(10), maxBytes));
    }
    return CompiledPolicy.compile(doc, new CompileOptions(Set.copyOf(conventionalAppliesTo), resolver, parse));
  }

  /** A query for these options. */
  Query.Builder query(List<String> crawlerNames) {
    Query.Builder b = Query.builder().crawlers(crawlerNames).purpose(purpose);
    honourable().ifPresent(b::honouring);
    return b;
  }

  void requireRobotsAndCrawler() {
    if (robots == null) {
      throw new UserInputException("--robots FILE is required");
    }
    if (crawlers.isEmpty() || crawlers.stream().allMatch(String::isBlank)) {
      throw new UserInputException("--crawler NAME is required");
    }
  }
}
