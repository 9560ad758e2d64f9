package org.acapengine.lint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.acapengine.eval.match.PercentEncoding;
import org.acapengine.eval.match.ProductToken;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.AcapSubRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ConventionalRule;
import org.acapengine.model.CrawlerName;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.PurposePattern;
import org.acapengine.model.Qualifier;
import org.acapengine.model.ResourceSpec;
import org.acapengine.model.Span;
import org.acapengine.model.UsageRef;
import org.acapengine.model.UserAgentLine;

/**
 * Fields and rules that can never decide anything: one that repeats an earlier one for the same
 * crawler, and a permission and a prohibition with the identical pattern for the same crawler and
 * usage. Fields are compared per crawler, so records naming the same crawler are read together
 * (as the evaluator merges them) and a record for any crawler is a tier of its own; conventional
 * rules are compared per product token over all groups naming it (RFC 9309 merges them).
 */
final class DeadFieldChecks {

  /** For whom, in which sub-record (purposes), for which usage and on which pattern a field speaks. */
  private record Scope(String crawler, String purposes, String usage, String pattern) {}

  /** A field already seen in a scope. */
  private record Seen(boolean allow, String qualifiers, Span span) {}

  private final PolicyDocument doc;
  private final List<Diagnostic> out;
  private final Map<Scope, List<Seen>> seen = new HashMap<>();
  private final Set<String> reported = new HashSet<>();

  private DeadFieldChecks(PolicyDocument doc, List<Diagnostic> out) {
    this.doc = doc;
    this.out = out;
  }

  static void check(PolicyDocument doc, List<Diagnostic> out) {
    DeadFieldChecks c = new DeadFieldChecks(doc, out);
    for (AcapRecord r : doc.acapRecords()) {
      Map<String, String> crawlers = crawlers(r);
      for (AcapField f : r.fields()) {
        c.acapField(f, "general", crawlers);
      }
      for (AcapSubRecord s : r.subRecords()) {
        if (s.purposes().isEmpty()) {
          continue; // opened only by malformed usage-purpose fields: its fields apply to nothing
        }
        TreeSet<String> purposes = new TreeSet<>();
        for (PurposePattern p : s.purposes()) {
          purposes.add(p.pattern().toLowerCase(Locale.ROOT));
        }
        String key = "purposes " + String.join(" ", purposes);
        for (AcapField f : s.fields()) {
          c.acapField(f, key, crawlers);
        }
      }
    }
    for (ConventionalGroup g : doc.conventionalGroups()) {
      Map<String, String> agents = userAgents(g);
      for (ConventionalRule rule : g.rules()) {
        c.conventionalRule(rule, agents);
      }
    }
  }

  /** The record's crawlers: key (crawler token, case-folded, or {@code *}) to the name as written. */
  private static Map<String, String> crawlers(AcapRecord r) {
    Map<String, String> out = new LinkedHashMap<>();
    for (CrawlerName c : r.crawlers()) {
      if (c.isAnyCrawler()) {
        out.putIfAbsent("*", "*");
      } else {
        String token = ProductToken.of(c.name());
        out.putIfAbsent(ProductToken.fold(token.isEmpty() ? c.name() : token), c.name());
      }
    }
    return out;
  }

  private static Map<String, String> userAgents(ConventionalGroup g) {
    Map<String, String> out = new LinkedHashMap<>();
    for (UserAgentLine ua : g.userAgents()) {
      String token = ProductToken.of(ua.value());
      if (!token.isEmpty()) {
        out.putIfAbsent(ProductToken.fold(token), token);
      }
    }
    return out;
  }

  // ---- ACAP ------------------------------------------------------------------------------------

  private void acapField(AcapField f, String purposes, Map<String, String> crawlers) {
    boolean allow;
    UsageRef usage;
    ResourceSpec resource;
    String qualifiers = "";
    if (f instanceof AcapField.Permission p) {
      allow = true;
      usage = p.usage();
      resource = p.resource();
      qualifiers = qualifierKey(p.qualifiers());
    } else if (f instanceof AcapField.Prohibition p && p.usage() instanceof UsageRef.Standard) {
      allow = false; // its qualifiers are an error and not applied
      usage = p.usage();
      resource = p.resource();
    } else {
      return;
    }
    String usageKey = usage instanceof UsageRef.Standard s ? s.usage().name() : "(" + ((UsageRef.Local) usage).key() + ")";
    String pattern = resource instanceof ResourceSpec.PathPattern p
        ? PercentEncoding.normalise(p.pattern()).toLowerCase(Locale.ROOT)
        : ResourceSpec.ResourceSetRef.PREFIX + ((ResourceSpec.ResourceSetRef) resource).key();
    for (Map.Entry<String, String> crawler : crawlers.entrySet()) {
      String who = crawler.getKey().equals("*") ? "any crawler" : "crawler '" + crawler.getValue() + "'";
      Seen me = new Seen(allow, qualifiers, f.span());
      boolean duplicate = false;
      for (Seen earlier : note(new Scope(crawler.getKey(), purposes, usageKey, pattern), me)) {
        if (earlier.allow() == allow && earlier.qualifiers().equals(qualifiers)) {
          if (duplicate) {
            continue; // reported against the first one
          }
          duplicate = true;
          report(LintCode.DUPLICATE_FIELD, f.span(), earlier.span(),
              "'" + line(f.span()) + "' repeats line " + earlier.span().line() + " for " + who + ": it can never decide anything that line does not");
        } else if (earlier.allow() != allow && usage instanceof UsageRef.Standard) {
          Span permission = allow ? f.span() : earlier.span();
          Span prohibition = allow ? earlier.span() : f.span();
          report(LintCode.SAME_SCOPE_CONFLICT, permission, prohibition,
              "'" + line(permission) + "' never grants anything to " + who + ": '" + line(prohibition) + "' (line " + prohibition.line()
                  + ") has the identical pattern, and equally narrow fields that disagree prohibit the usage (2.4.5)");
        }
      }
    }
  }

  private static String qualifierKey(List<Qualifier> qualifiers) {
    TreeSet<String> keys = new TreeSet<>();
    for (Qualifier q : qualifiers) {
      keys.add(q.key() + "=" + q.value().toLowerCase(Locale.ROOT));
    }
    return String.join(" ", keys);
  }

  // ---- conventional ----------------------------------------------------------------------------

  private void conventionalRule(ConventionalRule rule, Map<String, String> agents) {
    if (rule.pattern().isEmpty()) {
      return; // matches nothing (RFC 9309 2.2.2)
    }
    String pattern = PercentEncoding.normalise(rule.pattern());
    for (Map.Entry<String, String> agent : agents.entrySet()) {
      String who = "user-agent '" + agent.getValue() + "'";
      Seen me = new Seen(rule.allow(), "", rule.span());
      boolean duplicate = false;
      for (Seen earlier : note(new Scope(agent.getKey(), "", "", pattern), me)) {
        if (earlier.allow() == rule.allow()) {
          if (duplicate) {
            continue; // reported against the first one
          }
          duplicate = true;
          report(LintCode.DUPLICATE_FIELD, rule.span(), earlier.span(),
              "'" + line(rule.span()) + "' repeats line " + earlier.span().line() + " for " + who + ": it can never decide anything that line does not");
        } else {
          Span allowRule = rule.allow() ? rule.span() : earlier.span();
          Span disallowRule = rule.allow() ? earlier.span() : rule.span();
          report(LintCode.SAME_SCOPE_CONFLICT, disallowRule, allowRule,
              "'" + line(disallowRule) + "' never applies to " + who + ": '" + line(allowRule) + "' (line " + allowRule.line()
                  + ") has the same pattern, and of equally long matches RFC 9309 uses the Allow rule");
        }
      }
    }
  }

  // ---- shared ----------------------------------------------------------------------------------

  /** Records {@code me} in its scope and returns the fields seen there before (none from the same line). */
  private List<Seen> note(Scope scope, Seen me) {
    List<Seen> list = seen.computeIfAbsent(scope, k -> new ArrayList<>(2));
    List<Seen> earlier = new ArrayList<>(list.size());
    boolean sameLine = false;
    for (Seen s : list) {
      if (s.span().line() == me.span().line()) {
        sameLine = true;
      } else {
        earlier.add(s);
      }
    }
    if (!sameLine) {
      list.add(me);
    }
    return sameLine ? List.of() : earlier;
  }

  /** Reports at {@code at} about its relation to {@code other}, once per pair of lines whatever the crawler. */
  private void report(LintCode code, Span at, Span other, String message) {
    if (reported.add(code.code() + " " + at.line() + " " + other.line())) {
      out.add(code.at(at, message));
    }
  }

  private String line(Span span) {
    return Text.shorten(doc.source().line(span.line()), 80);
  }
}
