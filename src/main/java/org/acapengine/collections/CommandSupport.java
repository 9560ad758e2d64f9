package org.acapengine.collections;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.acapengine.cli.UserInputException;

/** Small pieces the collection commands share. */
public final class CommandSupport {

  private CommandSupport() {}

  /** Writes a JSON document atomically to {@code file}: complete, or not at all. */
  public static void writeJsonAtomically(Path file, JsonBody body) throws IOException {
    try (AtomicOutput out = AtomicOutput.create(file)) {
      try (JsonGenerator g = new JsonFactory().createGenerator(new org.acapengine.collections.io.ShieldedOutputStream(out.stream()), JsonEncoding.UTF8)) {
        g.useDefaultPrettyPrinter();
        body.write(g);
        g.writeRaw('\n');
      }
      out.commit();
    }
  }

  /** Writes one JSON document. */
  @FunctionalInterface
  public interface JsonBody {
    void write(JsonGenerator g) throws IOException;
  }

  /** The report file of {@code --report FORMAT FILE}, checking the format is {@code json}. */
  public static Path reportFile(List<String> report) {
    if (report == null || report.isEmpty()) {
      return null;
    }
    if (report.size() != 2) {
      throw new UserInputException("--report takes a format and a file: --report json FILE");
    }
    if (!report.get(0).equals("json")) {
      throw new UserInputException("--report: unknown format '" + DisplayText.clean(report.get(0), 40) + "' (the one format is json)");
    }
    return Path.of(report.get(1));
  }

  /** The directory a file will be written in (for temporary files beside it). */
  public static Path directoryOf(Path file) {
    Path parent = file.toAbsolutePath().getParent();
    if (parent == null) {
      throw new UserInputException(file + ": has no parent directory");
    }
    return parent;
  }
}
