package org.acapengine.lint;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.acapengine.eval.Basis;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Query;
import org.acapengine.eval.match.ProductToken;
import org.acapengine.eval.match.RequestPath;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ConventionalRule;
import org.acapengine.model.CrawlerName;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.ResourceSpec;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Span;
import org.acapengine.model.UserAgentLine;

/**
 * Divergence: paths where a legacy crawler (conventional records only, {@link
 * CompiledPolicy#decideConventionalOnly}) and an ACAP crawler ({@link CompiledPolicy#decide} for
 * usage crawl) of the same name decide differently.
 *
 * <p>The crawlers checked are those named both in an ACAP record and in a User-agent line, and a
 * crawler named nowhere in the file when {@code *} has both kinds of record (or the file tells
 * ACAP crawlers to ignore the conventional records).
 *
 * <p>Candidate paths (witnesses) come from the patterns themselves: for each ACAP or conventional
 * pattern its literal prefix, the pattern with its wildcards dropped, and a child of the prefix,
 * each also lower-cased (ACAP patterns match regardless of case, conventional rules do not); plus
 * {@code /}. The search is bounded: at most {@link #MAX_WITNESSES} witnesses (ACAP patterns
 * first, then conventional ones, in file order) and {@link #MAX_CRAWLERS} named crawlers, one
 * finding per crawler with the first diverging witness (shortest first).
 */
final class DivergenceCheck {

  static final int MAX_WITNESSES = 1000;
  static final int MAX_CRAWLERS = 50;

  private DivergenceCheck() {}

  static void check(PolicyDocument doc, CompiledPolicy policy, List<Diagnostic> out) {
    if (doc.acapRecords().isEmpty() && !doc.ignoresConventionalRecords()) {
      return; // without ACAP records (or the directive) both readings are the conventional one
    }
    List<String> witnesses = witnesses(doc);
    Map<String, String> crawlers = crawlers(doc);
    for (Map.Entry<String, String> crawler : crawlers.entrySet()) {
      String name = crawler.getKey();
      for (String path : witnesses) {
        Decision acap = policy.decide(new Query(List.of(name), Optional.empty(), "crawl", path, Optional.empty()));
        if (acap.basis() == Basis.UNRESOLVED_REFERENCE) {
          break; // the ACAP reading is unknown until the reference is loaded (and that is reported)
        }
        Decision legacy = policy.decideConventionalOnly(List.of(name), path);
        if (acap.allowed() != legacy.allowed()) {
          out.add(LintCode.DIVERGENCE.at(where(doc, acap, legacy),
              crawler.getValue() + " on " + path + ": legacy crawlers are " + verdict(legacy) + " " + why(doc, legacy, false)
                  + ", ACAP crawlers are " + verdict(acap) + " " + why(doc, acap, true)));
          break;
        }
      }
    }
  }

  /**
   * The crawlers to check, name to query with mapped to how messages call it: those named in an
   * ACAP record and a User-agent line, then a crawler named nowhere when a {@code User-agent: *}
   * group exists and an {@code ACAP-crawler: *} record (or ACAP-ignore-conventional-records) makes
   * ACAP crawlers read the file differently.
   */
  private static Map<String, String> crawlers(PolicyDocument doc) {
    // Crawler tokens are compared ignoring case, by their fold (ProductToken, RFC 9309 2.2.1).
    Set<String> conventional = new HashSet<>();
    boolean conventionalAny = false;
    for (ConventionalGroup g : doc.conventionalGroups()) {
      for (UserAgentLine ua : g.userAgents()) {
        String token = ProductToken.of(ua.value());
        if (token.equals(ProductToken.WILDCARD)) {
          conventionalAny = true;
        } else if (!token.isEmpty()) {
          conventional.add(ProductToken.fold(token));
        }
      }
    }
    Map<String, String> out = new LinkedHashMap<>();
    Set<String> named = new HashSet<>(conventional);
    boolean acapAny = false;
    for (AcapRecord r : doc.acapRecords()) {
      for (CrawlerName c : r.crawlers()) {
        if (c.isAnyCrawler()) {
          acapAny = true;
          continue;
        }
        String token = ProductToken.of(c.name());
        if (token.isEmpty()) {
          continue; // names no crawler
        }
        String key = ProductToken.fold(token);
        named.add(key);
        if (conventional.contains(key) && out.size() < MAX_CRAWLERS && !out.containsKey(key)) {
          out.put(key, "'" + token + "'");
        }
      }
    }
    if (conventionalAny && (acapAny || doc.ignoresConventionalRecords())) {
      String unnamed = "unnamed-crawler";
      while (named.contains(unnamed)) {
        unnamed += "-x";
      }
      out.put(unnamed, "a crawler not named in the file (*)");
    }
    return out;
  }

  /** The candidate paths, canonical, shortest first. */
  static List<String> witnesses(PolicyDocument doc) {
    Set<String> patterns = new LinkedHashSet<>();
    for (AcapDefinition d : doc.definitions()) {
      if (d instanceof AcapDefinition.ResourceSet set) {
        patterns.addAll(set.patterns());
      }
    }
    for (AcapField f : AcapFieldChecks.allFields(doc)) {
      ResourceSpec r = f instanceof AcapField.Permission p ? p.resource() : f instanceof AcapField.Prohibition p ? p.resource() : null;
      if (r instanceof ResourceSpec.PathPattern p) {
        patterns.add(p.pattern());
      }
    }
    for (ConventionalGroup g : doc.conventionalGroups()) {
      for (ConventionalRule rule : g.rules()) {
        patterns.add(rule.pattern());
      }
    }
    Set<String> out = new LinkedHashSet<>();
    out.add("/");
    for (String p : patterns) {
      if (out.size() >= MAX_WITNESSES) {
        break;
      }
      for (String w : witnessesOf(p)) {
        String slashed = w.startsWith("/") ? w : "/" + w;
        // The lower-cased variant too: ACAP patterns match regardless of case, conventional ones do not.
        for (String variant : List.of(slashed, slashed.toLowerCase(Locale.ROOT))) {
          String path = RequestPath.of(variant);
          if (!path.equals("/robots.txt") && out.size() < MAX_WITNESSES) {
            out.add(path);
          }
        }
      }
    }
    List<String> sorted = new ArrayList<>(out);
    sorted.sort(Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder()));
    return sorted;
  }

  /** The literal prefix of a pattern, the pattern without its wildcards, and a child of the prefix. */
  private static List<String> witnessesOf(String pattern) {
    String p = pattern.endsWith("$") ? pattern.substring(0, pattern.length() - 1) : pattern;
    int star = p.indexOf('*');
    String prefix = star < 0 ? p : p.substring(0, star);
    String child = prefix + (prefix.endsWith("/") ? "x" : "/x");
    return star < 0 ? List.of(prefix, child) : List.of(prefix, p.replace("*", ""), child);
  }

  private static String verdict(Decision d) {
    return d.allowed() ? "allowed" : "prohibited";
  }

  private static String why(PolicyDocument doc, Decision d, boolean acap) {
    if (d.deciding().isEmpty()) {
      return acap ? "(no ACAP field or conventional rule matches)" : "(no rule matches)";
    }
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < d.deciding().size(); i++) {
      SourceLine e = d.deciding().get(i);
      sb.append(i > 0 ? ", " : "");
      if (!e.source().equals(doc.source().name())) {
        sb.append(e.source()).append(' ');
      }
      sb.append("line ").append(e.line()).append(": ").append(Text.shorten(e.text(), 60));
    }
    if (d.basis() == Basis.UNRESOLVED_CONFLICT) {
      sb.append("; equally narrow fields disagree");
    }
    return sb.append(')').toString();
  }

  /** The ACAP deciding line, else the conventional one, else the first ACAP record. */
  private static Span where(PolicyDocument doc, Decision acap, Decision legacy) {
    for (Decision d : List.of(acap, legacy)) {
      for (SourceLine e : d.deciding()) {
        if (e.line() > 0 && e.source().equals(doc.source().name())) {
          return Span.wholeLine(e.line(), doc.source().line(e.line()).length());
        }
      }
    }
    int line = doc.acapRecords().isEmpty() ? 1 : doc.acapRecords().get(0).line();
    return Span.wholeLine(line, doc.source().line(line).length());
  }
}
