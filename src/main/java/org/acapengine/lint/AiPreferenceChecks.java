package org.acapengine.lint;

import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.acapengine.adapters.aipref.ContentUsageRule;
import org.acapengine.adapters.aipref.UsagePreferences;
import org.acapengine.adapters.contentsignal.ContentSignal;
import org.acapengine.audit.Audit;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.ExtensionField;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Span;
import org.acapengine.model.UserAgentLine;
import org.acapengine.model.Verdict;
import org.acapengine.site.PolicySource;
import org.acapengine.site.SitePolicy;
import org.acapengine.site.SourceVerdict;

/**
 * The robots.txt's AI usage preferences (Content-Signal, AIPREF Content-Usage; docs/formats.md):
 * lines no crawler reads, pairs and values that state nothing, labels outside the vocabulary,
 * Content-Usage rules on paths the group disallows, and a crawler and purpose for which the
 * file's ACAP fields, Content-Signal and Content-Usage disagree.
 */
final class AiPreferenceChecks {

  /** The field names these checks own (lower-case). */
  static final Set<String> FIELDS = Set.of("content-signal", "content-usage");

  private AiPreferenceChecks() {}

  /**
   * Adds the findings for {@code doc} to {@code out}.
   *
   * @param others the site's other policy files, compared with the robots.txt for divergence
   * @param now the instant an llm-policy.json's {@code effective} is compared with
   */
  static void check(PolicyDocument doc, CompiledPolicy policy, List<PolicySource> others, Instant now, List<Diagnostic> out) {
    for (ExtensionField f : doc.fileFields()) {
      if (FIELDS.contains(f.key())) {
        out.add(LintCode.PREFERENCE_OUTSIDE_GROUP.at(f.span(), "'" + Text.shorten(f.name() + ": " + f.value(), 60)
            + "' stands " + (f.insideAcapRecord() ? "inside an ACAP record" : "before any User-agent line") + ", so it applies to no crawler"));
      }
    }
    notInherited(doc, out);
    licenses(doc, out);
    boolean any = false;
    for (ConventionalGroup g : doc.conventionalGroups()) {
      for (ExtensionField f : g.fields()) {
        if (f.key().equals("content-signal")) {
          any = true;
          contentSignal(doc, f, out);
        } else if (f.key().equals("content-usage")) {
          any = true;
          contentUsage(doc, g, f, policy, out);
        }
      }
    }
    if (any || !others.isEmpty()) {
      divergence(doc, policy, others, now, out);
    }
  }

  /**
   * A preference line of a {@code *} group that the crawlers with groups of their own (and no
   * line of that field there) never read: RFC 9309 gives a crawler one group.
   */
  private static void notInherited(PolicyDocument doc, List<Diagnostic> out) {
    for (ConventionalGroup g : doc.conventionalGroups()) {
      if (!isWildcard(g)) {
        continue;
      }
      for (ExtensionField f : g.fields()) {
        if (!FIELDS.contains(f.key())) {
          continue;
        }
        List<String> missed = new java.util.ArrayList<>();
        for (ConventionalGroup other : doc.conventionalGroups()) {
          if (!isWildcard(other) && other.fields().stream().noneMatch(o -> o.key().equals(f.key()))) {
            missed.add(other.userAgents().get(0).value().strip() + " (line " + other.span().line() + ")");
          }
        }
        if (!missed.isEmpty()) {
          String names = String.join(", ", missed.subList(0, Math.min(5, missed.size()))) + (missed.size() > 5 ? " and " + (missed.size() - 5) + " more" : "");
          out.add(LintCode.PREFERENCE_NOT_INHERITED.at(f.span(), "'" + Text.shorten(f.name() + ": " + f.value(), 60) + "' is in the 'User-agent: *' group,"
              + " so it does not reach the crawlers with groups of their own: " + names + "; RFC 9309 gives a crawler one group"));
        }
      }
    }
  }

  private static boolean isWildcard(ConventionalGroup g) {
    return g.userAgents().stream().anyMatch(ua -> org.acapengine.eval.match.ProductToken.of(ua.value()).equals(org.acapengine.eval.match.ProductToken.WILDCARD));
  }

  /** RSL License: lines must give an absolute http(s) URL. */
  private static void licenses(PolicyDocument doc, List<Diagnostic> out) {
    for (org.acapengine.model.LicenseReference l : doc.licenses()) {
      String u = l.url().toLowerCase(java.util.Locale.ROOT);
      if (!(u.startsWith("http://") || u.startsWith("https://")) || u.indexOf('/', u.indexOf("//") + 2) == u.indexOf("//") + 2) {
        out.add(LintCode.LICENSE_NOT_ABSOLUTE.at(l.span(), "'License: " + Text.shorten(l.url(), 60)
            + "' is not an absolute http(s) URL; crawlers will not find the licence"));
      }
    }
  }

  private static void contentSignal(PolicyDocument doc, ExtensionField f, List<Diagnostic> out) {
    ContentSignal s = ContentSignal.parse(f.value());
    for (ContentSignal.Problem p : s.problems()) {
      String why = switch (p.kind()) {
        case MALFORMED_PAIR -> "is not key=value";
        case UNKNOWN_KEY -> "has a key that is not search, ai-input, ai-train or use";
        case BAD_VALUE -> "has a value that is not " + (p.text().toLowerCase(java.util.Locale.ROOT).startsWith("use") ? "immediate, reference or full" : "yes or no");
      };
      out.add(LintCode.MALFORMED_CONTENT_SIGNAL.at(at(doc, f, p.offset(), p.text().length()), "'" + Text.shorten(p.text(), 40) + "' " + why + "; it states nothing"));
    }
  }

  private static void contentUsage(PolicyDocument doc, ConventionalGroup g, ExtensionField f, CompiledPolicy policy, List<Diagnostic> out) {
    ContentUsageRule rule = ContentUsageRule.parse(f.value());
    UsagePreferences prefs = rule.preferences();
    if (prefs.failure().isPresent()) {
      String value = f.value().substring(Math.min(rule.valueOffset(), f.value().length()));
      out.add(LintCode.MALFORMED_CONTENT_USAGE.at(at(doc, f, rule.valueOffset() + prefs.failure().get().offset(), 1),
          "'" + Text.shorten(value, 40) + "' is not a Structured Fields Dictionary (" + prefs.failure().get().reason()
              + "), so it states no preference at all"));
    }
    for (String label : prefs.unknownLabels()) {
      String draft = UsagePreferences.LEGACY.get(label);
      out.add(LintCode.UNKNOWN_CONTENT_USAGE_LABEL.at(f.span(), "'" + Text.shorten(label, 30) + "' "
          + (draft != null ? "is a label of draft-ietf-aipref-vocab" + draft + "; vocab-08 readers ignore it"
              : "is not in the vocabulary of draft-ietf-aipref-vocab-08 (train-ai, ai-use, search); it is ignored")
          + (label.equals("train-genai") ? ": write train-ai" : "")));
    }
    if (rule.path().isPresent() && !g.userAgents().isEmpty()) {
      UserAgentLine ua = g.userAgents().get(0);
      String path = literalPrefix(rule.path().get());
      if (!policy.decideConventionalOnly(List.of(ua.value().isBlank() ? "*" : ua.value().strip()), path).allowed()) {
        out.add(LintCode.PREFERENCE_ON_DISALLOWED_PATH.at(f.span(), "'" + Text.shorten(f.name() + ": " + f.value(), 60)
            + "' is for " + Text.shorten(rule.path().get(), 40) + ", which the group's rules disallow, so it has no effect"));
      }
    }
  }

  /**
   * One finding per crawler (the first User-agent of each group, and {@code *} when other files are
   * given) and purpose where two sources (the robots.txt's ACAP fields, Content-Signal,
   * Content-Usage, and the other files) disagree on using '/', each purpose asked as the usage
   * {@code acap audit} asks it as. The finding stands on the refusing line when the robots.txt
   * holds it, else on the allowing one, else on line 1.
   */
  private static void divergence(PolicyDocument doc, CompiledPolicy policy, List<PolicySource> others, Instant now, List<Diagnostic> out) {
    SitePolicy.Builder b = SitePolicy.builder().robots(policy);
    others.forEach(b::source);
    SitePolicy site = b.build();
    String robotsName = site.sources().get(0).name();
    Set<String> crawlers = new LinkedHashSet<>();
    for (ConventionalGroup g : doc.conventionalGroups()) {
      String crawler = g.userAgents().get(0).value().strip();
      if (!crawler.isEmpty()) {
        crawlers.add(crawler);
      }
    }
    if (!others.isEmpty()) {
      crawlers.add("*");
    }
    for (String crawler : crawlers) {
      for (Map.Entry<String, String> purpose : Audit.PURPOSES.entrySet()) {
        Query q = Query.builder().crawler(crawler).usage(purpose.getValue()).purpose(purpose.getKey()).url("/").build();
        Optional<SourceVerdict> allows = Optional.empty();
        Optional<SourceVerdict> refuses = Optional.empty();
        for (PolicySource s : site.sources()) {
          SourceVerdict v = s.decide(q, now);
          if (v.evidence().isEmpty()) {
            continue;
          }
          if (v.verdict() == Verdict.ALLOWED && allows.isEmpty()) {
            allows = Optional.of(v);
          } else if (v.verdict() == Verdict.PROHIBITED && refuses.isEmpty()) {
            refuses = Optional.of(v);
          }
        }
        if (allows.isPresent() && refuses.isPresent()) {
          int line = onRobots(refuses.get(), robotsName) ? refuses.get().evidence().get(0).line()
              : onRobots(allows.get(), robotsName) ? allows.get().evidence().get(0).line() : 1;
          out.add(LintCode.PREFERENCE_DIVERGENCE.at(Span.wholeLine(line, doc.source().line(line).length()),
              Text.shorten(crawler, 40) + ", purpose " + purpose.getKey() + ": " + where(allows.get(), robotsName)
                  + " allows using the content, " + where(refuses.get(), robotsName) + " refuses it"));
        }
      }
    }
  }

  private static boolean onRobots(SourceVerdict v, String robotsName) {
    return v.source().equals(robotsName);
  }

  /** "line 7 (content-signal)" for the robots.txt, "tdmrep.json line 3 (tdmrep)" for another file. */
  private static String where(SourceVerdict v, String robotsName) {
    String line = "line " + v.evidence().get(0).line() + " (" + v.kind() + ")";
    return onRobots(v, robotsName) ? line : Text.shorten(v.source(), 60) + " " + line;
  }

  private static String literalPrefix(String pattern) {
    int star = pattern.indexOf('*');
    String p = star < 0 ? pattern : pattern.substring(0, star);
    return p.endsWith("$") ? p.substring(0, p.length() - 1) : p;
  }

  /** The span of {@code length} characters at {@code offset} within the field's value, else the field's span. */
  private static Span at(PolicyDocument doc, ExtensionField f, int offset, int length) {
    String text = doc.source().line(f.span().line());
    int valueStart = text.indexOf(f.value());
    if (valueStart < 0 || offset < 0 || valueStart + offset >= text.length()) {
      return f.span();
    }
    int column = valueStart + offset + 1;
    return Span.ofLine(f.span().line(), column, Math.min(Math.max(1, length), text.length() - column + 1));
  }
}
