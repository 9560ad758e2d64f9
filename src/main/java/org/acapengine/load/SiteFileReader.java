package org.acapengine.load;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import org.acapengine.adapters.page.PageSignals;
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
import org.acapengine.model.Span;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.site.PolicySource;
import org.acapengine.site.RobotsSource;

/**
 * How {@link SiteLoader} reads each kind of a site's file into its value: where the bytes come
 * from (a file, standard input, texts held in memory, or an http(s) URL through the loader's one
 * HTTP client, fetched only when network access is allowed, a robots.txt always as RFC 9309 2.3.1
 * says) and which reader makes them a value (a robots.txt parsed, its permissions references
 * loaded and compiled, at most one per processor at once; an llm-policy.json, a Scorpion file, a
 * tdmrep.json, an RSL licence, a page's signals). The loader assembles a site of what this reads;
 * the public entry points and their contracts are the loader's. Thread-safe apart from the
 * standard input, which can be read once.
 */
final class SiteFileReader {

  private final LoadOptions options;
  private final FileReads reads;
  private final RobotsFetcher fetcher;
  private final Semaphore compiling;

  /**
   * @param options limits, network and reference policy
   * @param reads where a file's bytes come from
   * @param fetcher the one HTTP client of the loader
   * @param compiling how many robots.txt files may be compiled at once
   */
  SiteFileReader(LoadOptions options, FileReads reads, RobotsFetcher fetcher, Semaphore compiling) {
    this.options = options;
    this.reads = reads;
    this.fetcher = fetcher;
    this.compiling = compiling;
  }

  /** A reader sharing this one's options, HTTP client and compile slots, whose files come from {@code other}. */
  SiteFileReader withReads(FileReads other) {
    return new SiteFileReader(options, other, fetcher, compiling);
  }

  /** {@link SiteLoader#rsl}. */
  Loaded<RslDocument> rsl(String source) {
    Loaded<byte[]> content = read(source, RslReader.DEFAULT_MAX_BYTES);
    if (content.value().isEmpty()) {
      return content.map(b -> null);
    }
    RslDocument doc = new RslReader().read(content.value().get(), source);
    return Loaded.of(source, doc, doc.diagnostics());
  }

  /** {@link SiteLoader#page}. */
  Loaded<PageSignals> page(String headers, String html) {
    return PageAndLicences.page(reads, headers, html);
  }

  /** {@link SiteLoader#robots}: a URL that gives no file is a failure, naming what failed. */
  Loaded<CompiledPolicy> robots(String source) {
    Robots r = readRobots(source);
    if (r.unfetched() != null) {
      RobotsFetch u = r.unfetched();
      return Loaded.failed(source, "cannot read " + source + ": " + u.describe()
          + (u instanceof RobotsFetch.Unavailable ? " (unavailable: everything allowed)" : " (unreachable: everything prohibited)"));
    }
    return r.compiled();
  }

  /**
   * What reading a robots.txt gave: its compiled policy (or why it could not be read), or, for a
   * URL, the fetch outcome that gave no file. One of the two is null.
   */
  record Robots(Loaded<CompiledPolicy> compiled, RobotsFetch unfetched) {

    /** The source a site decides with, named {@code name}: the compiled file, or the fetch outcome (RFC 9309 2.3.1). */
    Loaded<PolicySource> source(String name) {
      if (unfetched != null) {
        return Loaded.of(name, new UnfetchedRobotsSource(name, unfetched), List.of());
      }
      return compiled.map(RobotsSource::new);
    }

    /** The heap the compiled file is estimated to hold ({@link PolicySize}); 1 KiB without one. */
    int weight() {
      long bytes = compiled != null && compiled.value().isPresent() ? PolicySize.estimate(compiled.value().get().document()) : 1024;
      return (int) Math.min(Integer.MAX_VALUE, bytes);
    }
  }

  /**
   * A robots.txt read from a file or standard input, or fetched from an http(s) URL as RFC 9309
   * 2.3.1 says; parsed, its references loaded and compiled.
   */
  Robots readRobots(String source) {
    if (SiteLoader.isHttpUrl(source)) {
      return fetchRobots(source);
    }
    Loaded<byte[]> content = reads.read(source, options.maxBytes());
    if (content.value().isEmpty()) {
      return new Robots(content.map(b -> null), null);
    }
    ReferenceResolver resolver = reads.references(source, options.maxBytes());
    if (options.fetchReferences()) {
      resolver = resolver.orElse(new HttpResolver(fetcher, options.maxBytes()));
    }
    return new Robots(compile(source, content.value().get(), resolver), null);
  }

  private Robots fetchRobots(String source) {
    URI uri;
    try {
      uri = new URI(source.strip());
    } catch (URISyntaxException e) {
      return new Robots(Loaded.failed(source, "cannot read " + source + ": not a valid URL"), null);
    }
    Optional<Origin> origin = Origin.of(uri);
    if (origin.isEmpty()) {
      return new Robots(Loaded.failed(source, "cannot read " + source + ": not an http or https URL with a host"), null);
    }
    RobotsFetch f = fetcher.fetch(origin.get(), uri);
    if (f instanceof RobotsFetch.Fetched fetched) {
      // one byte past the limit marks a truncated body, as RobotsFetch.Fetched#document does
      byte[] body = fetched.truncated() ? Arrays.copyOf(fetched.body(), fetched.length() + 1) : fetched.body();
      return new Robots(compile(source, body, new HttpResolver(fetcher, options.maxBytes())), null);
    }
    return new Robots(null, f);
  }

  /**
   * Parses, loads the references of and compiles one robots.txt; at most one per processor at
   * once. The seam for a compile budget: when compiling can answer "over its memory or time
   * budget" as a value, that answer becomes this load's failure here, and a batch answers the
   * lines that name the file with it.
   */
  private Loaded<CompiledPolicy> compile(String source, byte[] content, ReferenceResolver resolver) {
    PolicyDocument doc = new RobotsTxtParser(options.parseOptions()).parse(content, source);
    ReferenceLoader.Result refs = new ReferenceLoader(resolver, options.parseOptions()).load(doc);
    List<Diagnostic> diagnostics = new ArrayList<>(doc.diagnostics());
    diagnostics.addAll(refs.diagnostics());
    compiling.acquireUninterruptibly();
    try {
      return Loaded.of(source, CompiledPolicy.compile(doc, refs.references(), options.compileOptions()), diagnostics);
    } finally {
      compiling.release();
    }
  }

  /** {@link SiteLoader#llmPolicy}. */
  Loaded<TctPolicy> llmPolicy(String source) {
    Loaded<byte[]> content = read(source, SiteLoader.LLM_POLICY_MAX_BYTES);
    if (content.value().isEmpty()) {
      return content.map(b -> null);
    }
    TctPolicyResult r = new TctPolicyReader().read(content.value().get(), source);
    return new Loaded<>(source, r.policy(), r.diagnostics(), Optional.empty());
  }

  /** {@link SiteLoader#tdmRep}. */
  Loaded<TdmRepFile> tdmRep(String source) {
    Loaded<byte[]> content = read(source, SiteLoader.TDMREP_MAX_BYTES);
    if (content.value().isEmpty()) {
      return content.map(b -> null);
    }
    byte[] bytes = content.value().get();
    if (bytes.length > SiteLoader.TDMREP_MAX_BYTES) {
      return Loaded.failed(source, "cannot read " + source + ": more than the " + SiteLoader.TDMREP_MAX_BYTES + "-byte limit of a tdmrep.json");
    }
    if (bytes.length >= 2 && ((bytes[0] & 0xFF) == 0xFE && (bytes[1] & 0xFF) == 0xFF || (bytes[0] & 0xFF) == 0xFF && (bytes[1] & 0xFF) == 0xFE)) {
      Diagnostic d = Diagnostic.error("tdmrep-malformed-json", "the file is UTF-16 (it starts with a UTF-16 byte order mark); JSON is UTF-8 (RFC 8259 section 8.1), so it is not read",
          "Save tdmrep.json as UTF-8.", new Span(1, 1, 1, 1));
      TdmRepFile none = new TdmRepFile(source, List.of(), List.of(d));
      return Loaded.of(source, none, none.diagnostics());
    }
    TdmRepFile file = TdmRepReader.read(source, new String(bytes, StandardCharsets.UTF_8));
    return Loaded.of(source, file, file.diagnostics());
  }

  /** {@link SiteLoader#scorpion}. */
  Loaded<ScorpionFile> scorpion(String source) {
    Loaded<byte[]> content = read(source, ScorpionReader.DEFAULT_MAX_BYTES);
    if (content.value().isEmpty()) {
      return content.map(b -> null);
    }
    ScorpionReadResult r = new ScorpionReader().read(content.value().get(), source);
    return Loaded.of(source, r.file(), r.diagnostics());
  }

  /**
   * The bytes of a file other than the robots.txt, at most {@code maxBytes + 1} (one more than the
   * limit tells the reader the file is larger): from a file, standard input, or an http(s) URL,
   * which is fetched only when network access is allowed.
   */
  private Loaded<byte[]> read(String source, long maxBytes) {
    if (!LocalFileResolver.hasScheme(source)) {
      return reads.read(source, maxBytes);
    }
    if (!options.fetchReferences()) {
      return Loaded.failed(source, "cannot read " + source + ": a URL is fetched only when network access is allowed");
    }
    URI uri;
    try {
      uri = new URI(source);
    } catch (URISyntaxException e) {
      return Loaded.failed(source, "cannot read " + source + ": not a valid URL");
    }
    ReferenceResolver.Result r = new HttpResolver(fetcher, maxBytes).fetch(uri);
    if (r instanceof ReferenceResolver.Result.Loaded l) {
      return Loaded.of(source, l.content(), List.of());
    }
    return Loaded.failed(source, "cannot read " + source + ": " + ((ReferenceResolver.Result.Failed) r).reason());
  }
}
