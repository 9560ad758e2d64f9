package org.acapengine.adapters.tct;

import org.acapengine.model.Obligation;
import org.acapengine.model.Verdict;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.acapengine.adapters.tct.JsonNode.JsonBoolean;
import org.acapengine.adapters.tct.JsonNode.JsonNull;
import org.acapengine.adapters.tct.JsonNode.JsonNumber;
import org.acapengine.adapters.tct.JsonNode.JsonObject;
import org.acapengine.adapters.tct.JsonNode.JsonString;
import org.acapengine.adapters.tct.JsonNode.Member;
import org.acapengine.hints.Hint;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Span;

/**
 * Turns the top-level object of a descriptor into a {@link TctPolicy}, member by member,
 * reporting each invalid member and leaving it out. One instance per document.
 */
final class TctDescriptorInterpreter {

  private static final List<String> TOP_LEVEL = List.of(
      "profile", "version", "effective", "updated", "policy_urls", "purposes", "requirements", "rate_hints");
  private static final List<String> RATE_HINTS = List.of("max_requests_per_second", "max_requests_per_day", "note");
  /** Rates above this are no limit in practice; refusing them keeps the arithmetic bounded. */
  private static final BigDecimal MAX_RATE = new BigDecimal("1e18");
  private static final int MAX_RATE_SCALE = 18;

  private final String sourceName;
  private final List<Diagnostic> diagnostics = new ArrayList<>();

  private Optional<String> profile = Optional.empty();
  private Optional<Long> version = Optional.empty();
  private Optional<Instant> effective = Optional.empty();
  private Optional<Instant> updated = Optional.empty();
  private final Map<String, URI> policyUrls = new LinkedHashMap<>();
  private final Map<UsagePurpose, Verdict> purposes = new EnumMap<>(UsagePurpose.class);
  private final Map<UsagePurpose, Integer> purposeLines = new EnumMap<>(UsagePurpose.class);
  private final Set<Obligation> obligations = EnumSet.noneOf(Obligation.class);
  private TctRateHints rateHints = TctRateHints.none();

  TctDescriptorInterpreter(String sourceName) {
    this.sourceName = sourceName;
  }

  /** The diagnostics so far, in source order. */
  List<Diagnostic> diagnostics() {
    List<Diagnostic> sorted = new ArrayList<>(diagnostics);
    sorted.sort(Comparator.comparing(Diagnostic::span));
    return sorted;
  }

  TctPolicy interpret(JsonObject root) {
    Map<String, Member> members = members(root, "");
    if (!members.containsKey("profile")) {
      diagnostics.add(Diagnostic.warning("tct-missing-profile",
          "the descriptor declares no profile; read as " + TctPolicy.PROFILE,
          "add \"profile\": \"" + TctPolicy.PROFILE + "\"", Span.ofLine(root.span().line(), root.span().column(), 1)));
    }
    for (Member m : members.values()) {
      switch (m.name()) {
        case "profile":
          readProfile(m);
          break;
        case "version":
          version = nonNegativeInteger(m, "version", false);
          break;
        case "effective":
          effective = timestamp(m);
          break;
        case "updated":
          updated = timestamp(m);
          break;
        case "policy_urls":
          object(m, "policy_urls").ifPresent(this::readPolicyUrls);
          break;
        case "purposes":
          object(m, "purposes").ifPresent(this::readPurposes);
          break;
        case "requirements":
          object(m, "requirements").ifPresent(this::readRequirements);
          break;
        case "rate_hints":
          object(m, "rate_hints").ifPresent(this::readRateHints);
          break;
        default:
          unknown(m, "", TOP_LEVEL);
      }
    }
    return new TctPolicy(sourceName, profile, version, effective, updated, policyUrls, purposes, obligations, rateHints, purposeLines);
  }

  private void readProfile(Member m) {
    string(m, "profile").ifPresent(value -> {
      if (value.equals(TctPolicy.PROFILE)) {
        profile = Optional.of(value);
      } else {
        diagnostics.add(Diagnostic.warning("tct-unknown-profile",
            "unknown profile '" + value + "'; the other members are read as " + TctPolicy.PROFILE,
            "this reader knows the profile " + TctPolicy.PROFILE, m.value().span()));
      }
    });
  }

  private void readPolicyUrls(JsonObject object) {
    for (Member m : members(object, "policy_urls.").values()) {
      string(m, "policy_urls." + m.name()).flatMap(value -> uri(m, value)).ifPresent(u -> policyUrls.put(m.name(), u));
    }
  }

  private void readPurposes(JsonObject object) {
    for (Member m : members(object, "purposes.").values()) {
      Optional<UsagePurpose> purpose = UsagePurpose.fromJsonField(m.name());
      if (purpose.isEmpty()) {
        unknown(m, "purposes.", names(UsagePurpose.values()));
        continue;
      }
      bool(m, "purposes." + m.name()).ifPresent(allowed -> {
        purposes.put(purpose.get(), allowed ? Verdict.ALLOWED : Verdict.PROHIBITED);
        purposeLines.put(purpose.get(), m.value().span().line());
      });
    }
  }

  private void readRequirements(JsonObject object) {
    for (Member m : members(object, "requirements.").values()) {
      Optional<Obligation> obligation = Optional.ofNullable(REQUIREMENTS.get(m.name()));
      if (obligation.isEmpty()) {
        unknown(m, "requirements.", List.copyOf(REQUIREMENTS.keySet()));
        continue;
      }
      bool(m, "requirements." + m.name()).filter(Boolean::booleanValue).ifPresent(t -> obligations.add(obligation.get()));
    }
  }

  private void readRateHints(JsonObject object) {
    Optional<Hint<BigDecimal>> perSecond = Optional.empty();
    Optional<Hint<Long>> perDay = Optional.empty();
    Optional<String> note = Optional.empty();
    for (Member m : members(object, "rate_hints.").values()) {
      if (m.value() instanceof JsonNull && RATE_HINTS.contains(m.name())) {
        continue; // the draft's own example uses null for "no limit"
      }
      switch (m.name()) {
        case "max_requests_per_second":
          perSecond = rate(m).map(v -> new Hint<>(v, hintSource(m)));
          break;
        case "max_requests_per_day":
          perDay = nonNegativeInteger(m, "rate_hints.max_requests_per_day", true).map(v -> new Hint<>(v, hintSource(m)));
          break;
        case "note":
          note = string(m, "rate_hints.note");
          break;
        default:
          unknown(m, "rate_hints.", RATE_HINTS);
      }
    }
    rateHints = new TctRateHints(perSecond, perDay, note);
  }

  /** The members of {@code object} by name; for a repeated name the last occurrence, with a warning for each earlier one. */
  private Map<String, Member> members(JsonObject object, String path) {
    Map<String, Member> byName = new LinkedHashMap<>();
    for (Member m : object.members()) {
      Member earlier = byName.remove(m.name());
      if (earlier != null) {
        diagnostics.add(Diagnostic.warning("tct-duplicate-member",
            "'" + path + m.name() + "' appears again at line " + m.nameSpan().line()
                + "; this occurrence is ignored and the last one is used",
            "give each member once", earlier.nameSpan()));
      }
      byName.put(m.name(), m);
    }
    return byName;
  }

  private Optional<String> string(Member m, String path) {
    if (m.value() instanceof JsonString) {
      return Optional.of(((JsonString) m.value()).value());
    }
    wrongType(m, path, "a string");
    return Optional.empty();
  }

  private Optional<Boolean> bool(Member m, String path) {
    if (m.value() instanceof JsonBoolean) {
      return Optional.of(((JsonBoolean) m.value()).value());
    }
    wrongType(m, path, "true or false");
    return Optional.empty();
  }

  private Optional<JsonObject> object(Member m, String path) {
    if (m.value() instanceof JsonObject) {
      return Optional.of((JsonObject) m.value());
    }
    wrongType(m, path, "an object");
    return Optional.empty();
  }

  private Optional<Instant> timestamp(Member m) {
    Optional<String> text = string(m, m.name());
    if (text.isEmpty()) {
      return Optional.empty();
    }
    Optional<Instant> instant = Rfc3339.parse(text.get());
    if (instant.isEmpty()) {
      diagnostics.add(Diagnostic.warning("tct-bad-timestamp",
          "'" + m.name() + "' is not an RFC 3339 date-time: '" + text.get() + "'; ignored",
          "write e.g. \"2025-10-01T00:00:00Z\"", m.value().span()));
    }
    return instant;
  }

  private Optional<Long> nonNegativeInteger(Member m, String path, boolean hint) {
    if (!(m.value() instanceof JsonNumber) || !((JsonNumber) m.value()).integer()) {
      wrongType(m, path, "a non-negative integer");
      return Optional.empty();
    }
    BigInteger value = new BigInteger(((JsonNumber) m.value()).text());
    if (value.signum() < 0 || value.bitLength() > 63) {
      diagnostics.add(Diagnostic.warning(hint ? "tct-bad-rate-hint" : "tct-bad-number",
          "'" + path + "' must be a non-negative integer below 2^63, found " + abbreviate(value.toString()) + "; ignored",
          "", m.value().span()));
      return Optional.empty();
    }
    return Optional.of(value.longValueExact());
  }

  private Optional<BigDecimal> rate(Member m) {
    String path = "rate_hints." + m.name();
    if (!(m.value() instanceof JsonNumber)) {
      wrongType(m, path, "a non-negative number or null");
      return Optional.empty();
    }
    BigDecimal value;
    try {
      value = new BigDecimal(((JsonNumber) m.value()).text()).stripTrailingZeros();
    } catch (NumberFormatException | ArithmeticException e) {
      value = null;
    }
    if (value == null || value.signum() < 0 || value.compareTo(MAX_RATE) > 0 || value.scale() > MAX_RATE_SCALE) {
      diagnostics.add(Diagnostic.warning("tct-bad-rate-hint",
          "'" + path + "' must be a number from 0 to 1e18 with at most 18 decimals, found "
              + abbreviate(((JsonNumber) m.value()).text()) + "; ignored",
          "", m.value().span()));
      return Optional.empty();
    }
    return Optional.of(value.scale() < 0 ? value.setScale(0) : value);
  }

  /** An absolute URI, or one relative to the descriptor's own URL when {@code sourceName} is one. */
  private Optional<URI> uri(Member m, String value) {
    try {
      URI u = new URI(value);
      if (u.isAbsolute()) {
        return Optional.of(u);
      }
      URI base = new URI(sourceName);
      if (base.isAbsolute() && !base.isOpaque()) {
        return Optional.of(base.resolve(u));
      }
    } catch (URISyntaxException | IllegalArgumentException e) {
      // reported below
    }
    diagnostics.add(Diagnostic.warning("tct-bad-url",
        "'policy_urls." + m.name() + "' is not an absolute URL: '" + abbreviate(value) + "'; ignored",
        "write the full URL, e.g. \"https://example.com/terms/\"", m.value().span()));
    return Optional.empty();
  }

  private void wrongType(Member m, String path, String expected) {
    JsonNode v = m.value();
    if (v instanceof JsonNull) {
      diagnostics.add(Diagnostic.info("tct-null-member",
          "'" + path + "' is null; read as not stated", "leave the member out instead", v.span()));
      return;
    }
    diagnostics.add(Diagnostic.warning("tct-wrong-type",
        "'" + path + "' must be " + expected + ", found " + v.typeName() + "; read as not stated",
        "", v.span()));
  }

  private void unknown(Member m, String path, List<String> known) {
    diagnostics.add(Diagnostic.warning("tct-unknown-member",
        "unknown member '" + path + m.name() + "'; ignored",
        TctPolicy.PROFILE + " defines " + (path.isEmpty() ? "" : "in " + path.substring(0, path.length() - 1) + " ")
            + String.join(", ", known),
        m.nameSpan()));
  }

  private SourceLine hintSource(Member m) {
    return new SourceLine(sourceName, m.value().span().line(),
        "\"" + m.name() + "\": " + ((JsonNumber) m.value()).text());
  }

  private static List<String> names(UsagePurpose[] purposes) {
    List<String> names = new ArrayList<>();
    for (UsagePurpose p : purposes) {
      names.add(p.jsonField());
    }
    return names;
  }

  /** The members of {@code requirements} and the obligation each imposes when {@code true}, in the draft's order. */
  static final java.util.Map<String, Obligation> REQUIREMENTS = requirements();

  private static java.util.Map<String, Obligation> requirements() {
    java.util.Map<String, Obligation> m = new java.util.LinkedHashMap<>();
    m.put("attribution_required", Obligation.ATTRIBUTION);
    m.put("link_back_required", Obligation.LINK_BACK);
    m.put("notice_required", Obligation.NOTICE);
    return java.util.Collections.unmodifiableMap(m);
  }

  /** The {@code requirements} member that imposes an obligation. */
  static String requirement(Obligation o) {
    return REQUIREMENTS.entrySet().stream().filter(e -> e.getValue() == o).map(java.util.Map.Entry::getKey).findFirst().orElse(o.token());
  }

  private static String abbreviate(String s) {
    return s.length() <= 60 ? s : s.substring(0, 57) + "...";
  }
}
