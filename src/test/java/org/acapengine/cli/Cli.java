package org.acapengine.cli;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Runs {@code acap} in-process with in-memory streams, as {@link Main} would with the process's. */
final class Cli {

  /** The example files the docs use (docs/formats.md); paths relative to the project root, where Maven runs tests. */
  static final String ROBOTS = "grammars-samples/site-example.robots.txt";
  static final String LLM = "docs/examples/llm-policy.json";
  static final String SCORPION = "docs/examples/scorpion.crawl";
  /** An instant at which docs/examples/llm-policy.json is in force. */
  static final String NOW = "2026-01-01T00:00:00Z";

  record Result(int code, String out, String err) {
    List<String> outLines() {
      return out.lines().toList();
    }

    List<String> errLines() {
      return err.lines().toList();
    }
  }

  private Cli() {}

  static Result run(String... args) {
    return runWithInput(new byte[0], args);
  }

  static Result runWithInput(byte[] stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = AcapCommand.run(args, new Io(new ByteArrayInputStream(stdin), new PrintWriter(out), new PrintWriter(err), false));
    return new Result(code, out.toString(), err.toString());
  }

  static Result runWithInput(String stdin, String... args) {
    return runWithInput(stdin.getBytes(StandardCharsets.UTF_8), args);
  }
}
