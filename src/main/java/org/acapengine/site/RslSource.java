package org.acapengine.site;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.adapters.rsl.RslDocument;
import org.acapengine.eval.Query;
import org.acapengine.eval.match.PathPatternSet;
import org.acapengine.eval.match.RequestPath;
import org.acapengine.hints.CrawlHints;
import org.acapengine.model.Obligation;
import org.acapengine.model.Purpose;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Verdict;

/**
 * An RSL 1.0 licence as a policy source (docs/formats.md, "RSL 1.0"). The {@code <content>} whose
 * {@code url} matches the path decides: an RFC 9309 pattern (a full URL's path and query), the
 * longest match, equally long ones together (the tie is reported) and the most restrictive of
 * them. Its {@code <license>} elements are alternative offers: the query's purpose is allowed
 * when one licence whose user and country terms the crawler meets permits it ({@code <permits
 * type="usage">} lists a purpose holding it, or the licence lists no usage), prohibited when none
 * does. A licence that asks for payment, a licence server or terms carries them as obligations
 * (with their lines as notes), so that it never reads as a plain "allowed". User and country
 * terms are answered when the licensee states them ({@link Licensee}); otherwise they are noted,
 * not applied. Like the other usage preferences it speaks to using content, never to crawl,
 * though its obligations come with a crawl too. Thread-safe.
 */
public final class RslSource implements PolicySource {

  /** The kind and basis this source reports. */
  public static final String KIND = "rsl";

  /**
   * What the crawler's operator says of itself that a licence may restrict: its user type
   * ({@code commercial}, {@code non-commercial}, {@code education}, {@code government}, {@code
   * personal}) and its country (ISO 3166-1 alpha-2). Unstated: the terms are noted, not applied.
   *
   * @param userType the user type, if stated
   * @param country the country code, if stated
   */
  public record Licensee(Optional<String> userType, Optional<String> country) {
    /**
     * Normalises: user type lower case, country upper case, blanks read as unstated.
     *
     * @param userType the user type, if stated
     * @param country the country code, if stated
     */
    public Licensee {
      userType = userType.map(u -> u.strip().toLowerCase(Locale.ROOT)).filter(u -> !u.isEmpty());
      country = country.map(c -> c.strip().toUpperCase(Locale.ROOT)).filter(c -> !c.isEmpty());
    }

    /** A licensee who states nothing. */
    public static final Licensee UNSTATED = new Licensee(Optional.empty(), Optional.empty());
  }

  /** A {@code <content>} whose url is a pattern. */
  private record Matcher(RslDocument.Content content) {}

  private final RslDocument document;
  private final Licensee licensee;
  private final String via;
  /** Reads each licence for the licensee. */
  private final RslOffers offers;
  private final List<Matcher> matchers;
  /** Matcher i's pattern is pattern i. */
  private final PathPatternSet patterns;
  /** Per group of identical patterns, what its copies say together; null until first asked for. */
  private final Decided[] decided;
  /** Per group: the first member with a licence the licensee is not refused (-1: none), -2 until computed. */
  private final int[] offering;

  /**
   * A source for a read licence.
   *
   * @param document the licence as read
   * @param licensee what the crawler states of itself
   * @param via how the site points to it, for explanations ({@code robots.txt:3: License: …}), or
   *     the licence's own name when it was given directly (a local copy)
   */
  public RslSource(RslDocument document, Licensee licensee, String via) {
    this.document = Objects.requireNonNull(document, "document");
    this.licensee = Objects.requireNonNull(licensee, "licensee");
    this.via = Objects.requireNonNull(via, "via");
    this.offers = new RslOffers(document.sourceName(), licensee);
    List<Matcher> m = new ArrayList<>();
    List<String> p = new ArrayList<>();
    for (RslDocument.Content c : document.contents()) {
      pattern(c.url()).ifPresent(u -> {
        m.add(new Matcher(c));
        p.add(u);
      });
    }
    this.matchers = List.copyOf(m);
    this.patterns = PathPatternSet.compile(p, false);
    this.decided = new Decided[patterns.groups()];
    this.offering = new int[patterns.groups()];
    Arrays.fill(offering, -2);
  }

  /**
   * The RFC 9309 pattern a {@code <content url>} stands for: a path pattern as written, a full
   * URL's path and query ({@code *} and {@code $} kept); empty for anything else.
   *
   * @param url the attribute as written
   * @return the pattern, or empty
   */
  public static Optional<String> pattern(String url) {
    String u = url.strip();
    if (u.startsWith("/") && !u.startsWith("//") || u.startsWith("*")) {
      return Optional.of(u);
    }
    String lower = u.toLowerCase(Locale.ROOT);
    if (lower.startsWith("http://") || lower.startsWith("https://") || u.startsWith("//")) {
      return Optional.of(RequestPath.extract(u));
    }
    return Optional.empty();
  }

  /**
   * The licence as read.
   *
   * @return the document
   */
  public RslDocument document() {
    return document;
  }

  /** Speaks to using content, never to fetching it. */
  @Override
  public boolean decidesCrawl() {
    return false;
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String name() {
    return document.sourceName();
  }

  @Override
  public SourceVerdict decide(Query query, Instant now) {
    // The longest match's groups (distinct patterns), each standing for its copies: decided from
    // what each group's copies say together, computed once per group, not per copy.
    int[] tie = patterns.longestGroups(query.path());
    if (tie.length == 0) {
      return new SourceVerdict(KIND, name(), Verdict.NO_OPINION, List.of(),
          document.contents().isEmpty() ? "the licence covers nothing" : "no <content url> of the licence matches the path");
    }
    String tieText = tie(tie);
    Optional<String> silent = ContentUse.silence("RSL", query.usage(), query.purpose());
    if (silent.isPresent()) {
      // no verdict, but what the licence asks for still comes with whatever is done
      int first = Arrays.stream(tie).map(this::firstOffering).filter(m -> m >= 0).min().orElse(-1);
      SourceVerdict v = new SourceVerdict(KIND, name(), Verdict.NO_OPINION, List.of(), silent.get() + tieText);
      if (first < 0) {
        return v;
      }
      RslDocument.Content c = matchers.get(first).content();
      RslOffers.Offer o = c.licenses().stream().map(l -> offers.offer(c, l, Optional.empty(), query.usage().equals("crawl")))
          .filter(x -> !x.refused()).findFirst().orElseThrow();
      return v.withObligations(o.obligations()).withNotes(o.notes());
    }
    Purpose purpose = Purpose.of(query.purpose()).orElseThrow();
    int decider = patterns.member(tie[0], 0);
    if (tie.length > 1 || patterns.memberCount(tie[0]) > 1) {
      // the first <content> in document order that gives the most restrictive verdict of them all
      Verdict verdict = Verdict.NO_OPINION;
      for (int g : tie) {
        verdict = Verdict.stricter(verdict, decided(g).verdicts()[purpose.ordinal()]);
      }
      decider = -1;
      for (int g : tie) {
        Decided d = decided(g);
        if (d.verdicts()[purpose.ordinal()] == verdict && (decider < 0 || d.members()[purpose.ordinal()] < decider)) {
          decider = d.members()[purpose.ordinal()];
        }
      }
    }
    SourceVerdict result = decide(matchers.get(decider).content(), purpose, query.usage());
    return tieText.isEmpty() ? result : new SourceVerdict(result.kind(), result.source(), result.verdict(), result.evidence(), result.reason() + tieText,
        result.basis(), result.qualifiers(), result.obligations(), false, false, result.notes());
  }

  /** How many {@code <content>} lines a tie's reason lists before it counts the rest. */
  static final int TIE_LINES = 10;

  /**
   * "; N &lt;content&gt; match as long (lines a, b, … and M more): the most restrictive decides"
   * for a tie (the first {@value #TIE_LINES} lines and the count, as deciding lines are shown), ""
   * for one {@code <content>}.
   */
  private String tie(int[] groups) {
    long count = 0;
    List<Integer> first = new ArrayList<>();
    for (int g : groups) {
      int n = patterns.memberCount(g);
      count += n;
      for (int k = 0; k < Math.min(n, TIE_LINES); k++) {
        first.add(matchers.get(patterns.member(g, k)).content().line());
      }
    }
    if (count == 1) {
      return "";
    }
    first.sort(null);
    List<String> shown = first.subList(0, Math.min(first.size(), TIE_LINES)).stream().map(String::valueOf).toList();
    return "; " + count + " <content> match as long (lines " + String.join(", ", shown)
        + (count > TIE_LINES ? " and " + (count - TIE_LINES) + " more" : "") + "): the most restrictive decides";
  }

  /** What a group's {@code <content>} say together, per purpose (by ordinal): the most restrictive verdict, the first member giving it. */
  private record Decided(int[] members, Verdict[] verdicts) {}

  /** A group's deciders and verdicts for every purpose, in one pass over its copies per purpose; kept. */
  private Decided decided(int g) {
    Decided d = decided[g];
    if (d != null) {
      return d;
    }
    Purpose[] all = Purpose.values();
    int[] members = new int[all.length];
    Verdict[] verdicts = new Verdict[all.length];
    for (Purpose p : all) {
      Verdict verdict = Verdict.NO_OPINION;
      int decider = -1;
      for (int k = 0, n = patterns.memberCount(g); k < n; k++) {
        int m = patterns.member(g, k);
        Verdict v = verdict(matchers.get(m).content(), p);
        if (decider < 0 || Verdict.stricter(verdict, v) != verdict) {
          verdict = Verdict.stricter(verdict, v);
          decider = m;
        }
      }
      members[p.ordinal()] = decider;
      verdicts[p.ordinal()] = verdict;
    }
    d = new Decided(members, verdicts);
    decided[g] = d; // a record's fields are final: another thread sees it whole, or computes it again
    return d;
  }

  /** The verdict {@link #decide(RslDocument.Content, Purpose, String)} gives, without its sentences. */
  private Verdict verdict(RslDocument.Content content, Purpose purpose) {
    if (content.licenses().isEmpty()) {
      return Verdict.NO_OPINION;
    }
    for (RslDocument.License l : content.licenses()) {
      if (!offers.offer(content, l, Optional.of(purpose), false).refused()) {
        return Verdict.ALLOWED;
      }
    }
    return Verdict.PROHIBITED;
  }

  /** The group's first member with a licence not refused to the licensee, or -1. */
  private int firstOffering(int g) {
    int f = offering[g];
    if (f == -2) {
      f = -1;
      for (int k = 0, n = patterns.memberCount(g); k < n && f < 0; k++) {
        RslDocument.Content c = matchers.get(patterns.member(g, k)).content();
        for (RslDocument.License l : c.licenses()) {
          if (!offers.offer(c, l, Optional.empty(), false).refused()) {
            f = patterns.member(g, k);
            break;
          }
        }
      }
      offering[g] = f;
    }
    return f;
  }

  private SourceVerdict decide(RslDocument.Content content, Purpose purpose, String usage) {
    if (content.licenses().isEmpty()) {
      return new SourceVerdict(KIND, name(), Verdict.NO_OPINION, List.of(), "<content> at line " + content.line() + " has no <license>");
    }
    List<SourceLine> refusing = new ArrayList<>();
    List<String> why = new ArrayList<>();
    for (RslDocument.License l : content.licenses()) {
      RslOffers.Offer o = offers.offer(content, l, Optional.of(purpose), false);
      if (!o.refused()) {
        List<String> prohibited = l.prohibits().stream().filter(t -> t.type().equals("usage")).map(RslDocument.Term::text).toList();
        String what = o.permitsPurpose() ? "permits " + purpose.token()
            : prohibited.isEmpty() ? "lists no usage, so permits every use" : "prohibits only " + String.join(", ", prohibited) + ", so permits " + purpose.token();
        String asks = o.obligations().isEmpty() ? "" : ", on condition of " + String.join(", ", o.obligations().stream().map(Obligation::token).toList());
        return new SourceVerdict(KIND, name(), Verdict.ALLOWED, o.evidence(), "the licence at line " + l.line() + " " + what + asks)
            .withBasis(KIND).withObligations(o.obligations()).withNotes(o.notes());
      }
      refusing.addAll(o.evidence());
      why.add(o.why());
    }
    return new SourceVerdict(KIND, name(), Verdict.PROHIBITED, refusing, String.join("; ", why) + ": no " + usage + " of the content for "
        + purpose.token() + " under this licence (crawling stays with Allow/Disallow)").withBasis(KIND);
  }

  @Override
  public SourceExplanation explain(Query query, Instant now) {
    List<String> notes = new ArrayList<>();
    notes.add("rsl " + name() + ": " + document.contents().size() + " <content>" + (via.equals(name()) ? "" : ", via " + via));
    return new SourceExplanation(decide(query, now), Optional.empty(), notes);
  }

  @Override
  public CrawlHints hints(List<String> crawlers, Optional<String> purpose, Instant now) {
    return CrawlHints.none();
  }

  @Override
  public List<DecisionNote> conditions(List<String> crawlers, Optional<String> purpose, Instant now) {
    List<DecisionNote> out = new ArrayList<>();
    for (RslDocument.Content c : document.contents()) {
      for (RslDocument.License l : c.licenses()) {
        for (DecisionNote n : offers.offer(c, l, Optional.empty(), false).notes()) {
          out.add(new DecisionNote(n.code(), "<content url=\"" + c.url() + "\">: " + n.text(), n.lines()));
        }
      }
    }
    return out;
  }

  /**
   * A licence the site names but that was not read (no local copy given, no network access, a
   * fetch that failed): a source with no opinion whose reason says so, so that explanations and
   * {@code check --format jsonl} show the licence exists.
   *
   * @param url the licence's address as the site names it
   * @param via the line that names it ({@code License:}, a {@code Link} header, an HTML link)
   * @param why why it was not read
   * @return the source
   */
  public static PolicySource unread(String url, SourceLine via, String why) {
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(via, "via");
    Objects.requireNonNull(why, "why");
    return new PolicySource() {
      @Override
      public String kind() {
        return KIND;
      }

      @Override
      public String name() {
        return url;
      }

      @Override
      public SourceVerdict decide(Query query, Instant now) {
        return new SourceVerdict(KIND, url, Verdict.NO_OPINION, List.of(), "the licence named on " + via.source() + " line " + via.line()
            + " was not read: " + why);
      }

      @Override
      public CrawlHints hints(List<String> crawlers, Optional<String> purpose, Instant now) {
        return CrawlHints.none();
      }

      @Override
      public List<DecisionNote> conditions(List<String> crawlers, Optional<String> purpose, Instant now) {
        return List.of(new DecisionNote("rsl-unread", "the licence " + url + " was not read (" + why + ")", List.of(via)));
      }
    };
  }
}
