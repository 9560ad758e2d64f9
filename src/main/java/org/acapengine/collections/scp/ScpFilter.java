package org.acapengine.collections.scp;

import com.fasterxml.jackson.core.JsonFactory;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.collections.DropReason;
import org.acapengine.collections.FilterListener;
import org.acapengine.collections.FilterStats;
import org.acapengine.collections.FilterWarning;
import org.acapengine.adapters.page.PageSignals;
import org.acapengine.adapters.page.PageSignalsReader;
import org.acapengine.collections.PagePolicy;
import org.acapengine.collections.PageVerdict;
import org.acapengine.collections.SiteOrigin;
import org.acapengine.collections.io.CollectionLimits;
import org.acapengine.collections.io.Compression;
import org.acapengine.collections.io.DecodedInput;
import org.acapengine.collections.io.LineReader;
import org.acapengine.internal.json.JsonLimits;
import org.acapengine.model.UserInputException;

/**
 * Filters an SCP collection (Site Content Protocol v0.1) page by page through a {@link
 * PagePolicy}: the "Content Inclusion Policy" leaves a crawler that takes pages from a collection
 * owing the site its robots.txt policy for each page.
 *
 * <p>The filter streams the input, so memory stays flat whatever the collection's size, and
 * nothing is published unless the whole input is sound. It decompresses (bounded, see {@link
 * DecodedInput}), validates the metadata line, decides every page, verifies the input's checksum
 * and computes the output's; any fatal error (bomb, truncation, checksum mismatch, bad metadata)
 * leaves no output. How the kept lines reach the output, whose first line carries their checksum,
 * depends on its compression: {@link FilterOutput} (one pass for uncompressed and gzip outputs, two
 * for zstd).
 *
 * <p>A page is kept when its URL is on the site's origin, {@code crawl} is allowed on it (unless
 * the usage is {@code crawl} itself, decided once) and the requested usage is allowed. See
 * {@code docs/collections.md} for why {@code crawl} is required too.
 */
public final class ScpFilter {

  /** Pages between progress reports. */
  static final int PROGRESS_EVERY = 1024;

  /** The usage every kept page needs besides the requested one. */
  public static final String CRAWL = "crawl";

  /** How the message of a page line made fatal by {@link Settings#strict()} ends; a caller may word it its own way. */
  public static final String STRICT_FATAL = " (fatal in strict mode)";

  /**
   * How to filter.
   *
   * @param usage the usage the pages are wanted for
   * @param outputCompression the output's compression; empty for the input's
   * @param limits the resource limits
   * @param strict treat a malformed page line (not JSON, no {@code url}, a required page field
   *     missing) as fatal, as SCP "Error Handling" lists it, instead of skipping it
   * @param topDecidingLines how many deciding lines the summary lists
   */
  public record Settings(
      String usage, Optional<Compression> outputCompression, CollectionLimits limits, boolean strict, int topDecidingLines) {

    /**
     * Checks that no component is null.
     *
     * @param usage the usage the pages are wanted for
     * @param outputCompression the output's compression; empty for the input's
     * @param limits the resource limits
     * @param strict treat a malformed page line (not JSON, no {@code url}, a required page field
     *     missing) as fatal, as SCP "Error Handling" lists it, instead of skipping it
     * @param topDecidingLines how many deciding lines the summary lists
     */
    public Settings {
      Objects.requireNonNull(usage, "usage");
      Objects.requireNonNull(outputCompression, "outputCompression");
      Objects.requireNonNull(limits, "limits");
    }

    /**
     * Spec limits, input's compression, lenient, top five lines.
     *
     * @param usage the usage the pages are wanted for
     * @return settings with {@link CollectionLimits#SPEC}, the input's compression, not strict, and
     *         five deciding lines
     */
    public static Settings of(String usage) {
      return new Settings(usage, Optional.empty(), CollectionLimits.SPEC, false, 5);
    }
  }

  private final PagePolicy policy;
  private final SiteOrigin site;
  private final Settings settings;
  private final FilterListener listener;
  private final JsonFactory json;
  private final PageLineParser pages;
  private final boolean usageIsCrawl;

  /**
   * A filter for one site's collections; it holds no open resources and can filter several
   * collections in turn.
   *
   * @param policy decides each page's usages; not null
   * @param site the site the collection's URLs must belong to; not null
   * @param settings how to filter; not null
   * @param listener told of progress and warnings as pages stream; not null
   */
  public ScpFilter(PagePolicy policy, SiteOrigin site, Settings settings, FilterListener listener) {
    this.policy = Objects.requireNonNull(policy, "policy");
    this.site = Objects.requireNonNull(site, "site");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.listener = Objects.requireNonNull(listener, "listener");
    this.json = JsonLimits.factory(settings.limits().maxPageBytes());
    this.pages = new PageLineParser(json, settings.limits().maxBlocksPerPage());
    this.usageIsCrawl = CRAWL.equalsIgnoreCase(settings.usage());
  }

  /**
   * Filters the collection stored at {@code input} into {@code output}.
   *
   * @param input a regular file (read once, or twice for a zstd output)
   * @param inputName how messages name the input
   * @param output where the filtered collection goes; created or replaced only on success
   * @throws UserInputException for a collection that must be rejected; {@code output} is then
   *     untouched
   * @throws IOException when the output cannot be written
   * @return what was read, kept and dropped, and both checksums
   */
  public ScpFilterResult filter(Path input, String inputName, Path output) throws IOException {
    Optional<Compression> asked = settings.outputCompression();
    Compression compression;
    if (asked.isPresent()) {
      compression = asked.get();
    } else {
      try (DecodedInput in = DecodedInput.open(input, inputName, settings.limits())) {
        compression = in.compression();
      }
    }
    try (FilterOutput out = FilterOutput.open(compression, output, new FilterOutput.Input(input, inputName, settings.limits(), listener))) {
      Checked checked = check(input, inputName, out);
      String outputChecksum = ScpChecksum.format(checked.outputDigest());
      long written = out.finish(checked.metadata(), outputChecksum, checked.outputDigest());
      return result(checked, compression, outputChecksum, written);
    }
  }

  private record Checked(
      MetadataLine metadata,
      Compression compression,
      Optional<String> inputChecksum,
      byte[] outputDigest,
      FilterStats stats,
      long storedBytes,
      long uncompressedBytes) {}

  /** Reads, decides and checks the input, each page's keep-or-drop to {@code sink}. */
  private Checked check(Path input, String name, FilterOutput sink) throws IOException {
    String phase = sink.phase();
    CollectionLimits limits = settings.limits();
    try (DecodedInput in = DecodedInput.open(input, name, limits)) {
      LineReader lines = new LineReader(in.stream(), limits.maxPageBytes());
      MetadataLine metadata = readMetadata(lines, name);
      Optional<String> claimed = metadata.metadata().checksum();
      MessageDigest inputDigest = claimed.isPresent() ? ScpChecksum.newDigest() : null;
      lines.digestFromHere(inputDigest);
      MessageDigest outputDigest = ScpChecksum.newDigest();
      FilterStats stats = new FilterStats();
      sink.start(metadata);
      DecidingPipeline.Apply counted = (outcome, bytes, offset, length, lineNumber) -> {
        stats.read();
        boolean keep = count(outcome, stats, lineNumber);
        sink.page(keep, bytes, offset, length);
        if (keep) {
          stats.kept();
          outputDigest.update(bytes, offset, length);
        }
        if (stats.readCount() % PROGRESS_EVERY == 0) {
          listener.progress(phase, stats.readCount(), in.storedBytesRead(), in.storedSize());
        }
      };
      try (DecidingPipeline pipeline = new DecidingPipeline((bytes, offset, length, oversized, rawLength, lineNumber) ->
          decide(bytes, offset, length, oversized, rawLength, lineNumber, name), counted)) {
        while (lines.next()) {
          pipeline.add(lines);
        }
        pipeline.finish();
      }
      listener.progress(phase, stats.readCount(), in.storedBytesRead(), in.storedSize());
      if (inputDigest != null) {
        String expected = ScpChecksum.parseHex(claimed.get()).orElseThrow();
        String actual = HexFormat.of().formatHex(inputDigest.digest());
        if (!expected.equals(actual)) {
          throw new UserInputException(
              name + ": checksum mismatch: the metadata says " + ScpChecksum.PREFIX + expected
                  + " but the page lines hash to " + ScpChecksum.PREFIX + actual
                  + "; the collection is corrupt or was tampered with (SCP: Checksum Verification)");
        }
      }
      return new Checked(
          metadata, in.compression(), claimed, outputDigest.digest(), stats, in.storedBytesRead(), in.decodedBytesRead());
    }
  }

  private MetadataLine readMetadata(LineReader lines, String name) throws IOException {
    if (!lines.next()) {
      throw new UserInputException(name + ": empty; an SCP collection starts with a collection metadata line");
    }
    if (lines.oversized()) {
      throw new UserInputException(
          name + ": line 1 (collection metadata) is longer than " + settings.limits().maxPageBytes() + " bytes");
    }
    return MetadataLine.parse(lines.bytes(), lines.length(), json, name);
  }

  /** Decides one page line; runs on the pipeline's thread, so it touches no counter. */
  private PageOutcome decide(byte[] bytes, int offset, int length, boolean oversized, long rawLength, long lineNumber, String name) {
    if (oversized) {
      return PageOutcome.unusable(DropReason.OVERSIZED,
          "page is " + rawLength + " bytes, over the " + settings.limits().maxPageBytes() + "-byte limit");
    }
    PageLineParser.Page page = pages.parse(bytes, offset, length);
    if (settings.strict()) {
      String fatal = page.problem() == DropReason.MALFORMED ? page.detail()
          : page.missingRequired() != null && page.problem() == null ? "page lacks the required field \"" + page.missingRequired() + "\"" : null;
      if (fatal != null) {
        return PageOutcome.fatal(new UserInputException(name + ": line " + lineNumber + ": " + fatal + STRICT_FATAL));
      }
    }
    if (page.problem() != null) {
      return PageOutcome.unusable(page.problem(), page.detail());
    }
    URI uri = page.uri();
    if (!site.contains(uri)) {
      return PageOutcome.dropped(DropReason.OFF_SITE);
    }
    if (!usageIsCrawl) {
      PageVerdict crawl = verdict(page.url(), CRAWL);
      if (!crawl.allowed()) {
        return PageOutcome.refused(DropReason.CRAWL_DISALLOWED, crawl);
      }
    }
    PageSignals signals = page.headers() == null && page.html() == null ? PageSignals.NONE
        : PageSignalsReader.read(page.headers() == null ? null : page.headers().getBytes(StandardCharsets.ISO_8859_1), name + " line " + lineNumber + " headers",
            page.html() == null ? null : page.html().getBytes(StandardCharsets.UTF_8), name + " line " + lineNumber + " html");
    PageVerdict usage = Objects.requireNonNull(policy.decide(page.url(), settings.usage(), signals), "PagePolicy returned null");
    if (!usage.allowed()) {
      return PageOutcome.refused(DropReason.USAGE_DISALLOWED, usage);
    }
    return PageOutcome.KEEP;
  }

  /** Counts a decided line, in input order: true when it is kept. */
  private boolean count(PageOutcome outcome, FilterStats stats, long lineNumber) throws UserInputException {
    if (outcome.fatal() != null) {
      throw outcome.fatal();
    }
    if (outcome.keep()) {
      return true;
    }
    if (outcome.warning() != null) {
      stats.dropped(outcome.reason());
      listener.warning(new FilterWarning(lineNumber, outcome.reason(), outcome.warning()));
    } else if (outcome.verdict() != null) {
      stats.droppedByPolicy(outcome.reason(), outcome.verdict());
    } else {
      stats.dropped(outcome.reason());
    }
    return false;
  }

  private PageVerdict verdict(String url, String usage) {
    return Objects.requireNonNull(policy.decide(url, usage), "PagePolicy returned null");
  }

  private ScpFilterResult result(Checked checked, Compression output, String outputChecksum, long storedBytesWritten) {
    return new ScpFilterResult(
        checked.metadata().metadata(),
        checked.compression(),
        output,
        checked.inputChecksum(),
        outputChecksum,
        checked.stats().summary(settings.topDecidingLines()),
        checked.storedBytes(),
        checked.uncompressedBytes(),
        storedBytesWritten);
  }
}
