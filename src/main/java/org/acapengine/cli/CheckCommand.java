package org.acapengine.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.google.common.primitives.Ints;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.acapengine.eval.Query;
import org.acapengine.internal.json.Json;
import org.acapengine.load.PolicySize;
import org.acapengine.model.UserInputException;
import org.acapengine.render.DecisionRender;
import org.acapengine.site.PolicySource;
import org.acapengine.site.RobotsSource;
import org.acapengine.site.SiteDecision;
import org.acapengine.site.SitePolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code acap check}: decisions for paths, or a scheduler's batch of requests. */
@Command(name = "check", mixinStandardHelpOptions = true,
    description = {"Decide whether a crawler may do a usage on paths or URLs.",
        "Paths come from the arguments, from --urls FILE, or from standard input (one per line).",
        "With --requests FILE, each line is a JSON request {\"robots\", \"crawler\", \"usage\", \"purpose\", \"url\"}."})
public final class CheckCommand implements Callable<Integer> {

  enum Format { text, jsonl }

  /** The longest input line read (a path or a request); longer lines are reported, not read whole. */
  static final int MAX_LINE = 64 * 1024;

  @ParentCommand
  private AcapCommand parent;

  @Mixin
  private PolicyOptions policy;

  @Option(names = "--usage", split = ",", paramLabel = "U", defaultValue = "crawl", description = "the usage(s) to decide; default ${DEFAULT-VALUE}")
  private List<String> usages;

  @Option(names = "--format", defaultValue = "text", description = "text or jsonl (one JSON object per result); default ${DEFAULT-VALUE}")
  private Format format;

  @Option(names = "--urls", paramLabel = "FILE", description = "read paths or URLs from FILE, one per line")
  private String urlsFile;

  @Option(names = "--requests", paramLabel = "FILE", description = "batch mode: JSON requests, one per line (- for standard input); output is jsonl. A \"robots\" that is an http(s) URL is fetched as --robots URL is")
  private String requestsFile;

  @Option(names = "--cache-mb", paramLabel = "N", defaultValue = "512",
      description = "batch mode: the heap, in MiB by estimate, that compiled robots files may hold at once; the least useful are dropped first and compiled again if named again; default ${DEFAULT-VALUE}")
  private long cacheMb;

  @Parameters(paramLabel = "PATH_OR_URL", arity = "0..*", description = "paths (with query) or URLs to decide")
  private List<String> paths = new ArrayList<>();

  @Override
  public Integer call() throws IOException {
    Io io = parent.io();
    if (requestsFile != null) {
      if (!paths.isEmpty() || urlsFile != null) {
        throw new UserInputException("--requests takes no paths and no --urls");
      }
      policy.requireOneStandardInput(requestsFile.equals("-") ? List.of("--requests -") : List.of());
      return batch(io);
    }
    policy.requireSourceAndCrawler();
    policy.requireOneStandardInput(paths.isEmpty() && urlsFile == null ? List.of("the paths (none given, so read from standard input)") : List.of());
    for (String u : usages) {
      if (u.isBlank()) {
        throw new UserInputException("--usage: an empty usage name");
      }
    }
    SitePolicy compiled = policy.site(io);
    for (String u : usages) {
      PolicyOptions.requireKnownUsage(compiled, u, "--usage");
    }
    Query base = policy.query(policy.crawlers).build();
    if (!paths.isEmpty()) {
      for (String p : paths) {
        decide(io, compiled, base, p);
      }
    } else if (urlsFile != null) {
      try (BufferedReader r = reader(urlsFile, io)) {
        eachLine(r, io, p -> decide(io, compiled, base, p));
      }
    } else {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(io.in(), StandardCharsets.UTF_8))) {
        eachLine(r, io, p -> decide(io, compiled, base, p));
      }
    }
    return ExitCodes.OK;
  }

  private void decide(Io io, SitePolicy compiled, Query base, String input) {
    for (String usage : usages) {
      Query q = base.withUsage(usage.strip()).withPath(input);
      SiteDecision d = compiled.decide(q);
      if (format == Format.jsonl) {
        io.out().println(DecisionRender.checkJson(input, q, d));
      } else {
        io.out().println(DecisionRender.checkText(input, q, d));
      }
    }
  }

  private int batch(Io io) throws IOException {
    if (cacheMb < 1 || cacheMb > Long.MAX_VALUE / (1024 * 1024)) {
      throw new UserInputException("--cache-mb must be a positive number of MiB");
    }
    // Each robots file is compiled once while it stays in the cache, in whatever order the requests
    // name the files (a scheduler's order is random); W-TinyLFU keeps the files asked for most.
    Cache<String, SitePolicy> compiled = Caffeine.newBuilder()
        .maximumWeight(cacheMb * 1024 * 1024)
        .weigher((String robots, SitePolicy site) -> weight(site))
        .executor(Runnable::run)
        .build();
    try (BufferedReader r = requestsFile.equals("-") ? new BufferedReader(new InputStreamReader(io.in(), StandardCharsets.UTF_8)) : reader(requestsFile, io);
        BatchAnswers answers = new BatchAnswers((line, number) -> request(line, number, compiled, io), io.out())) {
      try {
        eachLine(r, io, answers::add, () -> {
          if (!r.ready()) {
            answers.flush(); // the input paused: answer what has come, as it came
          }
        });
      } catch (UserInputException e) {
        answers.flush(); // the lines before a bad one are answered first
        throw e;
      }
      answers.flush();
    }
    return ExitCodes.OK;
  }

  /** One batch request, answered; a bad request gives an error object, in its place. */
  private String request(String line, int number, Cache<String, SitePolicy> cache, Io io) {
    BatchRequest.Read read = BatchRequest.parse(line);
    if (read.request() == null) {
      return error(number, read.error());
    }
    BatchRequest req = read.request();
    String robots = req.robots();
    String usage = req.usage();
    SitePolicy policyFor;
    try {
      policyFor = cache.get(robots, f -> policy.site(io, f));
    } catch (UserInputException e) {
      return error(number, e.getMessage());
    }
    Optional<String> unknown = PolicyOptions.unknownUsage(policyFor, usage);
    if (unknown.isPresent()) {
      return error(number, "usage: " + unknown.get());
    }
    Optional<String> unknownPurpose = req.purpose().flatMap(p -> PolicyOptions.unknownPurpose(policyFor, p));
    if (unknownPurpose.isPresent()) {
      return error(number, "purpose: " + unknownPurpose.get());
    }
    Query.Builder b = policy.query(req.crawlers()).usage(usage).url(req.url());
    req.purpose().ifPresent(b::purpose);
    Query q = b.build();
    return DecisionRender.checkJson(req.url(), q, policyFor.decide(q), robots);
  }

  /** The heap a site policy retains, by {@link PolicySize}'s estimate for its robots.txt. */
  private static int weight(SitePolicy site) {
    long bytes = 0;
    for (PolicySource s : site.sources()) {
      bytes += s instanceof RobotsSource r ? PolicySize.estimate(r.policy().document()) : 1024;
    }
    return Ints.saturatedCast(bytes);
  }

  private static String error(int line, String message) {
    ObjectNode n = Json.object();
    n.put("request", line);
    n.put("error", message);
    return Json.compact(n);
  }

  private static BufferedReader reader(String file, Io io) {
    try {
      return Files.newBufferedReader(Path.of(file), StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new UserInputException("cannot read " + file + ": no such file");
    } catch (IOException | RuntimeException e) {
      throw new UserInputException("cannot read " + file + ": " + e.getMessage());
    }
  }

  /** Takes one line. */
  private interface LineSink {
    void accept(String line) throws IOException;
  }

  /** Runs after each block of input has been cut into lines. */
  private interface BlockEnd {
    void run() throws IOException;
  }

  /**
   * Calls {@code each} with every non-blank line and flushes the output after each block read, so
   * that a caller writing one path at a time gets its answers before it writes the next.
   */
  private static void eachLine(Reader in, Io io, LineSink each) throws IOException {
    eachLine(in, io, each, () -> io.out().flush());
  }

  /**
   * Calls {@code each} with every non-blank line (trimmed), refusing lines over {@link #MAX_LINE},
   * and {@code blockEnd} after each block read.
   */
  private static void eachLine(Reader in, Io io, LineSink each, BlockEnd blockEnd) throws IOException {
    // Read in blocks and cut lines out of them: a read() per character was a fifth of a batch's time.
    char[] buf = new char[64 * 1024];
    StringBuilder sb = new StringBuilder();
    boolean tooLong = false;
    int n;
    while ((n = in.read(buf, 0, buf.length)) != -1) {
      int start = 0;
      for (int i = 0; i < n; i++) {
        if (buf[i] != '\n') {
          continue;
        }
        tooLong = appendBounded(sb, buf, start, i - start, tooLong);
        line(sb, tooLong, each);
        sb.setLength(0);
        tooLong = false;
        start = i + 1;
      }
      tooLong = appendBounded(sb, buf, start, n - start, tooLong);
      blockEnd.run();
    }
    line(sb, tooLong, each);
    io.out().flush();
  }

  /** Appends up to {@link #MAX_LINE} characters in all; returns whether the line went past it. */
  private static boolean appendBounded(StringBuilder sb, char[] buf, int from, int count, boolean tooLong) {
    int room = MAX_LINE - sb.length();
    sb.append(buf, from, Math.min(count, Math.max(0, room)));
    return tooLong || count > room;
  }

  private static void line(StringBuilder sb, boolean tooLong, LineSink each) throws IOException {
    if (tooLong) {
      throw new UserInputException("an input line is longer than " + MAX_LINE + " characters");
    }
    String line = sb.toString().strip();
    if (!line.isEmpty()) {
      each.accept(line);
    }
  }
}
