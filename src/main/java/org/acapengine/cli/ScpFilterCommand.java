package org.acapengine.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.acapengine.collections.DecidingLineCount;
import org.acapengine.collections.DropReason;
import org.acapengine.collections.FilterSummary;
import org.acapengine.collections.PagePolicy;
import org.acapengine.collections.SiteOrigin;
import org.acapengine.collections.io.CollectionLimits;
import org.acapengine.collections.io.Compression;
import org.acapengine.collections.io.DecodedInput;
import org.acapengine.collections.io.Spool;
import org.acapengine.collections.scp.CollectionMetadata;
import org.acapengine.collections.scp.ScpFilter;
import org.acapengine.collections.scp.ScpFilterResult;
import org.acapengine.model.UserInputException;
import org.acapengine.render.PlainText;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code acap scp filter}: keeps the pages of an SCP collection that the site's policy allows for
 * a usage, and writes them as a collection of the same kind with a recomputed checksum. See
 * {@link ScpFilter} for the streaming and the decisions, {@code docs/collections.md} for the
 * readings of the spec. The policy comes from the {@link PolicyOptions} every deciding command
 * takes ({@code --robots}, {@code --llm-policy}, {@code --scorpion}, {@code --crawler}, ...).
 */
@Command(
    name = "filter",
    mixinStandardHelpOptions = true,
    description = {
      "Keep the pages of an SCP collection that the site's policy allows for a usage.",
      "IN is a .scp, .scp.gz or .scp.zst file, or - for standard input; the compression is read from its first bytes.",
      "OUT is written in the same compression unless --compress says otherwise, and only if the whole input is sound."
    })
public final class ScpFilterCommand implements Callable<Integer> {

  /** Warnings printed before the rest are only counted. */
  static final int WARNING_CAP = 20;

  @ParentCommand private CommandGroup group;

  @Mixin private PolicyOptions policyOptions;

  @Mixin private CollectionOptions collectionOptions;

  @Option(
      names = "--compress",
      paramLabel = "none|gzip|zstd",
      converter = CompressionConverter.class,
      description = "compression of OUT (default: the same as IN)")
  private Compression compress;

  @Option(
      names = "--report",
      arity = "2",
      paramLabel = "json FILE",
      hideParamSyntax = true,
      description = "also write the summary as JSON to FILE (complete or not at all)")
  private List<String> report;

  @Option(
      names = "--max-uncompressed",
      paramLabel = "BYTES",
      converter = ByteSizeConverter.class,
      description = "stop when IN decompresses to more than this (default 500GB, the SCP limit)")
  private Long maxUncompressed;

  @Option(
      names = "--max-page-bytes",
      paramLabel = "BYTES",
      converter = ByteSizeConverter.class,
      description = "skip page lines longer than this (default 100MB, the SCP limit)")
  private Long maxPageBytes;

  @Option(
      names = "--strict",
      description = "fail on a malformed page line (not JSON, no url, a required field missing) instead of skipping it")
  private boolean strict;

  @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT", description = "the filtered collection")
  private Path output;

  @Parameters(index = "0", paramLabel = "IN", description = "the collection, or - for standard input")
  private String input;

  /** The policy the pages are decided by; null: the one the options name. */
  private final PagePolicy policy;

  /** Picocli's no-argument constructor. */
  public ScpFilterCommand() {
    this(null);
  }

  /** For tests: decide pages by {@code policy} instead of the one the options name. */
  ScpFilterCommand(PagePolicy policy) {
    this.policy = policy;
  }

  @Override
  public Integer call() {
    Io io = group.io();
    collectionOptions.check(policyOptions);
    policyOptions.requireOneStandardInput(input.equals("-") ? List.of("the collection (-)") : List.of());
    SiteOrigin site = collectionOptions.site(policyOptions);
    String usage = collectionOptions.usage;
    CollectionLimits limits = limits();
    Path reportFile = CommandSupport.reportFile(report);
    if (output.toString().equals("-")) {
      throw new UserInputException("-o - is not supported: OUT must be a file, so that it appears only when the whole input is sound");
    }
    Path outDir = CommandSupport.writableTarget(output, "-o");
    if (reportFile != null) {
      CommandSupport.writableTarget(reportFile, "--report");
    }
    Map<String, Path> outputs = new LinkedHashMap<>();
    outputs.put("-o", output);
    if (reportFile != null) {
      outputs.put("--report", reportFile);
    }
    Map<String, String> inputs = new LinkedHashMap<>();
    if (!input.equals("-")) {
      inputs.put("the input collection", input);
    }
    inputs.putAll(policyOptions.localFiles());
    CommandSupport.requireDistinct(outputs, inputs);
    PagePolicy pages = policy != null ? policy : collectionOptions.pagePolicy(policyOptions, io);
    ScpFilter.Settings settings = new ScpFilter.Settings(usage, Optional.ofNullable(compress), limits, strict, 5);
    boolean fromStdin = input.equals("-");
    String inputName = fromStdin ? "stdin" : input;
    WarningPrinter warnings = new WarningPrinter(io.err(), inputName, "line", WARNING_CAP);
    ProgressMeter meter = new ProgressMeter(io.err(), io.errIsTerminal(), "pages", System::nanoTime, warnings);
    Path spooled = null;
    try {
      Path inputPath;
      if (fromStdin) {
        meter.progress("reading stdin", 0, 0, -1);
        spooled = Spool.toTempFile(io.in(), outDir, ".scp-stdin", limits.maxCompressedBytes(), inputName);
        inputPath = spooled;
      } else {
        inputPath = Path.of(input);
      }
      ScpFilterResult result = new ScpFilter(pages, site, settings, meter).filter(inputPath, inputName, output);
      meter.clear();
      warnings.finish();
      printSummary(io.err(), result);
      if (reportFile != null) {
        CommandSupport.writeJsonAtomically(reportFile, g -> writeReport(g, site, usage, result, warnings.count(), inputName));
      }
      return ExitCodes.OK;
    } catch (UserInputException e) {
      meter.clear();
      throw withOptions(e);
    } catch (IOException e) {
      meter.clear();
      throw new UserInputException("cannot write " + output + ": " + e.getMessage(), e);
    } finally {
      deleteQuietly(spooled);
    }
  }

  /**
   * A rejection with the option that governs it, which the library's message cannot name: a line
   * made fatal by {@code --strict}, an input past the limit {@code --max-uncompressed} raises.
   */
  private UserInputException withOptions(UserInputException e) {
    String m = e.getMessage();
    if (strict && m.endsWith(ScpFilter.STRICT_FATAL)) {
      return new UserInputException(m.substring(0, m.length() - ScpFilter.STRICT_FATAL.length()) + " (fatal under --strict)", e);
    }
    if (m.endsWith(DecodedInput.RAISE_THE_LIMIT)) {
      return new UserInputException(m + " (--max-uncompressed)", e);
    }
    return e;
  }

  private CollectionLimits limits() {
    CollectionLimits limits = CollectionLimits.SPEC;
    if (maxUncompressed != null) {
      limits = limits.withMaxUncompressedBytes(maxUncompressed);
    }
    if (maxPageBytes != null) {
      if (maxPageBytes > CollectionLimits.SPEC.maxPageBytes()) {
        throw new UserInputException("--max-page-bytes cannot exceed the SCP limit of " + CollectionLimits.SPEC.maxPageBytes() + " bytes");
      }
      limits = limits.withMaxPageBytes((int) (long) maxPageBytes);
    }
    return limits;
  }

  private void printSummary(PrintWriter err, ScpFilterResult result) {
    CollectionMetadata m = result.metadata();
    if (m.newerMinorVersion()) {
      err.println("acap: note: collection version " + PlainText.shorten(m.version(), 20) + " is newer than "
          + CollectionMetadata.SUPPORTED_MAJOR + "." + CollectionMetadata.SUPPORTED_MINOR
          + "; unknown fields are passed through");
    }
    Compression named = Compression.fromFileName(output.getFileName().toString());
    if (named != result.outputCompression()) {
      err.println("acap: warning: " + output + " is named like a " + named.label() + " collection but was written as "
          + result.outputCompression().label() + " (see --compress)");
    }
    result.summary().print(err, "scp filter", "pages");
    err.println("checksum: " + result.inputChecksum().map(c -> "input verified, ").orElse("input had none, ")
        + "output " + result.outputChecksum());
    err.flush();
  }

  private void writeReport(JsonGenerator g, SiteOrigin site, String usage, ScpFilterResult r, long warnings, String inputName)
      throws IOException {
    CollectionMetadata m = r.metadata();
    g.writeStartObject();
    g.writeStringField("command", "scp filter");
    g.writeStringField("input", inputName);
    g.writeStringField("output", output.toString());
    g.writeStringField("site", site.toString());
    g.writeStringField("usage", usage);
    g.writeObjectFieldStart("collection");
    g.writeStringField("id", m.id());
    g.writeStringField("section", m.section());
    g.writeStringField("type", m.type().label());
    g.writeStringField("generated", m.generated());
    if (m.since().isPresent()) {
      g.writeStringField("since", m.since().get());
    }
    g.writeStringField("version", m.version());
    g.writeEndObject();
    g.writeObjectFieldStart("checksum");
    if (r.inputChecksum().isPresent()) {
      g.writeStringField("input", r.inputChecksum().get());
    } else {
      g.writeNullField("input");
    }
    g.writeBooleanField("inputVerified", r.inputChecksum().isPresent());
    g.writeStringField("output", r.outputChecksum());
    g.writeEndObject();
    g.writeObjectFieldStart("compression");
    g.writeStringField("input", r.inputCompression().label());
    g.writeStringField("output", r.outputCompression().label());
    g.writeEndObject();
    g.writeObjectFieldStart("pages");
    writeSummaryFields(g, r.summary());
    g.writeEndObject();
    g.writeNumberField("warnings", warnings);
    g.writeObjectFieldStart("bytes");
    g.writeNumberField("storedIn", r.storedBytesIn());
    g.writeNumberField("uncompressedIn", r.uncompressedBytesIn());
    g.writeNumberField("storedOut", r.storedBytesOut());
    g.writeEndObject();
    g.writeEndObject();
  }

  /** Writes a filter's counts as fields of the JSON object {@code g} is inside. */
  private static void writeSummaryFields(JsonGenerator g, FilterSummary s) throws IOException {
    g.writeNumberField("read", s.read());
    g.writeNumberField("kept", s.kept());
    g.writeNumberField("dropped", s.droppedTotal());
    g.writeObjectFieldStart("droppedByReason");
    for (Map.Entry<DropReason, Long> e : s.dropped().entrySet()) {
      g.writeNumberField(e.getKey().label(), e.getValue());
    }
    g.writeEndObject();
    g.writeArrayFieldStart("topDecidingLines");
    for (DecidingLineCount line : s.topDecidingLines()) {
      g.writeStartObject();
      g.writeStringField("source", line.line().source());
      g.writeNumberField("line", line.line().line());
      g.writeStringField("text", line.line().text());
      g.writeNumberField("dropped", line.pages());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeNumberField("droppedByOtherLines", s.untrackedPolicyDrops());
  }

  private static void deleteQuietly(Path file) {
    if (file != null) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException ignored) {
        // a temporary file we could not delete is not worth failing a finished run over
      }
    }
  }

  /** Accepts {@code none}, {@code gzip} or {@code zstd} in any case. */
  public static final class CompressionConverter implements ITypeConverter<Compression> {
    @Override
    public Compression convert(String value) {
      try {
        return Compression.fromLabel(value);
      } catch (IllegalArgumentException e) {
        throw new picocli.CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }
}
