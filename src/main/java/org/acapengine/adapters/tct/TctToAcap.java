package org.acapengine.adapters.tct;

import org.acapengine.model.Obligation;
import org.acapengine.model.Verdict;
import org.acapengine.adapters.AcapComment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.acapengine.hints.Hint;

/**
 * Writes a {@link TctPolicy} as ACAP robots.txt text (acap-rep-extensions-part1-v1.0.txt; syntax
 * per acap-abnf-reconstructed.md).
 *
 * <p>Every prohibited purpose becomes one sub-record (2.3, 2.3.3) of an {@code ACAP-crawler: *}
 * record: {@code ACAP-usage-purpose: <name>} followed by {@code ACAP-disallow-index: /},
 * {@code -preserve}, {@code -present} (2.4.2, 2.5; {@code present} covers every {@code present-*})
 * and {@code ACAP-disallow-other: *}. A prohibition of {@code other} covers every usage not
 * permitted (2.5.6), crawl and follow included, which TCT says nothing about; so the sub-record also
 * has {@code ACAP-allow-crawl: *} and {@code ACAP-allow-follow: *}. An explicit permission beats a
 * {@code disallow-other} of the same scope (docs/semantics.md rule 5), and {@code *} is broader than
 * every pattern starting with {@code /}, so any other matching rule or field for crawl or follow
 * outranks them (in a merged robots.txt, though, the conventional rules that match then compete by
 * narrowest scope rather than longest match, docs/semantics.md rule 7). Allowed and unstated purposes
 * restrict nothing and get no field. What ACAP cannot carry is written as {@code #} comments:
 * obligations, rate hints, the effective date (the prohibitions are written as in force), the
 * update date, policy URLs. When no purpose is prohibited the output has the version line and
 * comments but no ACAP record. Lines end with LF.
 */
public final class TctToAcap {

  private static final List<String> PROHIBITED_USAGES = List.of("index", "preserve", "present");

  private TctToAcap() {}

  /**
   * The descriptor as an ACAP robots.txt, as described in the class comment.
   *
   * @param policy the descriptor; not null
   * @return the ACAP robots.txt text, lines ending with LF
   */
  public static String convert(TctPolicy policy) {
    Objects.requireNonNull(policy, "policy");
    StringBuilder out = new StringBuilder("##ACAP version=1.0\n");
    for (String comment : header(policy)) {
      out.append(AcapComment.line(comment));
    }
    List<UsagePurpose> prohibited = new ArrayList<>();
    for (UsagePurpose p : UsagePurpose.values()) {
      if (policy.purpose(p) == Verdict.PROHIBITED) {
        prohibited.add(p);
      }
    }
    if (prohibited.isEmpty()) {
      out.append(AcapComment.line("No purpose is prohibited, so there is no ACAP record to write."));
      return out.toString();
    }
    out.append("\nACAP-crawler: *\n");
    for (UsagePurpose p : prohibited) {
      out.append("# ").append(p.jsonField()).append(" is false\n");
      out.append("ACAP-usage-purpose: ").append(p.acapName()).append('\n');
      for (String usage : PROHIBITED_USAGES) {
        out.append("ACAP-disallow-").append(usage).append(": /\n");
      }
      out.append("ACAP-disallow-other: *\n");
      out.append("ACAP-allow-crawl: *\n");
      out.append("ACAP-allow-follow: *\n");
    }
    return out.toString();
  }

  private static List<String> header(TctPolicy policy) {
    List<String> lines = new ArrayList<>();
    lines.add("Converted by acap-engine from the TCT policy descriptor " + policy.sourceName()
        + " (profile " + policy.profile().orElse("not declared or unknown; read as " + TctPolicy.PROFILE)
        + policy.version().map(v -> ", version " + v).orElse("") + ").");
    lines.add("TCT purposes map to ACAP usage purposes: allow_search_indexing -> search,"
        + " allow_ai_input -> ai-input, allow_ai_train -> ai-train.");
    for (UsagePurpose p : UsagePurpose.values()) {
      lines.add(p.acapName() + ": " + describe(policy.purpose(p)));
    }
    lines.add("TCT says nothing about crawl or follow: robots.txt governs them.");
    lines.add("ACAP-disallow-other prohibits every usage not permitted (2.5.6), crawl and follow included, so each"
        + " sub-record permits crawl and follow at the broadest scope, '*': any rule or field for / or a narrower"
        + " pattern outranks it (2.4.5).");
    policy.effective().ifPresent(e -> lines.add("Effective from " + e
        + ". ACAP cannot carry a start date: the prohibitions below are written as in force."));
    policy.updated().ifPresent(u -> lines.add("Updated " + u + "."));
    if (!policy.obligations().isEmpty()) {
      lines.add("Obligations on every use that is not prohibited (ACAP cannot carry them): "
          + policy.obligations().stream().map(TctDescriptorInterpreter::requirement).collect(Collectors.joining(", ")) + ".");
    }
    TctRateHints hints = policy.rateHints();
    if (!hints.isEmpty()) {
      List<String> parts = new ArrayList<>();
      hints.maxRequestsPerSecond().map(Hint::value).ifPresent(v -> parts.add("max_requests_per_second=" + v.toPlainString()));
      hints.maxRequestsPerDay().map(Hint::value).ifPresent(v -> parts.add("max_requests_per_day=" + v));
      hints.note().ifPresent(n -> parts.add("note: " + n));
      lines.add("Advisory rate hints (ACAP cannot carry them): " + String.join("; ", parts));
    }
    for (Map.Entry<String, java.net.URI> e : policy.policyUrls().entrySet()) {
      lines.add("Policy URL " + e.getKey() + ": " + e.getValue());
    }
    return lines;
  }

  private static String describe(Verdict state) {
    switch (state) {
      case PROHIBITED:
        return "prohibited (sub-record below)";
      case ALLOWED:
        return "allowed, which restricts nothing (no field)";
      default:
        return "not stated (no field)";
    }
  }
}
