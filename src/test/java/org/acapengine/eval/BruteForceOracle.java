package org.acapengine.eval;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.acapengine.eval.match.PercentEncoding;
import org.acapengine.eval.match.ProductToken;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.AcapSubRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.ConventionalRule;
import org.acapengine.model.CrawlerName;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.PurposePattern;
import org.acapengine.model.Qualifier;
import org.acapengine.model.ResourceSpec;
import org.acapengine.model.SourceLine;
import org.acapengine.model.UsageRef;
import org.acapengine.model.UserAgentLine;
import org.acapengine.parse.RobotsTxtParser;

/**
 * The decision procedure of docs/semantics.md written as directly as possible, for comparing
 * with {@link CompiledPolicy#decide}: every field of the parsed document is expanded and tested
 * against every query, with no index, no cache, no shared scratch space; patterns are matched by
 * {@link java.util.regex} (not {@code PathPattern}), and narrowest scope is a rank comparison
 * written from the text of 2.4.5 (not {@code NarrowestScope}). Slow and simple on purpose.
 *
 * <p>The answer is a string, {@code verdict | basis | source:line,... | qualifiers}, with the
 * qualifiers as sorted {@code type=value}s; {@link #describe} writes a {@link Decision} the same way.
 */
final class BruteForceOracle {

  /** One expanded rule: a field for one usage and one pattern, or a conventional rule. */
  private record Rule(String tier, boolean allow, String usage, String pattern, Pattern regex, List<Pattern> purposes, List<Qualifier> qualifiers,
      String source, int line) {
    boolean acap() {
      return !tier.equals("conventional");
    }
  }

  private static final Set<String> PRESENT_TYPES = Set.of("original", "currentcopy", "oldcopy", "snippet", "thumbnail", "oldsnippet", "oldthumbnail", "link");

  private final PolicyDocument doc;
  private final Map<String, String> files;
  private final Set<String> conventionalAppliesTo;

  /**
   * @param files the files a permissions reference can load, by locator; any other fails
   */
  BruteForceOracle(PolicyDocument doc, Map<String, String> files, Set<String> conventionalAppliesTo) {
    this.doc = doc;
    this.files = files;
    this.conventionalAppliesTo = conventionalAppliesTo;
  }

  String decide(Query q) {
    if (q.usage().equals("crawl") && (q.path().equals("/robots.txt") || q.path().startsWith("/robots.txt?"))) {
      return "allowed | robots-txt | - | -";
    }
    String purpose = q.purpose().map(PercentEncoding::normalise).orElse(null);

    // Rule 1 and 10: the crawler's ACAP rules, by tier, with the referenced files' records.
    List<Rule> rules = new ArrayList<>();
    String namedFailure = null;
    String anyFailure = null;
    Map<String, AcapDefinition> defs = definitions(doc, Map.of());
    for (AcapRecord r : doc.acapRecords()) {
      String tier = tier(r, q.crawlers());
      if (tier == null) {
        continue;
      }
      if (r.permissionsReference().isPresent()) {
        AcapField.PermissionsReference ref = r.permissionsReference().get();
        String content = files.get(ref.locator());
        if (content == null) {
          String at = doc.source().name() + ":" + ref.span().line();
          if (tier.equals("named") && namedFailure == null) {
            namedFailure = at;
          } else if (tier.equals("any") && anyFailure == null) {
            anyFailure = at;
          }
        } else {
          PolicyDocument referenced = new RobotsTxtParser().parse(content, ref.locator().substring(1));
          Map<String, AcapDefinition> refDefs = definitions(referenced, defs);
          for (AcapRecord rr : referenced.acapRecords()) {
            if (tier(rr, q.crawlers()) != null) {
              record(rr, tier, referenced, refDefs, rules);
            }
          }
        }
      }
      record(r, tier, doc, defs, rules);
    }
    if (namedFailure != null) {
      return "prohibited | unresolved-reference | " + namedFailure + " | -";
    }

    // Rules 3, 4, 6: the fields that apply to the usage and purpose and match the path; rule 2.
    List<Rule> named = new ArrayList<>();
    List<Rule> any = new ArrayList<>();
    for (Rule r : rules) {
      if (applies(r.usage, q.usage()) && purposeAdmits(r, purpose) && r.regex.matcher(q.path()).matches()) {
        (r.tier.equals("named") ? named : any).add(r);
      }
    }
    List<Rule> acap = named;
    if (named.isEmpty()) {
      if (anyFailure != null) {
        return "prohibited | unresolved-reference | " + anyFailure + " | -";
      }
      acap = any;
    }

    // Rules 7, 8: the conventional rules RFC 9309 selects, for ACAP crawlers.
    List<Rule> conventional = new ArrayList<>();
    if (conventionalAppliesTo.contains(q.usage()) && !doc.ignoresConventionalRecords()) {
      for (ConventionalGroup g : groups(q.crawlers())) {
        for (ConventionalRule cr : g.rules()) {
          if (!cr.insideAcapRecord() && !cr.pattern().isEmpty()) {
            Rule c = conventionalRule(cr);
            if (c.regex.matcher(q.path()).matches()) {
              conventional.add(c);
            }
          }
        }
      }
    }

    if (acap.isEmpty()) {
      return conventional.isEmpty() ? "allowed | default | - | -" : longestMatch(conventional);
    }
    List<Rule> all = new ArrayList<>(acap);
    for (Rule c : conventional) {
      boolean same = false;
      for (Rule a : acap) {
        same |= a.pattern.equalsIgnoreCase(c.pattern);
      }
      if (!same) {
        all.add(c);
      }
    }
    return narrowestScope(all, q);
  }

  /** The legacy reading: RFC 9309 alone, conventional rules inside ACAP records included. */
  String decideConventionalOnly(List<String> crawlers, String path) {
    if (path.equals("/robots.txt") || path.startsWith("/robots.txt?")) {
      return "allowed | robots-txt | - | -";
    }
    List<Rule> matching = new ArrayList<>();
    for (ConventionalGroup g : groups(crawlers)) {
      for (ConventionalRule cr : g.rules()) {
        if (!cr.pattern().isEmpty()) {
          Rule c = conventionalRule(cr);
          if (c.regex.matcher(path).matches()) {
            matching.add(c);
          }
        }
      }
    }
    return matching.isEmpty() ? "allowed | default | - | -" : longestMatch(matching);
  }

  // ---- precedence -------------------------------------------------------------------------------

  /** RFC 9309 2.2.2: the most octets wins; of equally long Allow and Disallow, Allow. */
  private static String longestMatch(List<Rule> matching) {
    int longest = -1;
    for (Rule r : matching) {
      longest = Math.max(longest, r.pattern.length());
    }
    List<Rule> best = new ArrayList<>();
    boolean anyAllow = false;
    for (Rule r : matching) {
      if (r.pattern.length() == longest) {
        best.add(r);
        anyAllow |= r.allow;
      }
    }
    List<Rule> deciding = new ArrayList<>();
    for (Rule r : best) {
      if (r.allow == anyAllow) {
        deciding.add(r);
      }
    }
    return answer(anyAllow, "conventional-rule", deciding);
  }

  /** 2.4.5 with the readings of docs/semantics.md rule 5 and rule 11's demotion. */
  private static String narrowestScope(List<Rule> matching, Query q) {
    List<Rule> candidates = new ArrayList<>();
    for (Rule r : matching) {
      boolean outranked = false;
      for (Rule other : matching) {
        outranked |= other != r && narrower(other.pattern, r.pattern);
      }
      if (!outranked) {
        candidates.add(r);
      }
    }
    boolean allAllow = true;
    boolean allProhibit = true;
    for (Rule r : candidates) {
      boolean a = allows(r, q);
      allAllow &= a;
      allProhibit &= !a;
    }
    if (allAllow || allProhibit) {
      return answer(allAllow, basis(candidates), candidates);
    }
    // 2.5.6: disallow-other never defeats an explicit permission of equal scope.
    boolean explicitPermission = false;
    for (Rule r : candidates) {
      explicitPermission |= allows(r, q) && !r.usage.equals("other");
    }
    if (explicitPermission) {
      List<Rule> rest = new ArrayList<>();
      boolean restAllow = true;
      for (Rule r : candidates) {
        if (allows(r, q) || !r.usage.equals("other")) {
          rest.add(r);
          restAllow &= allows(r, q);
        }
      }
      if (restAllow) {
        return answer(true, basis(rest), rest);
      }
    }
    return "prohibited | unresolved-conflict | " + lines(candidates) + " | -";
  }

  /**
   * True when pattern {@code a} has a narrower scope than {@code b} by 2.4.5's method: at the first
   * position where they differ (any case), a literal outranks '*', which outranks '$', which
   * outranks having run out; two different literals cannot be ordered.
   */
  static boolean narrower(String a, String b) {
    String x = a.toLowerCase(java.util.Locale.ROOT);
    String y = b.toLowerCase(java.util.Locale.ROOT);
    for (int i = 0; i < Math.max(x.length(), y.length()); i++) {
      int rx = rank(x, i);
      int ry = rank(y, i);
      if (rx == 3 && ry == 3) {
        if (x.charAt(i) != y.charAt(i)) {
          return false;
        }
        continue;
      }
      if (rx != ry) {
        return rx > ry;
      }
    }
    return false;
  }

  private static int rank(String s, int i) {
    if (i >= s.length()) {
      return 0;
    }
    char c = s.charAt(i);
    return c == '$' ? 1 : c == '*' ? 2 : 3;
  }

  /** A permission with a qualifier the crawler cannot honour counts as a prohibition. */
  private static boolean allows(Rule r, Query q) {
    if (!r.allow) {
      return false;
    }
    if (q.honourable().isEmpty()) {
      return true;
    }
    for (Qualifier qual : r.qualifiers) {
      if (qual.type().isEmpty() || !q.honourable().get().contains(qual.type().get())) {
        return false;
      }
    }
    return true;
  }

  private static String basis(List<Rule> deciding) {
    for (Rule r : deciding) {
      if (r.acap()) {
        return "acap-field";
      }
    }
    return "conventional-rule";
  }

  private static String answer(boolean allowed, String basis, List<Rule> deciding) {
    List<String> quals = new ArrayList<>();
    if (allowed) {
      // Each qualifier once, the same type with the same value (docs/semantics.md, 5).
      Set<String> distinct = new TreeSet<>();
      for (Rule r : deciding) {
        for (Qualifier q : r.qualifiers) {
          distinct.add(q.key() + "=" + q.value());
        }
      }
      quals.addAll(distinct);
      java.util.Collections.sort(quals);
    }
    return (allowed ? "allowed" : "prohibited") + " | " + basis + " | " + lines(deciding) + " | " + (quals.isEmpty() ? "-" : String.join(" ", quals));
  }

  private static String lines(List<Rule> rules) {
    Set<String> out = new TreeSet<>((a, b) -> {
      String[] x = a.split(":");
      String[] y = b.split(":");
      int c = x[0].compareTo(y[0]);
      return c != 0 ? c : Integer.compare(Integer.parseInt(x[1]), Integer.parseInt(y[1]));
    });
    for (Rule r : rules) {
      out.add(r.source + ":" + r.line);
    }
    return out.isEmpty() ? "-" : String.join(",", out);
  }

  /** A decision in the oracle's terms. */
  static String describe(Decision d) {
    List<String> lines = new ArrayList<>();
    for (SourceLine e : d.deciding()) {
      if (e.line() > 0) {
        lines.add(e.source() + ":" + e.line());
      }
    }
    List<String> quals = new ArrayList<>();
    for (Qualifier q : d.qualifiers()) {
      quals.add(q.key() + "=" + q.value());
    }
    java.util.Collections.sort(quals);
    return (d.allowed() ? "allowed" : "prohibited") + " | " + d.basis().label() + " | " + (lines.isEmpty() ? "-" : String.join(",", lines)) + " | "
        + (quals.isEmpty() ? "-" : String.join(" ", quals));
  }

  // ---- selection and expansion ------------------------------------------------------------------

  /** "named" when an ACAP-crawler field names one of the crawler's names, "any" for '*', else null. */
  private static String tier(AcapRecord r, List<String> names) {
    boolean any = false;
    for (CrawlerName c : r.crawlers()) {
      if (c.name().equals("*")) {
        any = true;
        continue;
      }
      String token = ProductToken.of(c.name());
      for (String n : names) {
        if (!token.isEmpty() && !token.equals("*") && token.equalsIgnoreCase(ProductToken.of(n))) {
          return "named";
        }
      }
    }
    return any ? "any" : null;
  }

  private List<ConventionalGroup> groups(List<String> names) {
    List<ConventionalGroup> specific = new ArrayList<>();
    List<ConventionalGroup> global = new ArrayList<>();
    for (ConventionalGroup g : doc.conventionalGroups()) {
      boolean s = false;
      boolean star = false;
      for (UserAgentLine ua : g.userAgents()) {
        String token = ProductToken.of(ua.value());
        star |= token.equals("*");
        for (String n : names) {
          s |= !token.isEmpty() && !token.equals("*") && token.equalsIgnoreCase(ProductToken.of(n));
        }
      }
      if (s) {
        specific.add(g);
      } else if (star) {
        global.add(g);
      }
    }
    return specific.isEmpty() ? global : specific;
  }

  /** A file's definitions (the first of a name wins), then those of the file referring to it. */
  private static Map<String, AcapDefinition> definitions(PolicyDocument d, Map<String, AcapDefinition> outer) {
    Map<String, AcapDefinition> own = new HashMap<>();
    for (AcapDefinition def : d.definitions()) {
      String key = (def instanceof AcapDefinition.ResourceSet ? "set:" : "usage:") + def.key();
      own.putIfAbsent(key, def);
    }
    Map<String, AcapDefinition> all = new HashMap<>(outer);
    all.putAll(own);
    return all;
  }

  private static void record(AcapRecord r, String tier, PolicyDocument d, Map<String, AcapDefinition> defs, List<Rule> out) {
    for (AcapField f : r.fields()) {
      field(f, tier, List.of(), d, defs, out);
    }
    for (AcapSubRecord s : r.subRecords()) {
      List<Pattern> purposes = new ArrayList<>();
      for (PurposePattern p : s.purposes()) {
        purposes.add(regex(p.pattern(), true, true));
      }
      for (AcapField f : s.fields()) {
        field(f, tier, purposes, d, defs, out);
      }
    }
  }

  private static void field(AcapField f, String tier, List<Pattern> purposes, PolicyDocument d, Map<String, AcapDefinition> defs, List<Rule> out) {
    if (f instanceof AcapField.Permission p) {
      int line = p.span().line();
      List<String> patterns = patterns(p.resource(), defs);
      if (p.usage() instanceof UsageRef.Standard s) {
        add(out, tier, true, s.usage().name(), patterns, purposes, p.qualifiers(), d, line);
      } else {
        AcapDefinition def = defs.get("usage:" + ((UsageRef.Local) p.usage()).key());
        if (def instanceof AcapDefinition.QualifiedUsage qu) {
          add(out, tier, true, qu.usage().name(), patterns, purposes, qu.qualifiers(), d, line);
        } else if (def instanceof AcapDefinition.CompositeUsage cu) {
          for (UsageRef m : cu.members()) {
            if (m instanceof UsageRef.Standard s) {
              add(out, tier, true, s.usage().name(), patterns, purposes, List.of(), d, line);
            } else if (defs.get("usage:" + ((UsageRef.Local) m).key()) instanceof AcapDefinition.QualifiedUsage qu) {
              add(out, tier, true, qu.usage().name(), patterns, purposes, qu.qualifiers(), d, line);
            }
          }
        }
      }
    } else if (f instanceof AcapField.Prohibition p && p.usage() instanceof UsageRef.Standard s) {
      add(out, tier, false, s.usage().name(), patterns(p.resource(), defs), purposes, List.of(), d, p.span().line());
    }
  }

  private static List<String> patterns(ResourceSpec spec, Map<String, AcapDefinition> defs) {
    if (spec instanceof ResourceSpec.PathPattern p) {
      return List.of(p.pattern());
    }
    AcapDefinition set = defs.get("set:" + ((ResourceSpec.ResourceSetRef) spec).key());
    return set instanceof AcapDefinition.ResourceSet rs ? rs.patterns() : List.of();
  }

  private static void add(List<Rule> out, String tier, boolean allow, String usage, List<String> patterns, List<Pattern> purposes, List<Qualifier> quals,
      PolicyDocument d, int line) {
    for (String p : patterns) {
      String normal = PercentEncoding.normalise(p);
      out.add(new Rule(tier, allow, usage, normal, regex(p, true, false), purposes, quals, d.source().name(), line));
    }
  }

  private Rule conventionalRule(ConventionalRule cr) {
    return new Rule("conventional", cr.allow(), "", PercentEncoding.normalise(cr.pattern()), regex(cr.pattern(), false, false), List.of(), List.of(),
        doc.source().name(), cr.span().line());
  }

  /** True when a rule for {@code ruleUsage} speaks to {@code queryUsage} (2.5, 2.5.6). */
  private static boolean applies(String ruleUsage, String queryUsage) {
    if (ruleUsage.equals(queryUsage) || ruleUsage.equals("other")) {
      return true;
    }
    return ruleUsage.equals("present") && queryUsage.startsWith("present-") && PRESENT_TYPES.contains(queryUsage.substring("present-".length()));
  }

  private static boolean purposeAdmits(Rule r, String purpose) {
    if (r.purposes.isEmpty()) {
      return true;
    }
    if (purpose == null) {
      return false;
    }
    for (Pattern p : r.purposes) {
      if (p.matcher(purpose).matches()) {
        return true;
      }
    }
    return false;
  }

  /**
   * A pattern as a regular expression over the normalised path: '*' is any run, a final '$'
   * anchors, any other '$' is the literal (written %24 in a path); a prefix match unless {@code
   * whole}. ACAP patterns ignore ASCII case.
   */
  static Pattern regex(String raw, boolean ignoreCase, boolean whole) {
    String p = PercentEncoding.normalise(raw);
    boolean anchored = p.endsWith("$");
    String body = anchored ? p.substring(0, p.length() - 1) : p;
    StringBuilder re = new StringBuilder();
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (c == '*') {
        re.append(".*");
      } else if (c == '$') {
        re.append(Pattern.quote("%24"));
      } else {
        re.append(Pattern.quote(String.valueOf(c)));
      }
    }
    if (!anchored && !whole) {
      re.append(".*");
    }
    return Pattern.compile(re.toString(), Pattern.DOTALL | (ignoreCase ? Pattern.CASE_INSENSITIVE : 0));
  }
}
