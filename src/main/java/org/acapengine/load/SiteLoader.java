package org.acapengine.load;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import org.acapengine.adapters.page.PageSignals;
import org.acapengine.adapters.rsl.RslDocument;
import org.acapengine.adapters.scorpion.ScorpionCrawlerPolicy;
import org.acapengine.adapters.scorpion.ScorpionFile;
import org.acapengine.adapters.tct.TctPolicy;
import org.acapengine.adapters.tct.TctPolicyReader;
import org.acapengine.adapters.tdmrep.TdmRepFile;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.model.SourceLine;
import org.acapengine.site.ContentSignalSource;
import org.acapengine.site.ContentUsageSource;
import org.acapengine.site.PolicySource;
import org.acapengine.site.RobotsSource;
import org.acapengine.site.ScorpionSource;
import org.acapengine.site.SitePolicy;
import org.acapengine.site.TctSource;
import org.acapengine.site.TdmRepSource;

/**
 * The one loader of a site's policy: turns a {@link SiteFiles} into a {@link SitePolicy} ({@link
 * #load}), and each kind of file into its value (a robots.txt read from a file, standard input
 * ({@code -}) or fetched from an http(s) URL as RFC 9309 2.3.1 says, with its permissions
 * references (2.3.2) loaded; a TCT llm-policy.json; a Scorpion crawl file; a TDMRep tdmrep.json).
 * Every answer is a value: problems in the content are diagnostics, an unreadable file is a
 * failure; nothing is printed or thrown. Every read is bounded (the size limits below, HTTP
 * timeouts).
 *
 * <p>One loader holds one HTTP client ({@link RobotsFetcher}), which every fetch it makes shares:
 * robots.txt URLs, permissions references and the other files. At most as many robots.txt files
 * are parsed and compiled at once as the machine has processors, whatever the number of threads
 * asking. Thread-safe apart from the standard input it was given, which can be read once.
 *
 * <p>This class assembles a site and states each entry point's contract; how each kind of file is
 * read, fetched and parsed is {@link SiteFileReader}'s.
 */
public final class SiteLoader {

  /** An llm-policy.json is read up to the reader's limit ({@link TctPolicyReader#DEFAULT_MAX_BYTES}); a larger one is rejected whole. */
  public static final long LLM_POLICY_MAX_BYTES = TctPolicyReader.DEFAULT_MAX_BYTES;

  /** The largest tdmrep.json read: 1 MiB. */
  public static final long TDMREP_MAX_BYTES = 1024 * 1024;

  private final LoadOptions options;
  private final SiteFileReader reader;

  /**
   * A loader with one HTTP client for all its fetches, made when it first fetches a URL (a load of
   * local files starts no HTTP client nor its thread).
   *
   * @param options limits, network and reference policy
   * @param stdin what a file named {@code -} reads
   */
  public SiteLoader(LoadOptions options, InputStream stdin) {
    this(Objects.requireNonNull(options, "options"), new SiteFileReader(options, FileReads.files(Objects.requireNonNull(stdin, "stdin")),
        new RobotsFetcher(options.fetchOptions()), new Semaphore(Math.max(1, Runtime.getRuntime().availableProcessors()))));
  }

  private SiteLoader(LoadOptions options, SiteFileReader reader) {
    this.options = options;
    this.reader = reader;
  }

  /**
   * A loader, sharing this one's options and HTTP client, whose files are texts held in memory by
   * name: nothing is read from disk or standard input, and permissions references resolve against
   * no directory. For a server whose files come in requests; cheap enough for one per request.
   *
   * @param files each file's name and content (not copied: do not change them while loading)
   * @return the loader
   */
  public SiteLoader withTexts(Map<String, byte[]> files) {
    return new SiteLoader(options, reader.withReads(FileReads.texts(files)));
  }

  /**
   * A loader for files and URLs only: {@code -} reads nothing.
   *
   * @param options how files are read, parsed and compiled; not null
   */
  public SiteLoader(LoadOptions options) {
    this(options, new ByteArrayInputStream(new byte[0]));
  }

  /**
   * The options this loader reads with.
   *
   * @return the options
   */
  public LoadOptions options() {
    return options;
  }

  /**
   * Reads every file of a site and assembles its policy: the robots.txt first (with the
   * Content-Signal and Content-Usage lines it carries as sources of their own), then the
   * llm-policy.json, the Scorpion file, the tdmrep.json, the Content-Usage and Content-Signal
   * headers, the page's own signals, and the RSL licences (given, or named by the robots.txt's
   * {@code License:} lines and the page's links). A file that
   * cannot be read fails the whole load ({@link LoadedSite#failure()}). A file read but rejected
   * whole (an llm-policy.json that is not JSON) is left out, as if the site had none, and its
   * error is among the {@linkplain LoadedSite#notices() notices}: docs/adapters.md, "A file
   * rejected whole".
   *
   * @param files what the site is made of
   * @return the policy, every file's load and the notices
   */
  public LoadedSite load(SiteFiles files) {
    return load(files, Optional.empty());
  }

  /**
   * As {@link #load(SiteFiles)}, with a robots.txt source the caller holds (from a {@link
   * PolicyCache}, say) in place of any {@code files} names.
   *
   * @param files what the rest of the site is made of (its robots.txt is ignored)
   * @param robots the robots.txt source
   * @return the policy, every file's load and the notices
   */
  public LoadedSite load(SiteFiles files, PolicySource robots) {
    return load(files, Optional.of(Objects.requireNonNull(robots, "robots")));
  }

  private LoadedSite load(SiteFiles files, Optional<PolicySource> robots) {
    LoadedSite.Parts parts = new LoadedSite.Parts();
    if (robots.isPresent()) {
      parts.robots(robots.get());
    } else {
      files.robots().ifPresent(f -> parts.robots(reader.readRobots(f), f));
    }
    files.llmPolicy().ifPresent(f -> parts.add(reader.llmPolicy(f), TctSource::new));
    files.scorpion().ifPresent(f -> {
      Loaded<ScorpionFile> l = reader.scorpion(f);
      parts.add(l, ScorpionSource::new);
      // Which lines a crawler does not understand depends on the crawler.
      l.value().filter(s -> !files.crawlers().isEmpty())
          .ifPresent(s -> parts.notices(l.source(), ScorpionCrawlerPolicy.of(s, files.crawlers(), files.purpose()).diagnostics()));
    });
    files.tdmRep().ifPresent(f -> parts.add(reader.tdmRep(f), TdmRepSource::new));
    files.contentUsage().ifPresent(h -> parts.add(Loaded.of("Content-Usage header", h, List.of()), ContentUsageSource::header));
    files.contentSignal().ifPresent(h -> parts.add(Loaded.of("Content-Signal header", h, List.of()),
        v -> ContentSignalSource.header(new SourceLine("Content-Signal header", 0, v.strip()), v)));
    PageAndLicences.add(this, files, parts);
    return parts.site(files.clock());
  }

  /**
   * Reads an RSL licence ({@code application/rsl+xml}): a file, standard input, or an http(s) URL,
   * fetched only when network access is allowed ({@link LoadOptions#fetchReferences()}) with the
   * limits robots.txt has. The Authorization: License token flow of RSL's licence servers is not
   * run.
   *
   * @param source a file name, {@code -} for standard input, or an http(s) URL
   * @return the licence with its diagnostics (a document rejected whole has no contents), or the
   *     reason it could not be had
   */
  public Loaded<RslDocument> rsl(String source) {
    return reader.rsl(source);
  }

  /**
   * Reads what a page says about itself: a raw response header block ({@code curl -i} or {@code
   * curl -D} output) and the page's HTML, either of which may be absent; local files or standard
   * input only (a page is not fetched here).
   *
   * @param headers the header block's file name, {@code -}, or null
   * @param html the HTML file's name, {@code -}, or null
   * @return the signals with their diagnostics, or the reason a file could not be read
   */
  public Loaded<PageSignals> page(String headers, String html) {
    return reader.page(headers, html);
  }

  /**
   * A cache of whole site policies that share every source of {@code files} but the robots.txt,
   * for a batch that names many robots.txt files: {@link SitePolicyCache}.
   *
   * @param shared the sources every site has (its robots.txt is ignored), loaded once now
   * @param maxBytes the estimated heap the compiled robots.txt files may hold at once
   * @param threads how many robots.txt files are fetched and compiled at once, at most
   * @return the cache, and the load of the shared sources (a failure there leaves no cache)
   */
  public SitePolicyCache cache(SiteFiles shared, long maxBytes, int threads) {
    return new SitePolicyCache(this, shared.withRobots(null), maxBytes, threads);
  }

  /**
   * Reads, parses and compiles a robots.txt. Permissions references resolve against the
   * {@linkplain #documentRoot directory} holding it; URL references are fetched when the
   * robots.txt itself came from a URL, or when {@link LoadOptions#fetchReferences()} is set.
   * The diagnostics are the parser's, then those of the references. A URL that gives no file
   * (unavailable or unreachable, RFC 9309 2.3.1) is a failure here, naming what failed; {@link
   * #robotsSource} makes it a source that decides.
   *
   * @param source a file name, {@code -} for standard input, or an http(s) URL
   * @return the compiled policy with every diagnostic, or the reason the file could not be had
   */
  public Loaded<CompiledPolicy> robots(String source) {
    return reader.robots(source);
  }

  /**
   * A robots.txt as the policy source a {@link SitePolicy} decides with. From a file or standard
   * input: its compiled policy ({@link RobotsSource}). From an http or https URL, fetched as RFC
   * 9309 2.3.1 says ({@link RobotsFetcher}, the timeout and size limit of the options): a 2xx is
   * compiled; a 4xx (or too many redirects) gives a {@link UnfetchedRobotsSource} that allows
   * everything (basis {@code robots-unavailable}); a 5xx, 429, timeout, DNS or connection
   * failure one that prohibits everything (basis {@code robots-unreachable}). Only naming a URL
   * reaches the network. A failure is only a file that cannot be read or a URL that is not one.
   *
   * @param source a file name, {@code -} for standard input, or an http(s) URL
   * @return the source, or the reason the file could not be read
   */
  public Loaded<PolicySource> robotsSource(String source) {
    return reader.readRobots(source).source(source);
  }

  /** A robots.txt as read: its compiled policy, or the fetch outcome that gave no file. */
  SiteFileReader.Robots readRobots(String source) {
    return reader.readRobots(source);
  }

  /**
   * Reads a TCT llm-policy.json. A descriptor rejected whole (not JSON, not an object, too large)
   * has no value and says why in its diagnostics: the site reads as if it had none.
   *
   * @param source a file name, {@code -} for standard input, or an http(s) URL (fetched only when
   *     {@link LoadOptions#fetchReferences()} allows the network)
   * @return the descriptor with every diagnostic, no value when rejected whole, or the reason the
   *     file could not be had
   */
  public Loaded<TctPolicy> llmPolicy(String source) {
    return reader.llmPolicy(source);
  }

  /**
   * Reads a W3C TDMRep {@code tdmrep.json}. JSON is UTF-8 (RFC 8259 section 8.1): a file that
   * starts with a UTF-16 byte order mark is refused, saying so, rather than read as bytes.
   *
   * @param source a file name, {@code -} for standard input, or an http(s) URL (fetched only when
   *     {@link LoadOptions#fetchReferences()} allows the network)
   * @return the rules with every diagnostic, or the reason the file could not be had
   */
  public Loaded<TdmRepFile> tdmRep(String source) {
    return reader.tdmRep(source);
  }

  /**
   * Reads a Scorpion crawl file. Its diagnostics are the file's own (the size limit); which lines
   * a crawler understands depends on the crawler ({@code ScorpionCrawlerPolicy#diagnostics()}).
   *
   * @param source a file name, {@code -} for standard input, or an http(s) URL (fetched only when
   *     {@link LoadOptions#fetchReferences()} allows the network)
   * @return the file with its diagnostics, or the reason it could not be had
   */
  public Loaded<ScorpionFile> scorpion(String source) {
    return reader.scorpion(source);
  }

  /**
   * The directory a robots.txt stands in, which stands for the document root its permissions
   * references are resolved against (2.3.2): the file's directory; the working directory for
   * standard input.
   *
   * @param source a file name or URL
   * @return the directory, absolute
   */
  public static Path documentRoot(String source) {
    Path cwd = Path.of("").toAbsolutePath();
    if (source.equals("-")) {
      return cwd;
    }
    try {
      Path parent = Path.of(source).toAbsolutePath().getParent();
      return parent == null ? cwd : parent;
    } catch (InvalidPathException e) {
      return cwd;
    }
  }

  /**
   * Whether a source names an http(s) URL (then it is fetched, not read from a file).
   *
   * @param source a file name, {@code -} or a URL
   * @return true for a source starting with {@code http://} or {@code https://}, in any case
   */
  public static boolean isHttpUrl(String source) {
    String l = source.toLowerCase(Locale.ROOT);
    return l.startsWith("http://") || l.startsWith("https://");
  }
}
