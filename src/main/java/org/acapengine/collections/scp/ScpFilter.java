package org.acapengine.collections.scp;

import com.fasterxml.jackson.core.JsonFactory;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.collections.AtomicOutput;
import org.acapengine.collections.DropReason;
import org.acapengine.collections.FilterListener;
import org.acapengine.collections.FilterStats;
import org.acapengine.collections.FilterWarning;
import org.acapengine.adapters.page.PageSignals;
import org.acapengine.adapters.page.PageSignalsReader;
import org.acapengine.collections.PagePolicy;
import org.acapengine.collections.PageVerdict;
import org.acapengine.collections.SiteOrigin;
import org.acapengine.collections.io.AsyncOutputStream;
import org.acapengine.collections.io.CollectionLimits;
import org.acapengine.collections.io.Compression;
import org.acapengine.collections.io.DecodedInput;
import org.acapengine.collections.io.LineReader;
import org.acapengine.collections.io.ParallelGzipOutputStream;
import org.acapengine.collections.io.ShieldedOutputStream;
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
 * leaves no output. The metadata line comes first and carries the output's checksum, known only
 * at the end:
 *
 * <ul>
 *   <li><b>uncompressed and gzip outputs: one pass.</b> The kept page lines, copied byte for byte,
 *       go to a temporary file behind a metadata line with a placeholder checksum of the same
 *       length (in gzip, held in stored blocks at the start of the one member), which is written
 *       over in place at the end (with, for gzip, the trailer's CRC-32); the file is then
 *       atomically renamed to the output.
 *   <li><b>zstd outputs: two passes.</b> The first pass decides and checks, writing each page's
 *       keep/drop to a one-bit-per-page {@link DecisionLog}; the second decompresses again and
 *       writes the metadata line with the new checksum, then the kept lines. The copied bytes are
 *       hashed again and must match the first pass, so an input that changed in between fails
 *       rather than producing a collection whose checksum lies. (A zstd stream cannot hold a line
 *       uncompressed ahead of compressed data within one frame through zstd-jni, and a frame of its
 *       own would be lost by readers that stop after the first frame: docs/collections.md.)
 * </ul>
 *
 * <p>A page is kept when its URL is on the site's origin, {@code crawl} is allowed on it (unless
 * the usage is {@code crawl} itself, decided once) and the requested usage is allowed. See
 * {@code docs/collections.md} for why {@code crawl} is required too.
 */
public final class ScpFilter {

  /** Pages between progress reports. */
  private static final int PROGRESS_EVERY = 1024;

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
    Compression out;
    if (asked.isPresent()) {
      out = asked.get();
    } else {
      try (DecodedInput in = DecodedInput.open(input, inputName, settings.limits())) {
        out = in.compression();
      }
    }
    if (out != Compression.ZSTD) {
      return filterInOnePass(input, inputName, output, out);
    }
    Path dir = output.toAbsolutePath().getParent();
    try (DecisionLog decisions = DecisionLog.create(dir)) {
      Checked checked;
      try (DecisionLog.Writer log = decisions.writer()) {
        checked = check(input, inputName, new Sink() {
          @Override
          public void page(boolean keep, byte[] bytes, int offset, int length) throws IOException {
            log.append(keep);
          }
        }, "checking");
      }
      return write(input, inputName, output, decisions, checked);
    }
  }

  /**
   * One pass for an uncompressed or gzip output: the kept lines go straight to it behind a
   * metadata line with a placeholder checksum of the same length, overwritten with the real one at
   * the end. In gzip the line is held uncompressed, in stored blocks at the start of the one member,
   * so that it keeps its place, and the trailer's CRC-32 is recomputed for it. A fatal error leaves
   * the output unpublished, as in two passes.
   */
  private ScpFilterResult filterInOnePass(Path input, String name, Path output, Compression compression)
      throws IOException {
    try (AtomicOutput out = AtomicOutput.create(output)) {
      ShieldedOutputStream stored = new ShieldedOutputStream(out.stream());
      PageStream pages = new PageStream();
      Checked checked;
      try (pages) {
        checked = check(input, name, new Sink() {
          @Override
          public void start(MetadataLine metadata) throws IOException {
            switch (compression) {
              case GZIP -> {
                pages.gzip = Compression.gzipWithStoredHead(stored, placeholder(metadata));
                // Deflate runs on its own threads, fed from one of its own, beside reading and deciding.
                pages.out = new AsyncOutputStream(pages.gzip, "acap-compress");
              }
              case NONE -> {
                stored.write(placeholder(metadata));
                pages.out = stored;
              }
              default -> throw new IllegalStateException("no one-pass output for " + compression);
            }
          }

          @Override
          public void page(boolean keep, byte[] bytes, int offset, int length) throws IOException {
            if (keep) {
              pages.out.write(bytes, offset, length);
            }
          }
        }, "filtering");
      }
      String outputChecksum = ScpChecksum.format(checked.outputDigest());
      byte[] head = checked.metadata().withChecksum(outputChecksum);
      if (head.length != placeholder(checked.metadata()).length) {
        throw new IllegalStateException("the metadata line changed length with its checksum");
      }
      if (pages.gzip != null) {
        pages.gzip.rewriteHead(head, out::overwrite);
      } else {
        out.overwrite(0, head);
      }
      out.commit();
      return result(checked, compression, outputChecksum, stored.count());
    }
  }

  /** Where the kept lines go once the metadata line is written; closing it finishes the encoder. */
  private static final class PageStream implements AutoCloseable {
    OutputStream out;
    ParallelGzipOutputStream gzip;

    @Override
    public void close() throws IOException {
      if (out != null) {
        out.close();
      }
    }
  }

  /** The metadata line with a checksum of zeros: as long as the line with the real checksum. */
  private static byte[] placeholder(MetadataLine metadata) {
    return metadata.withChecksum(ScpChecksum.format(new byte[32]));
  }

  /** Where the checking pass puts each page's keep-or-drop: a decision log, or the output itself. */
  private interface Sink {
    /** Called once, after the metadata line was read and before the first page. */
    default void start(MetadataLine metadata) throws IOException {}

    /** Called for each page line in order, with its bytes (line end included) and whether it is kept. */
    void page(boolean keep, byte[] bytes, int offset, int length) throws IOException;
  }

  private record Checked(
      MetadataLine metadata,
      Compression compression,
      Optional<String> inputChecksum,
      byte[] outputDigest,
      FilterStats stats,
      long storedBytes,
      long uncompressedBytes) {}

  private Checked check(Path input, String name, Sink sink, String phase) throws IOException {
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

  private ScpFilterResult write(Path input, String name, Path output, DecisionLog decisions, Checked checked)
      throws IOException {
    Compression compression = settings.outputCompression().orElse(checked.compression());
    String outputChecksum = ScpChecksum.format(checked.outputDigest());
    byte[] metadataOut = checked.metadata().withChecksum(outputChecksum);
    long pageLines = decisions.count();
    try (AtomicOutput out = AtomicOutput.create(output);
        DecodedInput in = DecodedInput.open(input, name, settings.limits());
        DecisionLog.Reader keep = decisions.reader()) {
      ShieldedOutputStream stored = new ShieldedOutputStream(out.stream());
      MessageDigest digest = ScpChecksum.newDigest();
      // The encoder (deflate, for gzip) runs on its own thread, beside decompressing and hashing.
      try (OutputStream encoded = new AsyncOutputStream(compression.encoder(stored), "acap-compress")) {
        LineReader lines = new LineReader(in.stream(), settings.limits().maxPageBytes());
        if (!lines.next() || lines.oversized() || !checked.metadata().sameBytes(lines.bytes(), lines.length())) {
          throw changed(name);
        }
        encoded.write(metadataOut);
        long read = 0;
        while (lines.next()) {
          if (++read > pageLines) {
            throw changed(name);
          }
          if (keep.next()) {
            if (lines.oversized()) {
              throw changed(name);
            }
            encoded.write(lines.bytes(), 0, lines.length());
            digest.update(lines.bytes(), 0, lines.length());
          }
          if (read % PROGRESS_EVERY == 0) {
            listener.progress("writing", read, in.storedBytesRead(), in.storedSize());
          }
        }
        listener.progress("writing", read, in.storedBytesRead(), in.storedSize());
        if (read != pageLines || !Arrays.equals(digest.digest(), checked.outputDigest())) {
          throw changed(name);
        }
      }
      out.commit();
      return result(checked, compression, outputChecksum, stored.count());
    }
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

  private static UserInputException changed(String name) {
    return new UserInputException(name + ": changed while it was being filtered; nothing was written");
  }
}
