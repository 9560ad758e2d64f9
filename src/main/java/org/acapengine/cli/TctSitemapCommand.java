package org.acapengine.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.acapengine.collections.AtomicOutput;
import org.acapengine.collections.PagePolicy;
import org.acapengine.collections.SiteOrigin;
import org.acapengine.collections.io.TempFiles;
import org.acapengine.collections.tct.SitemapFilter;
import org.acapengine.collections.tct.SitemapResult;
import org.acapengine.model.UserInputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code acap tct sitemap}: the items of an {@code llm-sitemap.json} an agent may ingest under
 * the site's policy — {@code crawl} allowed on the M-URL it fetches, the usage allowed on the
 * C-URL whose content it uses. The kept items go to stdout as an {@code llm-sitemap.json} of the
 * same shape; the dropped ones, with reasons, to {@code --dropped FILE}. Both appear only when the
 * whole sitemap was read. The policy comes from the {@link PolicyOptions} every deciding command
 * takes ({@code --robots}, {@code --llm-policy}, {@code --scorpion}, {@code --crawler}, ...).
 */
@Command(
    name = "sitemap",
    mixinStandardHelpOptions = true,
    description = {
      "Keep the items of a TCT llm-sitemap.json that the site's policy lets an agent ingest:",
      "crawl is decided on each item's mUrl, the usage on its cUrl.",
      "The kept items are written to stdout as JSON, the dropped ones with reasons to --dropped FILE."
    })
public final class TctSitemapCommand implements Callable<Integer> {

  static final int WARNING_CAP = 20;

  @ParentCommand private CommandGroup group;

  @Mixin private PolicyOptions policyOptions;

  @Mixin private CollectionOptions collectionOptions;

  @Option(names = "--dropped", paramLabel = "FILE", description = "write the dropped items, with reasons, to FILE")
  private Path dropped;

  @Option(
      names = "--max-sitemap-bytes",
      paramLabel = "BYTES",
      converter = ByteSizeConverter.class,
      description = "reject sitemaps larger than this (default 100MB)")
  private Long maxSitemapBytes;

  @Option(
      names = "--max-item-bytes",
      paramLabel = "BYTES",
      converter = ByteSizeConverter.class,
      description = "skip items larger than this (default 64KiB)")
  private Long maxItemBytes;

  @Parameters(index = "0", paramLabel = "llm-sitemap.json", description = "the sitemap, or - for standard input")
  private String input;

  /** The policy the items are decided by; null: the one the options name. */
  private final PagePolicy policy;

  /** Picocli's no-argument constructor. */
  public TctSitemapCommand() {
    this(null);
  }

  /** For tests: decide items by {@code policy} instead of the one the options name. */
  TctSitemapCommand(PagePolicy policy) {
    this.policy = policy;
  }

  @Override
  public Integer call() {
    Io io = group.io();
    collectionOptions.check(policyOptions);
    policyOptions.requireOneStandardInput(input.equals("-") ? List.of("the sitemap (-)") : List.of());
    SiteOrigin site = collectionOptions.site(policyOptions);
    String usage = collectionOptions.usage;
    SitemapFilter.Settings defaults = SitemapFilter.Settings.of(usage);
    if (maxItemBytes != null && maxItemBytes > Integer.MAX_VALUE - 16) {
      throw new UserInputException("--max-item-bytes is too large");
    }
    SitemapFilter.Settings settings =
        new SitemapFilter.Settings(
            usage,
            maxSitemapBytes != null ? maxSitemapBytes : defaults.maxBytes(),
            maxItemBytes != null ? (int) (long) maxItemBytes : defaults.maxItemBytes(),
            defaults.topDecidingLines());
    if (dropped != null) {
      CommandSupport.writableTarget(dropped, "--dropped");
      Map<String, String> inputs = new LinkedHashMap<>();
      if (!input.equals("-")) {
        inputs.put("the input sitemap", input);
      }
      inputs.putAll(policyOptions.localFiles());
      CommandSupport.requireDistinct(Map.of("--dropped", dropped), inputs);
    }
    PagePolicy pages = policy != null ? policy : collectionOptions.pagePolicy(policyOptions, io);
    boolean fromStdin = input.equals("-");
    String name = fromStdin ? "stdin" : input;
    WarningPrinter warnings = new WarningPrinter(io.err(), name, "item", WARNING_CAP);
    Path kept = null;
    try {
      kept = TempFiles.create(Path.of(System.getProperty("java.io.tmpdir")), ".tct-kept");
      SitemapResult result;
      try (InputStream in = open(fromStdin, io);
          OutputStream keptOut = Files.newOutputStream(kept);
          AtomicOutput droppedOut = dropped == null ? null : AtomicOutput.create(dropped)) {
        result =
            new SitemapFilter(pages, site, settings, warnings)
                .filter(in, name, keptOut, droppedOut == null ? null : droppedOut.stream());
        if (droppedOut != null) {
          droppedOut.commit();
        }
      }
      copyTo(kept, io.out());
      warnings.finish();
      printSummary(io.err(), result);
      return ExitCodes.OK;
    } catch (IOException e) {
      throw new UserInputException(name + ": " + e.getMessage(), e);
    } finally {
      if (kept != null) {
        try {
          Files.deleteIfExists(kept);
        } catch (IOException ignored) {
          // a leftover temporary file is not worth failing a finished run over
        }
      }
    }
  }

  private InputStream open(boolean fromStdin, Io io) throws IOException {
    if (fromStdin) {
      return new java.io.FilterInputStream(io.in()) {
        @Override
        public void close() {
          // standard input belongs to the caller
        }
      };
    }
    Path path = Path.of(input);
    if (Files.isDirectory(path)) {
      throw new UserInputException(input + ": is a directory");
    }
    try {
      return Files.newInputStream(path);
    } catch (NoSuchFileException e) {
      throw new UserInputException(input + ": no such file");
    }
  }

  private static void copyTo(Path file, PrintWriter out) throws IOException {
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      char[] buffer = new char[16 * 1024];
      for (int n = reader.read(buffer); n >= 0; n = reader.read(buffer)) {
        out.write(buffer, 0, n);
      }
    }
    out.flush();
  }

  private static void printSummary(PrintWriter err, SitemapResult result) {
    result.unexpectedVersion()
        .ifPresent(v -> err.println("acap: note: sitemap version " + v + " is not 1; read as version 1"));
    result.summary().print(err, "tct sitemap", "items");
    if (result.keptWithoutValidator() > 0) {
      err.println("note: " + result.keptWithoutValidator() + " kept items carry no validator (contentHash or etag)");
    }
    err.flush();
  }
}
