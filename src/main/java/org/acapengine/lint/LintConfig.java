package org.acapengine.lint;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.acapengine.render.PlainText;
import org.acapengine.render.Spelling;

/**
 * acap lint's configuration file, {@code acap-lint.toml} (TOML 1.0, read with
 * jackson-dataformat-toml). Every key is optional; any other key is an error:
 *
 * <pre>
 * select = ["undefined", "divergence"]   # codes or prefixes; default: every code
 * ignore = ["extension-field"]            # codes or prefixes
 * fail-on = "warning"                     # "error" (default) or "warning"
 * format = "github"                       # "text" (default), "json", "sarif" or "github"
 * </pre>
 *
 * <p>The file is found by walking up from the directory of the linted file to the first directory
 * holding one, stopping at a repository root (a directory holding {@code .git}) or the file
 * system's root. The command line wins over the file ({@link CodeSelection} says how the two
 * selections combine).
 *
 * @param file where it was read from
 * @param select the {@code select} entries, if given
 * @param ignore the {@code ignore} entries (none: empty)
 * @param failOn {@code error} or {@code warning}, if given
 * @param format the output format, if given
 */
public record LintConfig(Path file, Optional<List<String>> select, List<String> ignore, Optional<String> failOn, Optional<String> format) {

  /** The file's name. */
  public static final String FILE_NAME = "acap-lint.toml";

  /** A configuration file is small; a larger one is refused. */
  public static final int MAX_BYTES = 64 * 1024;

  private static final List<String> KEYS = List.of("select", "ignore", "fail-on", "format");
  private static final Set<String> FAIL_ON = Set.of("error", "warning");
  private static final Set<String> FORMATS = Set.of("text", "json", "sarif", "github");

  /**
   * Makes the lists immutable.
   *
   * @param file where it was read from
   * @param select the {@code select} entries, if given
   * @param ignore the {@code ignore} entries (none: empty)
   * @param failOn {@code error} or {@code warning}, if given
   * @param format the output format, if given
   */
  public LintConfig {
    select = select.map(List::copyOf);
    ignore = List.copyOf(ignore);
  }

  /** What reading a configuration file gave: a {@link Loaded} or an {@link Invalid}. */
  public sealed interface Result permits Loaded, Invalid {}

  /**
   * A configuration read without problems.
   *
   * @param config the configuration read
   */
  public record Loaded(LintConfig config) implements Result {}

  /**
   * Why a configuration cannot be used, and where.
   *
   * @param line 1-based, 0 when the problem is the file as a whole
   * @param column 1-based, 0 when unknown
   * @param file the configuration file
   * @param message what is wrong, one line
   */
  public record Invalid(Path file, int line, int column, String message) implements Result {
    /**
     * {@code FILE:LINE:COLUMN: message}, one line.
     *
     * @return the problem as one line of text
     */
    public String describe() {
      return file + (line > 0 ? ":" + line + ":" + Math.max(column, 1) : "") + ": " + message;
    }
  }

  /**
   * The configuration file that applies to files in {@code directory}: the nearest {@value
   * #FILE_NAME} in it or above it, up to the repository root.
   *
   * @param directory the directory holding the linted file
   * @return the configuration file, or empty when there is none up to the repository root (a
   *         directory holding {@code .git}) or the file-system root
   */
  public static Optional<Path> find(Path directory) {
    for (Path dir = directory.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(FILE_NAME);
      if (Files.isRegularFile(candidate)) {
        return Optional.of(candidate);
      }
      if (Files.exists(dir.resolve(".git"))) {
        break;
      }
    }
    return Optional.empty();
  }

  /**
   * Reads a configuration file (at most {@link #MAX_BYTES}, UTF-8).
   *
   * @param file the configuration file
   * @return the configuration, or why it cannot be used; never throws
   */
  public static Result read(Path file) {
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes(MAX_BYTES + 1);
    } catch (IOException e) {
      return new Invalid(file, 0, 0, "cannot read the configuration file" + (Files.isDirectory(file) ? ": it is a directory" : Files.exists(file) ? "" : ": no such file"));
    }
    if (bytes.length > MAX_BYTES) {
      return new Invalid(file, 0, 0, "the configuration file is larger than " + MAX_BYTES + " bytes");
    }
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      return new Invalid(file, 0, 0, "the configuration file is not UTF-8 (TOML files are)");
    }
    return parse(file, text);
  }

  /**
   * Parses the text of a configuration file read from {@code file}.
   *
   * @param file the file the text came from, for messages
   * @param text the TOML text
   * @return the configuration, or why it cannot be used (invalid TOML, an unknown key, a value of
   *         the wrong type)
   */
  public static Result parse(Path file, String text) {
    JsonNode root;
    try {
      root = new TomlMapper().readTree(text);
    } catch (JacksonException e) {
      JsonLocation at = e.getLocation();
      return new Invalid(file, at == null ? 0 : Math.max(at.getLineNr(), 0), at == null ? 0 : Math.max(at.getColumnNr(), 0),
          "not TOML: " + PlainText.safeLine(String.valueOf(e.getOriginalMessage())));
    }
    if (root == null || root.isMissingNode()) {
      return new Loaded(new LintConfig(file, Optional.empty(), List.of(), Optional.empty(), Optional.empty()));
    }
    Optional<List<String>> select = Optional.empty();
    List<String> ignore = List.of();
    Optional<String> failOn = Optional.empty();
    Optional<String> format = Optional.empty();
    for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      String key = field.getKey();
      JsonNode value = field.getValue();
      int[] at = locate(text, key);
      switch (key) {
        case "select", "ignore" -> {
          List<String> entries = new ArrayList<>();
          if (!value.isArray()) {
            return new Invalid(file, at[0], at[1], "'" + key + "' must be an array of codes or prefixes, such as [\"divergence\"]");
          }
          for (JsonNode e : value) {
            if (!e.isTextual()) {
              return new Invalid(file, at[0], at[1], "'" + key + "' must hold only strings (codes or prefixes)");
            }
            Optional<String> problem = CodeSelection.problem(e.asText());
            if (problem.isPresent()) {
              int[] entryAt = locate(text, "\"" + e.asText() + "\"", "'" + e.asText() + "'");
              return new Invalid(file, entryAt[0] > 0 ? entryAt[0] : at[0], entryAt[0] > 0 ? entryAt[1] : at[1],
                  "'" + key + "': " + PlainText.safeLine(problem.get()));
            }
            entries.add(e.asText());
          }
          if (key.equals("select")) {
            select = Optional.of(entries);
          } else {
            ignore = entries;
          }
        }
        case "fail-on", "format" -> {
          Set<String> allowed = key.equals("fail-on") ? FAIL_ON : FORMATS;
          if (!value.isTextual() || !allowed.contains(value.asText())) {
            return new Invalid(file, at[0], at[1], "'" + key + "' must be one of " + String.join(", ", allowed.stream().sorted().toList())
                + ", not " + PlainText.safeLine(Text.shorten(value.toString(), 40)));
          }
          if (key.equals("fail-on")) {
            failOn = Optional.of(value.asText());
          } else {
            format = Optional.of(value.asText());
          }
        }
        default -> {
          String suggestion = Spelling.closest(key, KEYS);
          return new Invalid(file, at[0], at[1], "unknown key '" + PlainText.safeLine(Text.shorten(key, 40)) + "'"
              + (suggestion == null ? "" : " (did you mean '" + suggestion + "'?)") + "; the keys are " + String.join(", ", KEYS));
        }
      }
    }
    return new Loaded(new LintConfig(file, select, ignore, failOn, format));
  }

  /**
   * The line and column where {@code needles} first stand: a key at the start of a line (bare,
   * quoted, or as a {@code [table]}), else anywhere; {0, 0} when not found. The TOML reader reports
   * positions only for syntax errors, so the position of a well-formed but wrong key or value is
   * looked up here.
   */
  private static int[] locate(String text, String... needles) {
    List<String> lines = text.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String stripped = line.stripLeading();
      int indent = line.length() - stripped.length();
      for (String n : needles) {
        for (String form : new String[] {n, "\"" + n + "\"", "'" + n + "'", "[" + n + "]", "[" + n + "."}) {
          if (stripped.startsWith(form) && (stripped.length() == form.length() || " \t=.]".indexOf(stripped.charAt(form.length())) >= 0
              || form.endsWith("]") || form.endsWith("."))) {
            return new int[] {i + 1, indent + 1};
          }
        }
      }
    }
    for (int i = 0; i < lines.size(); i++) {
      for (String n : needles) {
        int c = lines.get(i).indexOf(n);
        if (c >= 0) {
          return new int[] {i + 1, c + 1};
        }
      }
    }
    return new int[] {0, 0};
  }
}
