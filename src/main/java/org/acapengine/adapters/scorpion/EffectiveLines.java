package org.acapengine.adapters.scorpion;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.acapengine.hints.CrawlHints;
import org.acapengine.hints.Hint;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Span;

/** Selects a crawler's effective lines and reads them (see {@link ScorpionCrawlerPolicy}). */
final class EffectiveLines {

  /** Everything {@link ScorpionCrawlerPolicy} keeps. */
  record Analysis(
      List<ScorpionLine> effectiveLines,
      Optional<NotUnderstood> notUnderstood,
      Map<ScorpionRule.Category, List<ScorpionRule>> rules,
      CrawlHints hints,
      ScorpionEstimates estimates,
      List<Diagnostic> diagnostics) {

    List<ScorpionRule> rules(ScorpionRule.Category category) {
      return rules.getOrDefault(category, List.of());
    }
  }

  private final ScorpionFile file;
  private final List<Diagnostic> diagnostics = new ArrayList<>();
  private final Map<ScorpionRule.Category, List<ScorpionRule>> rules = new EnumMap<>(ScorpionRule.Category.class);
  private final Map<ScorpionCommand, ScorpionLine> numbers = new EnumMap<>(ScorpionCommand.class);
  private Optional<NotUnderstood> notUnderstood = Optional.empty();

  private EffectiveLines(ScorpionFile file) {
    this.file = file;
  }

  static Analysis analyse(ScorpionFile file, ScorpionCrawler crawler) {
    List<ScorpionLine> effective = select(file.lines(), crawler);
    EffectiveLines reader = new EffectiveLines(file);
    if (file.sizeLimitExceeded()) {
      reader.notUnderstood = Optional.of(new NotUnderstood(Optional.empty(), "the file is larger than the size limit"));
    }
    for (ScorpionLine line : effective) {
      reader.read(line);
    }
    Map<ScorpionRule.Category, List<ScorpionRule>> rules = new EnumMap<>(ScorpionRule.Category.class);
    reader.rules.forEach((k, v) -> rules.put(k, List.copyOf(v)));
    return new Analysis(List.copyOf(effective), reader.notUnderstood, rules, reader.hints(), reader.estimates(),
        List.copyOf(reader.diagnostics));
  }

  /**
   * Lines before the first {@code @} line, then the lines after the first {@code @} line that
   * names the crawler, up to the next {@code @} line.
   */
  static List<ScorpionLine> select(List<ScorpionLine> lines, ScorpionCrawler crawler) {
    List<ScorpionLine> effective = new ArrayList<>();
    int i = 0;
    while (i < lines.size() && !isSection(lines.get(i))) {
      effective.add(lines.get(i++));
    }
    while (i < lines.size() && !(isSection(lines.get(i)) && crawler.answersTo(lines.get(i).parameter()))) {
      i++;
    }
    for (i++; i < lines.size() && !isSection(lines.get(i)); i++) {
      effective.add(lines.get(i));
    }
    return effective;
  }

  private static boolean isSection(ScorpionLine line) {
    return line.command().filter(c -> c == ScorpionCommand.SECTION).isPresent();
  }

  private void read(ScorpionLine line) {
    if (line.isEmpty()) {
      diagnostics.add(Diagnostic.info("scorpion-empty-line",
          "empty line ignored: it has no command byte", "remove the empty line", span(line)));
      return;
    }
    Optional<String> problem = line.problem();
    if (problem.isPresent()) {
      notUnderstoodLine(line, problem.get());
      return;
    }
    ScorpionCommand command = line.command().orElseThrow();
    switch (command.parameter()) {
      case PREFIX:
        addRule(line, command);
        break;
      case NUMBER:
        addNumber(line, command);
        break;
      default:
        break; // comments; SECTION lines are never effective
    }
  }

  private void notUnderstoodLine(ScorpionLine line, String problem) {
    if (line.skippableIfNotUnderstood()) {
      diagnostics.add(Diagnostic.info("scorpion-skipped-line",
          "line skipped: " + problem + " (bit 5 of the command byte is set, so it may be skipped)",
          "", span(line)));
      return;
    }
    diagnostics.add(Diagnostic.error("scorpion-not-understood",
        problem + "; bit 5 of the command byte is clear, so the whole file is not understood and the crawler may crawl nothing",
        "fix the line, or use a command byte with bit 5 set (lower case) for lines crawlers may skip",
        span(line)));
    if (notUnderstood.isEmpty()) {
      notUnderstood = Optional.of(new NotUnderstood(Optional.of(line), "line " + line.number() + ": " + problem));
    }
  }

  private void addRule(ScorpionLine line, ScorpionCommand command) {
    ScorpionRule rule = new ScorpionRule(command, line.parameter(), line.number());
    rules.computeIfAbsent(rule.category(), k -> new ArrayList<>()).add(rule);
    if (hasWhitespaceOrControl(line.parameter())) {
      diagnostics.add(Diagnostic.warning("scorpion-prefix-whitespace",
          "the prefix contains white space or control bytes; they are part of the prefix and compared literally",
          "remove trailing spaces and tabs", span(line)));
    }
  }

  private void addNumber(ScorpionLine line, ScorpionCommand command) {
    if (line.numberSaturated()) {
      diagnostics.add(Diagnostic.info("scorpion-number-saturated",
          "number larger than 2^63-1; read as 2^63-1", "", span(line)));
    }
    ScorpionLine first = numbers.putIfAbsent(command, line);
    if (first != null) {
      diagnostics.add(Diagnostic.info("scorpion-repeated-number",
          "command '" + command.code() + "' was already given at line " + first.number() + "; this one is ignored",
          "give each number command once per section", span(line)));
    }
  }

  private CrawlHints hints() {
    CrawlHints hints = CrawlHints.none();
    for (Map.Entry<ScorpionCommand, ScorpionLine> e : numbers.entrySet()) {
      ScorpionLine line = e.getValue();
      long value = line.numberValue().orElseThrow();
      SourceLine source = new SourceLine(file.sourceName(), line.number(), line.text());
      switch (e.getKey()) {
        case MAX_FILES:
          hints = hints.withMaxFiles(new Hint<>(value, source));
          break;
        case MAX_PARALLEL:
          hints = hints.withMaxParallelDownloads(new Hint<>(value, source));
          break;
        case MIN_DELAY:
          hints = hints.withMinDelay(new Hint<>(Duration.ofSeconds(value), source));
          break;
        case RESTART_DELAY:
          hints = hints.withRevisitInterval(new Hint<>(Duration.ofSeconds(value), source));
          break;
        case POLICY_REFETCH:
          hints = hints.withPolicyRefetchInterval(new Hint<>(Duration.ofSeconds(value), source));
          break;
        default:
          break; // estimates
      }
    }
    return hints;
  }

  private ScorpionEstimates estimates() {
    return new ScorpionEstimates(value(ScorpionCommand.ESTIMATED_FILES), value(ScorpionCommand.ESTIMATED_SIZE));
  }

  private Optional<Long> value(ScorpionCommand command) {
    return Optional.ofNullable(numbers.get(command)).map(l -> l.numberValue().orElseThrow());
  }

  private static boolean hasWhitespaceOrControl(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c <= 0x20 || c == 0x7F) {
        return true;
      }
    }
    return false;
  }

  private static Span span(ScorpionLine line) {
    return Span.wholeLine(line.number(), line.text().length());
  }
}
