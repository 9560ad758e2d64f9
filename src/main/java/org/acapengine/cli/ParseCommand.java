package org.acapengine.cli;

import java.util.concurrent.Callable;
import org.acapengine.load.InputFiles;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.UserInputException;
import org.acapengine.parse.ParseOptions;
import org.acapengine.load.LoadedSite;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.render.ModelJson;
import org.acapengine.render.ModelOutline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code acap parse FILE}: prints the model of a robots.txt. */
@Command(name = "parse", mixinStandardHelpOptions = true,
    description = "Parse a robots.txt (conventional and ACAP records) and print its model.")
public final class ParseCommand implements Callable<Integer> {

  enum Format { text, json }

  @ParentCommand
  private AcapCommand parent;

  @Option(names = "--format", defaultValue = "text", description = "text (an indented outline) or json (documented in docs/parse-json.md); default ${DEFAULT-VALUE}")
  private Format format;

  @Option(names = "--max-bytes", defaultValue = "" + ParseOptions.DEFAULT_MAX_BYTES, description = "content beyond this many bytes is not parsed; default ${DEFAULT-VALUE}")
  private long maxBytes;

  @Parameters(index = "0", paramLabel = "FILE", description = "the robots.txt to parse, or - for standard input")
  private String file;

  @Override
  public Integer call() {
    Io io = parent.io();
    if (maxBytes < 1) {
      throw new UserInputException("--max-bytes must be positive");
    }
    byte[] content = InputFiles.readBounded(file, io.in(), maxBytes).orElseThrow(UserInputException::new);
    PolicyDocument doc = new RobotsTxtParser(new ParseOptions(maxBytes)).parse(content, InputFiles.sizeOf(file), file);
    // The model lists every diagnostic; a file cut at the limit also says so on standard error.
    PolicyOptions.print(io, file, LoadedSite.truncations(doc.diagnostics()));
    if (format == Format.json) {
      io.out().println(ModelJson.document(doc));
    } else {
      io.out().print(ModelOutline.render(doc));
    }
    return ExitCodes.OK;
  }
}
