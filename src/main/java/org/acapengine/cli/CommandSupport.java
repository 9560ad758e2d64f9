package org.acapengine.cli;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.acapengine.collections.AtomicOutput;
import org.acapengine.collections.io.ShieldedOutputStream;
import org.acapengine.model.UserInputException;
import org.acapengine.render.PlainText;

/** Small pieces the collection commands share. */
public final class CommandSupport {

  private CommandSupport() {}

  /**
   * Writes a JSON document atomically to {@code file}: complete, or not at all.
   *
   * @param file the file to write
   * @param body writes the document
   * @throws IOException if the file cannot be written; the file is then left as it was
   */
  static void writeJsonAtomically(Path file, JsonBody body) throws IOException {
    try (AtomicOutput out = AtomicOutput.create(file)) {
      try (JsonGenerator g = new JsonFactory().createGenerator(new ShieldedOutputStream(out.stream()), JsonEncoding.UTF8)) {
        g.useDefaultPrettyPrinter();
        body.write(g);
        g.writeRaw('\n');
      }
      out.commit();
    }
  }

  /** Writes one JSON document. */
  @FunctionalInterface
  interface JsonBody {
    /**
     * Writes the document.
     *
     * @param g the generator, writing to the temporary file
     * @throws IOException if writing fails; the target file is then left as it was
     */
    void write(JsonGenerator g) throws IOException;
  }

  /**
   * The report file of {@code --report FORMAT FILE}, checking the format is {@code json}.
   *
   * @param report the values of {@code --report}: a format and a file; null or empty when not given
   * @return the file, or null when {@code --report} was not given
   * @throws org.acapengine.model.UserInputException if there are not two values or the format is not {@code json}
   */
  public static Path reportFile(List<String> report) {
    if (report == null || report.isEmpty()) {
      return null;
    }
    if (report.size() != 2) {
      throw new UserInputException("--report takes a format and a file: --report json FILE");
    }
    if (!report.get(0).equals("json")) {
      throw new UserInputException("--report: unknown format '" + PlainText.shorten(report.get(0), 40) + "' (the one format is json)");
    }
    return Path.of(report.get(1));
  }

  /**
   * Refuses output files that collide: two outputs naming the same file (the second would replace
   * the first), or an output naming one of the command's inputs (it would be replaced while it is
   * read, or before). The same file is the same path, or the same file reached by another path (a
   * symbolic or hard link, {@code ./x}); an output that does not exist yet is compared by its
   * real directory and name.
   *
   * @param outputs each output file the command will write, by the option that names it
   *     ({@code -o}, {@code --report}), in order
   * @param inputs each input file the command reads, by how messages name it ({@code the
   *     collection}, {@code --robots}); {@code -} and URLs are left out by the caller
   * @throws UserInputException naming both options and the file, when two collide
   */
  public static void requireDistinct(Map<String, Path> outputs, Map<String, String> inputs) {
    List<Map.Entry<String, Path>> outs = List.copyOf(outputs.entrySet());
    for (int i = 0; i < outs.size(); i++) {
      for (int j = 0; j < i; j++) {
        if (sameFile(outs.get(i).getValue(), outs.get(j).getValue())) {
          throw new UserInputException(outs.get(j).getKey() + " and " + outs.get(i).getKey() + " name the same file ("
              + PlainText.safeLine(outs.get(i).getValue().toString()) + "): give each its own");
        }
      }
      for (Map.Entry<String, String> in : inputs.entrySet()) {
        Path input;
        try {
          input = Path.of(in.getValue());
        } catch (InvalidPathException e) {
          continue;
        }
        if (sameFile(outs.get(i).getValue(), input)) {
          throw new UserInputException(outs.get(i).getKey() + " " + PlainText.safeLine(outs.get(i).getValue().toString()) + " is " + in.getKey()
              + ", which it would replace: write the output elsewhere");
        }
      }
    }
  }

  /** Whether two paths name one file, existing or not. */
  static boolean sameFile(Path a, Path b) {
    Path x = a.toAbsolutePath().normalize();
    Path y = b.toAbsolutePath().normalize();
    if (x.equals(y)) {
      return true;
    }
    try {
      if (Files.exists(x) && Files.exists(y)) {
        return Files.isSameFile(x, y);
      }
      return real(x).equals(real(y));
    } catch (IOException | SecurityException e) {
      return false;
    }
  }

  /** A path with its directory made real (links resolved), for a file that may not exist yet. */
  private static Path real(Path p) throws IOException {
    if (Files.exists(p)) {
      return p.toRealPath();
    }
    Path parent = p.getParent();
    return parent == null || !Files.exists(parent) ? p : parent.toRealPath().resolve(p.getFileName());
  }

  /**
   * The directory {@code file} will be written in (temporary files go beside it), checking up
   * front that it exists and that {@code file} is not itself a directory.
   *
   * @param file the output file named on the command line
   * @param what how messages name the file, for example {@code -o} or {@code --report}
   * @return the file, checked
   * @throws org.acapengine.model.UserInputException if the file cannot be written there
   */
  public static Path writableTarget(Path file, String what) {
    Path absolute = file.toAbsolutePath();
    Path parent = absolute.getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw new UserInputException(what + " " + file + ": directory " + parent + " does not exist");
    }
    if (Files.isDirectory(absolute)) {
      throw new UserInputException(what + " " + file + ": is a directory");
    }
    return parent;
  }
}
