package org.acapengine.lint;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.acapengine.internal.json.Json;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Severity;

/**
 * SARIF 2.1.0: one run whose tool driver is acap-engine (with its {@code informationUri} and
 * {@code semanticVersion}), with a rule for each code the results use (id, short and full
 * description, help as text and Markdown, {@code helpUri} at the code's section of
 * docs/lint-rules.md, default level), and a result per finding with its rule,
 * level, message and location (artifact URI and region; columns in UTF-16 code units, the end
 * column exclusive as SARIF counts it).
 */
public final class SarifReport implements Report {

  /** The OASIS schema of SARIF 2.1.0 (errata 01). */
  public static final String SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

  /**
   * acap-engine's version: the jar manifest's, or {@code 0.1.0-dev} when run from classes (tests,
   * an IDE), as {@code acap --version} says.
   */
  static final String VERSION = version();

  private static String version() {
    String v = SarifReport.class.getPackage().getImplementationVersion();
    return v == null ? "0.1.0-dev" : v;
  }

  @Override
  public String render(List<Finding> findings, int fileCount) {
    Map<String, Rule> used = new TreeMap<>();
    for (Finding f : findings) {
      String code = f.diagnostic().code();
      used.computeIfAbsent(code, c -> LintRules.byCode(c).orElseGet(() -> unknownRule(f.diagnostic())));
    }
    ObjectNode log = Json.object();
    log.put("$schema", SCHEMA);
    log.put("version", "2.1.0");
    ObjectNode run = log.putArray("runs").addObject();
    ObjectNode driver = run.putObject("tool").putObject("driver");
    driver.put("name", "acap-engine");
    driver.put("informationUri", LintRules.PROJECT_URL);
    driver.put("version", VERSION);
    driver.put("semanticVersion", VERSION);
    ArrayNode rules = driver.putArray("rules");
    Map<String, Integer> index = new TreeMap<>();
    for (Rule r : used.values()) {
      index.put(r.code(), index.size());
      ObjectNode n = rules.addObject();
      n.put("id", r.code());
      n.putObject("shortDescription").put("text", r.title());
      n.putObject("fullDescription").put("text", sentence(r.title()) + " " + r.help());
      ObjectNode help = n.putObject("help");
      help.put("text", r.help());
      help.put("markdown", "**" + markdown(r.code()) + "** (" + r.severity().label() + ", reported by " + r.origin() + "): "
          + markdown(r.title()) + ".\n\n" + markdown(r.help()) + "\n\n[docs/lint-rules.md#" + r.code() + "](" + LintRules.helpUri(r.code()) + ")");
      n.put("helpUri", LintRules.helpUri(r.code()));
      n.putObject("defaultConfiguration").put("level", level(r.severity()));
      n.putObject("properties").putArray("tags").add(r.origin());
    }
    run.put("columnKind", "utf16CodeUnits");
    ArrayNode results = run.putArray("results");
    for (Finding f : findings) {
      Diagnostic d = f.diagnostic();
      ObjectNode n = results.addObject();
      n.put("ruleId", d.code());
      n.put("ruleIndex", index.get(d.code()));
      n.put("level", level(d.severity()));
      n.putObject("message").put("text", d.message());
      ObjectNode physical = n.putArray("locations").addObject().putObject("physicalLocation");
      physical.putObject("artifactLocation").put("uri", uri(f.file()));
      ObjectNode region = physical.putObject("region");
      region.put("startLine", d.span().line());
      region.put("startColumn", d.span().column());
      region.put("endLine", d.span().endLine());
      region.put("endColumn", d.span().endColumn() + 1);
    }
    return Json.pretty(log) + "\n";
  }

  /** A title as a sentence: capital first letter, full stop. */
  static String sentence(String title) {
    String t = title.isEmpty() ? title : Character.toUpperCase(title.charAt(0)) + title.substring(1);
    return t.endsWith(".") ? t : t + ".";
  }

  /**
   * Our own text (titles, help) for Markdown: the characters Markdown reads as inline markup
   * backslash-escaped (none of our texts starts a line with a block marker).
   */
  static String markdown(String text) {
    StringBuilder sb = new StringBuilder(text.length() + 8);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if ("\\`*_[]<>|".indexOf(c) >= 0) {
        sb.append('\\');
      }
      sb.append(c);
    }
    return sb.toString();
  }

  private static Rule unknownRule(Diagnostic d) {
    return new Rule(d.code(), d.severity(), d.code(), d.help(), "unknown");
  }

  static String level(Severity s) {
    return switch (s) {
      case ERROR -> "error";
      case WARNING -> "warning";
      case INFO -> "note";
    };
  }

  /**
   * The artifact URI of a file named on the command line: a relative path stays relative (with
   * {@code /} separators and percent-encoding), an absolute one becomes a {@code file:} URI,
   * standard input is {@code stdin}.
   */
  static String uri(String file) {
    if (file.equals("-")) {
      return "stdin";
    }
    String path = file.replace('\\', '/');
    while (path.startsWith("./")) {
      path = path.substring(2);
    }
    int slash = path.indexOf('/');
    if (path.substring(0, slash < 0 ? path.length() : slash).indexOf(':') >= 0) {
      path = "./" + path; // not to be read as a scheme
    }
    try {
      if (Path.of(file).isAbsolute()) {
        return Path.of(file).toUri().toASCIIString();
      }
      return new URI(null, null, path, null).toASCIIString();
    } catch (URISyntaxException | RuntimeException e) {
      return path;
    }
  }
}
