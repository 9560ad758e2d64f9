package org.acapengine.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.acapengine.eval.Query;
import org.acapengine.internal.json.Json;
import org.acapengine.load.AddressRange;
import org.acapengine.load.LoadedSite;
import org.acapengine.load.Loaded;
import org.acapengine.load.SitePolicyCache;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.UserInputException;
import org.acapengine.render.DecisionRender;
import org.acapengine.render.PlainText;
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

  /** The longest input line read (a path or a request), in bytes; a longer line gets an error answer of its own. */
  static final int MAX_LINE = InputLines.MAX_LINE_BYTES;

  /** Batch mode: how many robots.txt files are fetched and compiled at once, at most. */
  static final int LOAD_THREADS = 8;

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

  @Option(names = "--allow-addresses", split = ",", paramLabel = "RANGE",
      description = "batch mode: let the robots URLs of request lines (and their redirects and references) reach these address ranges: loopback, private, link-local or all; default none (docs/fetching.md)")
  private List<String> allowAddresses = new ArrayList<>();

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
    if (!allowAddresses.isEmpty()) {
      throw new UserInputException("--allow-addresses applies to --requests only: a --robots URL given on the command line may reach any address");
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
      return ExitCodes.OK;
    }
    try (InputStream in = urlsFile != null ? open(urlsFile) : unclosed(io.in())) {
      PathLines lines = new PathLines(io, compiled, base);
      InputLines.read(in, MAX_LINE, lines);
    } finally {
      io.out().flush();
    }
    return ExitCodes.OK;
  }

  /**
   * The paths of --urls or standard input, each decided as it comes. A line over the limit, and a
   * path whose decision runs the heap out or overflows the stack, gets an error line of its own
   * and the input goes on; after the heap has run out once, the policy answers no more.
   */
  private final class PathLines implements InputLines.Sink {
    private final Io io;
    private final SitePolicy compiled;
    private final Query base;
    private String broken;

    PathLines(Io io, SitePolicy compiled, Query base) {
      this.io = io;
      this.compiled = compiled;
      this.base = base;
    }

    @Override
    public void line(long number, String text) {
      if (broken != null) {
        error(number, broken);
        return;
      }
      try {
        decide(io, compiled, base, text);
      } catch (OutOfMemoryError e) {
        broken = "the policy needs more memory than the heap allows (its limit is " + Runtime.getRuntime().maxMemory() / (1024 * 1024)
            + " MiB; ACAP_JAVA_OPTS=-Xmx2g raises it); no more paths are decided";
        error(number, broken);
      } catch (StackOverflowError e) {
        error(number, "the stack overflowed deciding this path (please report it)");
      }
    }

    @Override
    public void tooLong(long number, long bytes) {
      error(number, InputLines.tooLongReason(bytes));
    }

    @Override
    public void paused() {
      io.out().flush();
    }

    private void error(long number, String why) {
      if (format == Format.jsonl) {
        ObjectNode n = Json.object();
        n.put("line", number);
        n.put("error", why);
        io.out().println(Json.compact(n));
      } else {
        io.out().println(PlainText.safeLine("error  line " + number + ": " + why));
      }
    }
  }

  private void decide(Io io, SitePolicy compiled, Query base, String input) {
    for (String usage : usages) {
      Query q = base.withUsage(usage.strip()).withPath(input);
      SiteDecision d = PolicyOptions.remedies(compiled.decide(q));
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
    try (SitePolicyCache cache = policy.loader(io, refusedAddresses(allowAddresses)).cache(policy.siteFiles(null), cacheMb * 1024 * 1024, LOAD_THREADS)) {
      LoadedSite shared = cache.shared();
      shared.failure().ifPresent(f -> {
        throw new UserInputException(policy.withOptions(shared, f));
      });
      PolicyOptions.print(io, shared.notices());
      // A robots file cut at the size limit is decided on what was read: standard error says so,
      // once per file, in lint's form (the answers stay one JSON object a line).
      Set<String> cut = ConcurrentHashMap.newKeySet();
      Consumer<Loaded<SitePolicy>> sayIfCut = l -> {
        List<Diagnostic> t = LoadedSite.truncations(l.diagnostics());
        if (!t.isEmpty() && cut.add(l.source())) {
          PolicyOptions.print(io, l.source(), t);
          io.err().flush();
        }
      };
      BatchAnswers answers = new BatchAnswers(io.out());
      try (InputStream in = requestsFile.equals("-") ? unclosed(io.in()) : open(requestsFile)) {
        InputLines.read(in, MAX_LINE, new InputLines.Sink() {
          @Override
          public void line(long number, String text) {
            BatchRequest.Read read = BatchRequest.parse(text);
            if (read.request() == null) {
              answers.add(error(number, read.error()));
              return;
            }
            BatchRequest req = read.request();
            Loaded<SitePolicy> loaded = cache.getIfLoaded(req.robots());
            if (loaded != null) {
              sayIfCut.accept(loaded);
              answers.add(answer(number, req, loaded, cache)); // the file is held: answered at once
            } else {
              answers.add(cache.get(req.robots()).thenApply(site -> {
                sayIfCut.accept(site);
                return answer(number, req, site, cache);
              }), text.length());
            }
          }

          @Override
          public void tooLong(long number, long bytes) {
            answers.add(error(number, InputLines.tooLongReason(bytes)));
          }

          @Override
          public void paused() {
            answers.flush(); // the input paused: answer what has come, as it came
          }
        });
      } finally {
        answers.flush(); // the lines read are answered, even when reading fails
      }
    }
    return ExitCodes.OK;
  }

  /**
   * The address ranges a request line's robots URL may not reach: every range but those
   * --allow-addresses names. Request lines are someone else's URLs (a scheduler's queue, filled
   * from the web), so by default they reach public addresses only. {@code acap serve} reads its
   * own --allow-addresses here too.
   */
  static Set<AddressRange> refusedAddresses(List<String> allowAddresses) {
    Set<AddressRange> refused = EnumSet.allOf(AddressRange.class);
    for (String a : allowAddresses) {
      if (a.strip().equalsIgnoreCase("all")) {
        refused.clear();
      } else {
        refused.remove(AddressRange.fromLabel(a).orElseThrow(() -> new UserInputException(
            "--allow-addresses: '" + PlainText.shorten(a.strip(), 40) + "' is no address range (loopback, private, link-local or all)")));
      }
    }
    return refused;
  }

  /**
   * The answer to one request once its site is loaded. A decision that runs the heap out or
   * overflows the stack is this request's error, and the policy answers later requests with it.
   */
  private String answer(long number, BatchRequest req, Loaded<SitePolicy> loaded, SitePolicyCache cache) {
    if (loaded.failure().isPresent()) {
      return error(number, loaded.failure().get());
    }
    SitePolicy site = loaded.value().orElseThrow();
    try {
      Optional<String> unknown = policy.unknownConventionalUsage(site)
          .or(() -> PolicyOptions.unknownUsage(site, req.usage()).map(why -> "usage: " + why))
          .or(() -> req.purpose().flatMap(p -> PolicyOptions.unknownPurpose(site, p)).map(why -> "purpose: " + why));
      if (unknown.isPresent()) {
        return error(number, unknown.get());
      }
      Query.Builder b = policy.query(req.crawlers()).usage(req.usage()).url(req.url());
      req.purpose().ifPresent(b::purpose);
      Query q = b.build();
      return DecisionRender.checkJson(req.url(), q, PolicyOptions.remedies(site.decide(q)), req.robots());
    } catch (OutOfMemoryError e) {
      String why = SitePolicyCache.outOfMemory(req.robots());
      cache.fail(req.robots(), why);
      return error(number, why);
    } catch (StackOverflowError e) {
      return error(number, "the stack overflowed deciding this request (please report it)");
    } catch (RuntimeException e) {
      return error(number, "internal error: " + AcapCommand.oneLine(String.valueOf(e)) + " (please report it)");
    }
  }

  private static String error(long line, String message) {
    ObjectNode n = Json.object();
    n.put("request", line);
    n.put("error", message);
    return Json.compact(n);
  }

  private static InputStream open(String file) {
    try {
      if (Files.isDirectory(Path.of(file))) {
        throw new UserInputException("cannot read " + file + ": it is a directory");
      }
      return Files.newInputStream(Path.of(file));
    } catch (NoSuchFileException e) {
      throw new UserInputException("cannot read " + file + ": no such file");
    } catch (IOException | InvalidPathException | SecurityException e) {
      throw new UserInputException("cannot read " + file + ": " + e.getMessage());
    }
  }

  /** Standard input, which belongs to the caller: closing it is a no-op. */
  private static InputStream unclosed(InputStream in) {
    return new FilterInputStream(in) {
      @Override
      public void close() {
        // left open
      }
    };
  }
}
