package org.acapengine.load;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.adapters.page.PageSignals;
import org.acapengine.adapters.page.PageSignalsReader;
import org.acapengine.adapters.rsl.RslDocument;
import org.acapengine.adapters.rsl.RslReader;
import org.acapengine.adapters.scorpion.ScorpionFile;
import org.acapengine.adapters.scorpion.ScorpionReadResult;
import org.acapengine.adapters.scorpion.ScorpionReader;
import org.acapengine.adapters.tct.TctPolicy;
import org.acapengine.adapters.tct.TctPolicyReader;
import org.acapengine.adapters.tct.TctPolicyResult;
import org.acapengine.adapters.tdmrep.TdmRepFile;
import org.acapengine.adapters.tdmrep.TdmRepReader;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.site.PolicySource;
import org.acapengine.site.RobotsSource;
import org.acapengine.site.SitePolicy;

/**
 * Turns a site's policy files into values a {@link SitePolicy} is built from:
 * a robots.txt read from a file, standard input ({@code -}) or fetched from an http(s) URL as RFC
 * 9309 2.3.1 says ({@link RobotsFetcher}), with its
 * permissions references (2.3.2) loaded; a TCT llm-policy.json; a Scorpion crawl file. Every
 * answer is a {@link Loaded}: problems in the content are its diagnostics, an unreadable file is
 * its failure; nothing is printed or thrown. Every read is bounded (the size limits below, HTTP
 * timeouts). Immutable; thread-safe apart from the standard input it was given, which can be read
 * once.
 */
public final class PolicyLoader {

  /** An llm-policy.json is read up to 1 MiB; a larger one is rejected by the reader. */
  public static final long LLM_POLICY_MAX_BYTES = 1024 * 1024;

  private final LoadOptions options;
  private final InputStream stdin;

  /**
   * @param options limits and reference policy
   * @param stdin what a file named {@code -} reads
   */
  public PolicyLoader(LoadOptions options, InputStream stdin) {
    this.options = Objects.requireNonNull(options, "options");
    this.stdin = Objects.requireNonNull(stdin, "stdin");
  }

  /**
   * A loader for files and URLs only: {@code -} reads nothing.
   *
   * @param options how files are read, parsed and compiled; not null
   */
  public PolicyLoader(LoadOptions options) {
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
    Loaded<PolicySource> l = robotsSource(source);
    if (l.value().isPresent() && l.value().get() instanceof UnfetchedRobotsSource u) {
      return Loaded.failed(source, "cannot read " + source + ": " + u.outcome().describe()
          + (u.outcome() instanceof RobotsFetch.Unavailable ? " (unavailable: everything allowed)" : " (unreachable: everything prohibited)"));
    }
    return l.map(s -> ((RobotsSource) s).policy());
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
    if (isHttpUrl(source)) {
      return fetchRobots(source);
    }
    Loaded<byte[]> content = InputFiles.readBounded(source, stdin, options.maxBytes());
    if (content.value().isEmpty()) {
      return content.map(b -> null);
    }
    ReferenceResolver resolver = new LocalFileResolver(documentRoot(source), options.maxBytes());
    if (options.fetchReferences()) {
      resolver = resolver.orElse(new HttpResolver(options.timeout(), options.maxBytes()));
    }
    return compile(source, content.value().get(), resolver);
  }

  private Loaded<PolicySource> fetchRobots(String source) {
    URI uri;
    try {
      uri = new URI(source.strip());
    } catch (URISyntaxException e) {
      return Loaded.failed(source, "cannot read " + source + ": not a valid URL");
    }
    Optional<Origin> origin = Origin.of(uri);
    if (origin.isEmpty()) {
      return Loaded.failed(source, "cannot read " + source + ": not an http or https URL with a host");
    }
    RobotsFetch f = new RobotsFetcher(options.fetchOptions()).fetch(origin.get(), uri);
    if (f instanceof RobotsFetch.Fetched fetched) {
      // one byte past the limit marks a truncated body, as RobotsFetch.Fetched#document does
      byte[] body = fetched.truncated() ? Arrays.copyOf(fetched.body(), fetched.length() + 1) : fetched.body();
      return compile(source, body, new HttpResolver(options.timeout(), options.maxBytes()));
    }
    return Loaded.of(source, new UnfetchedRobotsSource(source, f), List.of());
  }

  private Loaded<PolicySource> compile(String source, byte[] content, ReferenceResolver resolver) {
    PolicyDocument doc = new RobotsTxtParser(options.parseOptions()).parse(content, source);
    ReferenceLoader.Result refs = new ReferenceLoader(resolver, options.parseOptions()).load(doc);
    List<Diagnostic> diagnostics = new ArrayList<>(doc.diagnostics());
    diagnostics.addAll(refs.diagnostics());
    return Loaded.of(source, new RobotsSource(CompiledPolicy.compile(doc, refs.references(), options.compileOptions())), diagnostics);
  }

  /**
   * Reads a TCT llm-policy.json. A descriptor rejected whole (not JSON, not an object) has no
   * value and says why in its diagnostics: the site reads as if it had none.
   *
   * @param source a file name, {@code -} for standard input, or an http(s) URL
   * @return the descriptor with every diagnostic, no value when rejected whole, or the reason the
   *         file could not be had
   */
  public Loaded<TctPolicy> llmPolicy(String source) {
    Loaded<byte[]> content = InputFiles.readBounded(source, stdin, LLM_POLICY_MAX_BYTES);
    if (content.value().isEmpty()) {
      return content.map(b -> null);
    }
    TctPolicyResult r = new TctPolicyReader().read(content.value().get(), source);
    return new Loaded<>(source, r.policy(), r.diagnostics(), Optional.empty());
  }

  /** The largest tdmrep.json read: 1 MiB. */
  public static final long TDMREP_MAX_BYTES = 1024 * 1024;

  /**
   * Reads a W3C TDMRep {@code tdmrep.json}: a file, standard input, or an http(s) URL, fetched only
   * when network access is allowed ({@link LoadOptions#fetchReferences()}) with the limits of
   * {@link HttpResolver}.
   *
   * @param source a file name, {@code -} for standard input, or an http(s) URL
   * @return the rules with every diagnostic, or the reason the file could not be had
   */
  public Loaded<TdmRepFile> tdmRep(String source) {
    Loaded<byte[]> content;
    if (LocalFileResolver.hasScheme(source)) {
      if (!options.fetchReferences()) {
        return Loaded.failed(source, "a URL is fetched only when network access is allowed (--fetch-references)");
      }
      URI uri;
      try {
        uri = new URI(source);
      } catch (URISyntaxException e) {
        return Loaded.failed(source, "not a URL");
      }
      ReferenceResolver.Result r = new HttpResolver(options.timeout(), TDMREP_MAX_BYTES).fetch(uri);
      if (r instanceof ReferenceResolver.Result.Failed f) {
        return Loaded.failed(source, f.reason());
      }
      content = Loaded.of(source, ((ReferenceResolver.Result.Loaded) r).content(), List.of());
    } else {
      content = InputFiles.readBounded(source, stdin, TDMREP_MAX_BYTES);
    }
    if (content.value().isEmpty()) {
      return content.map(b -> null);
    }
    byte[] bytes = content.value().get();
    if (bytes.length > TDMREP_MAX_BYTES) {
      return Loaded.failed(source, "larger than the " + TDMREP_MAX_BYTES + "-byte limit");
    }
    TdmRepFile file = TdmRepReader.read(source, new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
    return Loaded.of(source, file, file.diagnostics());
  }

  /**
   * Reads an RSL licence ({@code application/rsl+xml}): a file, standard input, or an http(s) URL,
   * fetched only when network access is allowed ({@link LoadOptions#fetchReferences()}) with the
   * limits robots.txt has ({@link HttpResolver}: the timeout, the size limit of the options). The
   * Authorization: License token flow of RSL's licence servers is not run.
   *
   * @param source a file name, {@code -} for standard input, or an http(s) URL
   * @return the licence with its diagnostics (a document rejected whole has no contents), or the
   *     reason it could not be had
   */
  public Loaded<RslDocument> rsl(String source) {
    Loaded<byte[]> content = bytes(source, RslReader.DEFAULT_MAX_BYTES);
    if (content.value().isEmpty()) {
      return content.map(b -> null);
    }
    RslDocument doc = new RslReader().read(content.value().get(), source);
    return Loaded.of(source, doc, doc.diagnostics());
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
    byte[] h = null;
    byte[] b = null;
    if (headers != null) {
      Loaded<byte[]> l = InputFiles.readBounded(headers, stdin, PageSignalsReader.MAX_HEADER_BYTES);
      if (l.value().isEmpty()) {
        return l.map(x -> null);
      }
      h = l.value().get();
    }
    if (html != null) {
      Loaded<byte[]> l = InputFiles.readBounded(html, stdin, PageSignalsReader.MAX_HTML_BYTES);
      if (l.value().isEmpty()) {
        return l.map(x -> null);
      }
      b = l.value().get();
    }
    PageSignals p = PageSignalsReader.read(h, headers == null ? "" : headers, b, html == null ? "" : html);
    return Loaded.of(headers != null ? headers : html, p, p.diagnostics());
  }

  /** A file or standard input read up to {@code max} bytes, or a URL fetched when allowed. */
  private Loaded<byte[]> bytes(String source, long max) {
    if (!LocalFileResolver.hasScheme(source)) {
      return InputFiles.readBounded(source, stdin, max);
    }
    if (!options.fetchReferences()) {
      return Loaded.failed(source, "a URL is fetched only when network access is allowed (--fetch-references)");
    }
    URI uri;
    try {
      uri = new URI(source.strip());
    } catch (URISyntaxException e) {
      return Loaded.failed(source, "not a URL");
    }
    ReferenceResolver.Result r = new HttpResolver(options.timeout(), Math.min(max, options.maxBytes())).fetch(uri);
    if (r instanceof ReferenceResolver.Result.Failed f) {
      return Loaded.failed(source, f.reason());
    }
    return Loaded.of(source, ((ReferenceResolver.Result.Loaded) r).content(), List.of());
  }

  /**
   * Reads a Scorpion crawl file. Its diagnostics are the file's own (the size limit); which lines
   * a crawler understands depends on the crawler ({@code ScorpionCrawlerPolicy#diagnostics()}).
   *
   * @param source a file name, {@code -} for standard input, or an http(s) URL
   * @return the file with its diagnostics, or the reason it could not be had
   */
  public Loaded<ScorpionFile> scorpion(String source) {
    Loaded<byte[]> content = InputFiles.readBounded(source, stdin, ScorpionReader.DEFAULT_MAX_BYTES);
    if (content.value().isEmpty()) {
      return content.map(b -> null);
    }
    ScorpionReadResult r = new ScorpionReader().read(content.value().get(), source);
    return Loaded.of(source, r.file(), r.diagnostics());
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
