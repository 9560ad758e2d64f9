package org.acapengine.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.acapengine.eval.Basis;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Explanation;
import org.acapengine.eval.Precedence;
import org.acapengine.eval.Query;
import org.acapengine.eval.Selection;
import org.acapengine.model.Qualifier;
import org.acapengine.model.SourceLine;

/**
 * An {@link Explanation} for a person: every sentence of an explanation is written here, from the
 * codes and facts the evaluator records (the reason, each rule's note and derivation, the
 * comparisons' method, the selection), so that wording changes in one file and JSON consumers get
 * stable codes beside the prose ({@link DecisionRender#explainJson}).
 *
 * <pre>{@code
 * Explanation why = policy.explain(query);
 * System.out.print(ExplanationText.of(why));        // what `acap explain` prints
 * }</pre>
 *
 * <p>The text is bounded: at most {@value #SHOWN_LINES} deciding lines and {@value
 * #SHOWN_QUALIFIERS} qualifiers are written, then how many more there are; the rules are those the
 * explanation lists ({@code CompiledPolicy.explain(query, maxRules)}), with a count of the rest by
 * outcome. Every quoted text of the policy goes through {@link PlainText#safe}.
 */
public final class ExplanationText {

  /** Deciding lines written at most; the rest are counted. */
  public static final int SHOWN_LINES = 20;
  /** Qualifiers written at most; the rest are counted. */
  public static final int SHOWN_QUALIFIERS = 50;
  /** Longer paths are shortened to this many characters in a rule's note (the query keeps the whole path). */
  static final int MAX_QUOTED_PATH = 200;

  private ExplanationText() {}

  /**
   * The explanation as text, the rules that apply to the usage only: what {@code acap explain}
   * prints.
   *
   * @param x the explanation
   * @return the text, lines ending with LF, escaped for a terminal
   */
  public static String of(Explanation x) {
    return of(x, false);
  }

  /**
   * The explanation as text; {@code all} includes the rules that do not apply (what {@code acap
   * explain --all} prints).
   *
   * @param x the explanation
   * @param all true to include the rules that do not apply
   * @return the text, lines ending with LF, escaped for a terminal
   */
  public static String of(Explanation x, boolean all) {
    StringBuilder sb = new StringBuilder();
    Query q = x.query();
    Decision d = x.decision();
    sb.append("crawler ").append(String.join(", ", q.crawlers())).append(", usage ").append(q.usage())
        .append(q.purpose().map(p -> ", purpose " + p).orElse("")).append(", path ").append(q.path()).append('\n');
    sb.append("verdict: ").append(d.allowed() ? "ALLOWED" : "PROHIBITED").append(" (").append(d.basis().label()).append(")\n");
    if (d.deciding().isEmpty()) {
      sb.append("deciding line: none\n");
    } else {
      List<SourceLine> lines = d.deciding();
      for (int i = 0, n = Math.min(lines.size(), SHOWN_LINES); i < n; i++) {
        SourceLine e = lines.get(i);
        sb.append("deciding line: ").append(e.line() > 0 ? e.source() + ":" + e.line() + ": " : "").append(e.text()).append('\n');
      }
      if (lines.size() > SHOWN_LINES) {
        sb.append("deciding lines: ").append(lines.size() - SHOWN_LINES).append(" more (").append(lines.size()).append(" in all)\n");
      }
    }
    if (!d.qualifiers().isEmpty()) {
      sb.append("qualifiers:");
      List<Qualifier> qs = d.qualifiers();
      for (int i = 0, n = Math.min(qs.size(), SHOWN_QUALIFIERS); i < n; i++) {
        sb.append(' ').append(qs.get(i).typeName()).append('=').append(qs.get(i).value());
      }
      if (qs.size() > SHOWN_QUALIFIERS) {
        sb.append(" … and ").append(qs.size() - SHOWN_QUALIFIERS).append(" more");
      }
      sb.append('\n');
    }
    sb.append("why: ").append(reason(x)).append('\n');
    sb.append("selection:\n");
    for (String s : selection(x.selection())) {
      sb.append("  - ").append(s).append('\n');
    }
    List<Explanation.Step> shown = new ArrayList<>();
    for (Explanation.Step s : x.rules()) {
      if (all || s.outcome() != Explanation.Outcome.NOT_APPLICABLE) {
        shown.add(s);
      }
    }
    Explanation.Summary summary = x.summary();
    long considered = all ? summary.total() : summary.total() - summary.considered().get(Explanation.Outcome.NOT_APPLICABLE);
    // With a referenced file, a line number alone is ambiguous: name each line with its file.
    boolean severalFiles = x.rules().stream().map(s -> s.evidence().source()).distinct().count() > 1;
    sb.append("rules considered").append(all ? "" : " (for this usage)").append(": ").append(considered);
    if (summary.cut()) {
      sb.append(", the first ").append(shown.size()).append(" by line listed");
    }
    sb.append('\n');
    for (Explanation.Step s : shown) {
      sb.append("  ").append(where(s.evidence(), severalFiles)).append(' ').append(s.kind()).append(' ').append(label(s.outcome())).append(": ")
          .append(s.evidence().text());
      if (!s.derivation().isNone()) {
        sb.append("  [").append(derivation(s.derivation())).append(']');
      }
      sb.append("\n      ").append(note(x, s)).append('\n');
    }
    if (summary.cut()) {
      sb.append("  not listed:");
      for (Map.Entry<Explanation.Outcome, Long> e : summary.considered().entrySet()) {
        long listed = x.rules().stream().filter(s -> s.outcome() == e.getKey()).count();
        if (e.getValue() > listed && (all || e.getKey() != Explanation.Outcome.NOT_APPLICABLE)) {
          sb.append(' ').append(label(e.getKey())).append(' ').append(e.getValue() - listed);
        }
      }
      sb.append('\n');
    }
    if (!x.comparisons().isEmpty()) {
      sb.append("comparisons:\n");
      for (Explanation.Comparison c : x.comparisons()) {
        sb.append("  ").append(where(c.first(), severalFiles)).append(" '").append(c.firstPattern()).append("' is ").append(order(c.order()))
            .append(' ').append(where(c.second(), severalFiles)).append(" '").append(c.secondPattern()).append("' (").append(method(c.method()))
            .append(")\n");
      }
    }
    return PlainText.safe(sb.toString());
  }

  /** An outcome or code as output names it: lower-case, hyphenated. */
  static String label(Enum<?> code) {
    return code.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * Why the decision is what it is, in one sentence.
   *
   * @param x the explanation
   * @return the sentence
   */
  public static String reason(Explanation x) {
    Explanation.Reason r = x.reason();
    switch (r.code()) {
      case NAMED_REFERENCE_UNLOADED:
        return "a permissions reference of a record naming the crawler could not be loaded (" + r.referenceFailure().orElse("not loaded")
            + "), so every ACAP usage is prohibited";
      case ANY_REFERENCE_UNLOADED:
        return "no field of a record naming the crawler matches, and the any-crawler record's permissions reference could not be loaded ("
            + r.referenceFailure().orElse("not loaded") + "), so the usage is prohibited";
      case NOTHING_MATCHES:
        return "no ACAP field and no conventional rule for this usage matches the path, so it is allowed by default";
      case NO_CONVENTIONAL_RULE_MATCHES:
        return "no conventional rule matches the path, so crawling is allowed by default";
      case UNRESOLVED_CONFLICT:
        return "equally narrow rules disagree and the narrowest-scope method cannot rank them, so the usage is prohibited (2.4.5)";
      case ROBOTS_TXT:
        return "/robots.txt itself may always be crawled (RFC 9309 2.2.2), whatever the fields say";
      default:
        boolean acapMethod = r.method().orElse(Precedence.NARROWEST_SCOPE) == Precedence.NARROWEST_SCOPE;
        String tieRule = !r.tie() ? "" : acapMethod
            ? "an explicit permission of equal scope beats disallow-other (2.5.6); "
            : "equally long Allow and Disallow rules match and RFC 9309 2.2.2 uses the Allow rule; ";
        Decision d = x.decision();
        String by = d.basis() == Basis.CONVENTIONAL_RULE ? "the conventional rule" : "the ACAP field";
        return tieRule + (d.allowed() ? "allowed" : "prohibited") + " by " + by + (r.winners() > 1 ? "s" : "") + " with the "
            + (acapMethod ? "narrowest scope" : "longest match") + " among those matching " + x.query().path();
    }
  }

  /**
   * Why a rule had its outcome, in one sentence.
   *
   * @param x the explanation the step is of
   * @param s the step
   * @return the sentence
   */
  public static String note(Explanation x, Explanation.Step s) {
    Explanation.Note n = s.note();
    String other = n.other().map(o -> lineOf(o, s.evidence())).orElse("another line");
    switch (n.why()) {
      case OTHER_USAGE:
        return "for usage " + s.usage() + ", not " + x.query().usage();
      case NO_PURPOSE_STATED:
        return "in a sub-record for a usage purpose, and the query states none";
      case OTHER_PURPOSES:
        return "in a sub-record for other usage purposes";
      case DOES_NOT_MATCH:
        String path = x.query().path();
        // A hostile 8 KB path quoted in each of thousands of notes would be megabytes: shorten it here.
        String shown = path.length() <= MAX_QUOTED_PATH ? path : path.substring(0, MAX_QUOTED_PATH) + "… (" + path.length() + " characters)";
        return "'" + s.pattern() + "' does not match " + shown;
      case NAMED_RECORDS_MATCH:
        return "records naming the crawler have matching fields for this usage, and they override records for any crawler (2.2)";
      case SAME_PATTERN_AS_ACAP_FIELD:
        return "the ACAP field on " + other + " has the same pattern; the conventional rule is ignored (2.9.2)";
      case NARROWER_SCOPE:
        return "'" + n.otherPattern().orElse("") + "' (" + other + ") has a narrower scope";
      case UNRANKABLE:
        return "as narrow as a rule with the opposite verdict: 2.4.5 cannot rank them, so the usage is prohibited";
      case DISALLOW_OTHER_YIELDS:
        return "disallow-other never defeats an explicit permission for the usage of equal scope (2.5.6)";
      case ALLOW_WINS_TIE:
        return "equally long as an Allow rule: RFC 9309 uses the Allow rule";
      case UNHONOURABLE_QUALIFIER:
        return "a permission with a qualifier the crawler cannot honour counts as a prohibition (2.5.5.2.3)";
      case REFERENCE_UNLOADED:
        return "matches, but the permissions reference on " + other + " could not be loaded, and that prohibits the usage (2.3.2)";
      default:
        return "decides";
    }
  }

  /**
   * How a rule came from definitions: "via composite usage basic-usages (line 31), resource set
   * crawlable (line 25)"; empty for a rule written directly.
   *
   * @param d the derivation
   * @return the phrase
   */
  public static String derivation(Explanation.Derivation d) {
    String via = d.composite().map(c -> "via composite usage " + c.name() + " (line " + c.line() + ")"
        + d.qualified().map(q -> " and qualified usage " + q.name()).orElse(""))
        .orElseGet(() -> d.qualified().map(q -> "via qualified usage " + q.name() + " (line " + q.line() + ")").orElse(""));
    String set = d.resourceSet().map(s -> "resource set " + s.name() + " (line " + s.line() + ")").orElse("");
    return set.isEmpty() ? via : via.isEmpty() ? set : via + ", " + set;
  }

  /**
   * A precedence method in words.
   *
   * @param p the method
   * @return its name and section
   */
  public static String method(Precedence p) {
    return p == Precedence.LONGEST_MATCH ? "longest-match (RFC 9309 2.2.2)" : "narrowest-scope (ACAP 2.4.5)";
  }

  static String order(Precedence.Order o) {
    switch (o) {
      case NARROWER:
        return "narrower than";
      case BROADER:
        return "broader than";
      case SAME:
        return "as narrow as";
      default:
        return "not comparable with";
    }
  }

  /** "line N", naming the file too when it is not the file of the line the note is about (a referenced file). */
  static String lineOf(SourceLine line, SourceLine about) {
    return line.source().equals(about.source()) ? "line " + line.line() : "line " + line.line() + " of " + line.source();
  }

  private static String where(SourceLine e, boolean withFile) {
    return withFile ? e.source() + ":" + e.line() : "line " + e.line();
  }

  /**
   * How the crawler's records and groups were chosen, one sentence each.
   *
   * @param s the selection
   * @return the sentences
   */
  public static List<String> selection(Selection s) {
    List<String> out = new ArrayList<>();
    for (Selection.Reference r : s.references()) {
      if (r instanceof Selection.Failed f) {
        out.add("the permissions reference on line " + f.line() + " (" + f.locator() + ") could not be loaded: " + f.why());
      } else if (r instanceof Selection.Followed f) {
        out.add("line " + f.recordLine() + " refers to " + f.file() + ", whose records for this crawler are read as if they stood in this record");
      } else if (r instanceof Selection.NotFollowed n) {
        out.add(n.file() + " line " + n.recordLine() + ": a reference inside a referenced file is not followed (2.3.2)");
      }
    }
    List<Integer> named = s.namedRecordLines();
    List<Integer> any = s.anyRecordLines();
    if (!named.isEmpty()) {
      out.add("ACAP records naming the crawler: " + lines(named) + "; records for any crawler apply only where none of their fields does");
    } else if (!any.isEmpty()) {
      out.add("no ACAP record names the crawler; records for any crawler (ACAP-crawler: *): " + lines(any));
    } else {
      out.add("no ACAP record applies to the crawler");
    }
    if (!any.isEmpty() && !named.isEmpty()) {
      out.add("records for any crawler: " + lines(any));
    }
    List<Selection.Group> groups = s.groups();
    if (groups.isEmpty()) {
      out.add("no conventional group applies to the crawler");
    } else {
      StringBuilder sb = new StringBuilder("conventional group");
      sb.append(groups.size() > 1 ? "s" : "").append(" for the crawler (RFC 9309): ");
      for (int i = 0; i < groups.size(); i++) {
        Selection.Group g = groups.get(i);
        sb.append(i > 0 ? ", " : "").append("line ").append(g.line()).append(" (User-agent: ").append(g.userAgent()).append(')');
      }
      if (s.ignoresConventional()) {
        sb.append("; ignored by ACAP crawlers: the file says ACAP-ignore-conventional-records (2.9.1)");
      } else {
        sb.append("; they apply to ").append(String.join(", ", s.conventionalAppliesTo()));
      }
      out.add(sb.toString());
    }
    return out;
  }

  /** "line 4" or "lines 4, 9". */
  private static String lines(List<Integer> l) {
    StringBuilder sb = new StringBuilder(l.size() > 1 ? "lines " : "line ");
    for (int i = 0; i < l.size(); i++) {
      sb.append(i > 0 ? ", " : "").append(l.get(i));
    }
    return sb.toString();
  }
}
