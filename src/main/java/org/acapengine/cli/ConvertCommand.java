package org.acapengine.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.acapengine.adapters.scorpion.ScorpionCrawlerPolicy;
import org.acapengine.adapters.scorpion.ScorpionReadResult;
import org.acapengine.adapters.scorpion.ScorpionReader;
import org.acapengine.adapters.scorpion.ScorpionToAcap;
import org.acapengine.adapters.tct.TctPolicyReader;
import org.acapengine.adapters.tct.TctPolicyResult;
import org.acapengine.adapters.tct.TctToAcap;
import org.acapengine.load.InputFiles;
import org.acapengine.load.SiteLoader;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Severity;
import org.acapengine.model.UserInputException;
import org.acapengine.render.PlainText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code acap convert}: another policy format as ACAP robots.txt records that decide the same. */
@Command(name = "convert", mixinStandardHelpOptions = true,
    description = "Translate a TCT llm-policy.json or a Scorpion crawl file into ACAP records giving the same decisions, with comments for what ACAP cannot carry.")
public final class ConvertCommand implements Callable<Integer> {

  enum From { tct, scorpion }

  enum To { acap }

  @ParentCommand
  private AcapCommand parent;

  @Option(names = "--from", required = true, description = "tct or scorpion")
  private From from;

  @Option(names = "--to", defaultValue = "acap", description = "acap (the only target); default ${DEFAULT-VALUE}")
  private To to;

  @Option(names = "--crawler", paramLabel = "NAME", description = "scorpion: the crawler whose section to convert (repeatable); default any crawler")
  private List<String> crawlers = new ArrayList<>();

  @Option(names = "--purpose", paramLabel = "P", description = "scorpion: the purpose (mirror, search, study) that names the crawler's section")
  private String purpose;

  @Parameters(index = "0", paramLabel = "FILE", description = "the file to convert (- for standard input)")
  private String file;

  @Override
  public Integer call() {
    Io io = parent.io();
    if (from == From.tct) {
      TctPolicyResult r = new TctPolicyReader().read(InputFiles.readBounded(file, io.in(), SiteLoader.LLM_POLICY_MAX_BYTES).orElseThrow(UserInputException::new), file);
      if (r.policy().isEmpty()) {
        // One line, as for any input that cannot be used: where and why.
        Diagnostic why = r.diagnostics().stream().filter(d -> d.severity() == Severity.ERROR).findFirst()
            .orElseThrow(() -> new IllegalStateException("an unusable llm-policy.json without an error"));
        throw new UserInputException(file + ":" + why.span().line() + ":" + why.span().column() + ": not a usable llm-policy.json: " + why.message());
      }
      report(io, r.diagnostics());
      io.out().print(TctToAcap.convert(r.policy().get()));
    } else {
      ScorpionReadResult r = new ScorpionReader().read(InputFiles.readBounded(file, io.in(), ScorpionReader.DEFAULT_MAX_BYTES).orElseThrow(UserInputException::new), file);
      ScorpionCrawlerPolicy policy = ScorpionCrawlerPolicy.of(r.file(), crawlers, Optional.ofNullable(purpose));
      // The file's own findings (size), then those about the lines effective for this crawler:
      // whether it is understood, and which lines were skipped, depends on the crawler.
      report(io, r.diagnostics());
      report(io, policy.diagnostics());
      io.out().print(ScorpionToAcap.convert(policy));
    }
    return ExitCodes.OK;
  }

  private void report(Io io, List<Diagnostic> diagnostics) {
    PolicyOptions.print(io, file, diagnostics);
  }
}
