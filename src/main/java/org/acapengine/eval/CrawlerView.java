package org.acapengine.eval;

import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.acapengine.model.AcapField;
import org.acapengine.model.SourceLine;

/**
 * Everything of a policy a crawler's decisions need, without the document: the rule tables of
 * the ACAP records naming it, of those for any crawler, and of the conventional groups RFC 9309
 * selects for it (each may be absent; crawlers that select alike share the tables), the
 * permissions references of its records that could not be loaded, and its action requests. A
 * {@link CrawlerPolicy} is one of these with its crawler's names (a subclass, so that a crawler's
 * own policy is one object, not a policy holding a view: 32 bytes an origin, not 64); {@link
 * CompiledPolicy} keeps them by selection. Immutable; thread-safe.
 */
sealed class CrawlerView permits CrawlerPolicy {

  final RuleTable named;
  final RuleTable any;
  final RuleTable conventional;
  /**
   * The failed references and action requests, whether the file says {@code
   * ACAP-ignore-conventional-records}, and the usages conventional rules decide when not {@code
   * crawl} alone, when the crawler has any of them; else null (most crawlers). (The number of the
   * file's scope ranks, which a decision's marks by rank need, is its tables': {@link TableText#rankCount}.)
   */
  private final Extras extras;

  /**
   * What few crawlers have.
   *
   * @param namedFailure a permissions reference of a record naming the crawler that could not be loaded
   * @param namedFailureReason why
   * @param anyFailure a permissions reference of a record for any crawler that could not be loaded
   * @param anyFailureReason why
   * @param actionRequests the crawler's action requests (2.6), in file order
   * @param ignoresConventional the file says {@code ACAP-ignore-conventional-records} and the
   *     crawler has conventional rules: ACAP crawlers read none of them (2.9.1)
   * @param conventionalAppliesTo the usages conventional rules decide, when the crawler has some
   *     and they are not {@code crawl} alone (the default); else null
   */
  private record Extras(SourceLine namedFailure, String namedFailureReason, SourceLine anyFailure, String anyFailureReason,
      List<AcapField.ActionRequest> actionRequests, boolean ignoresConventional, Set<String> conventionalAppliesTo) {}

  CrawlerView(RuleTable named, RuleTable any, RuleTable conventional, boolean ignoresConventional, Set<String> conventionalAppliesTo,
      SourceLine namedFailure, String namedFailureReason, SourceLine anyFailure, String anyFailureReason,
      List<AcapField.ActionRequest> actionRequests) {
    this.named = named;
    this.any = any;
    this.conventional = conventional;
    // Ignoring conventional records, or their applying to other usages, matters only to a crawler that has some (rare either way).
    boolean ignores = ignoresConventional && conventional != null;
    Set<String> applies = conventional == null || conventionalAppliesTo.equals(Set.of("crawl")) ? null : conventionalAppliesTo;
    this.extras = namedFailure == null && anyFailure == null && actionRequests.isEmpty() && !ignores && applies == null ? null
        : new Extras(namedFailure, namedFailureReason, anyFailure, anyFailureReason, List.copyOf(actionRequests), ignores, applies);
  }

  /** View {@code v} with these tables in place of its own. */
  CrawlerView(CrawlerView v, RuleTable named, RuleTable any, RuleTable conventional) {
    this.named = named;
    this.any = any;
    this.conventional = conventional;
    this.extras = v.extras;
  }

  /**
   * The view's tables (named, any, conventional) naming their file by {@code key} ({@link
   * RuleTable#namingItsFileBy}), when every table's lines are all of the file {@link
   * TableLines#fileOf} names; else null.
   */
  RuleTable[] tablesNamingItsFileBy(String key) {
    String file = TableLines.fileOf(key);
    RuleTable[] tables = {named, any, conventional};
    RuleTable[] copies = new RuleTable[3];
    boolean some = false;
    for (int k = 0; k < 3; k++) {
      if (tables[k] == null) {
        continue;
      }
      for (int j = 0; j < k && copies[k] == null; j++) {
        copies[k] = tables[j] == tables[k] ? copies[j] : null; // one table in two places stays one
      }
      if (copies[k] == null) {
        copies[k] = tables[k].namingItsFileBy(key, file);
        if (copies[k] == null) {
          return null;
        }
      }
      some = true;
    }
    return some ? copies : null;
  }

  /** The view of a crawler no rule of the file speaks to (and no failed reference, no action request): one for all. */
  static final CrawlerView EMPTY = new CrawlerView(null, null, null, false, Set.of("crawl"), null, null, null, null, List.of());

  /** True when the view has no table, no failed reference and no action request: it decides as {@link #EMPTY} does. */
  boolean isEmpty() {
    return named == null && any == null && conventional == null && extras == null;
  }

  /** True when the file says {@code ACAP-ignore-conventional-records} and the view has conventional rules: ACAP crawlers read none (2.9.1). */
  boolean ignoresConventional() {
    return extras != null && extras.ignoresConventional();
  }

  SourceLine namedFailure() {
    return extras == null ? null : extras.namedFailure();
  }

  String namedFailureReason() {
    return extras == null ? null : extras.namedFailureReason();
  }

  SourceLine anyFailure() {
    return extras == null ? null : extras.anyFailure();
  }

  String anyFailureReason() {
    return extras == null ? null : extras.anyFailureReason();
  }

  List<AcapField.ActionRequest> actionRequests() {
    return extras == null ? List.of() : extras.actionRequests();
  }

  /** True when the view has failed references, action requests, ignores conventional records or applies them to other usages (for {@link Footprint}). */
  boolean hasExtras() {
    return extras != null;
  }

  boolean conventionalAppliesTo(String usage) {
    Set<String> applies = extras == null ? null : extras.conventionalAppliesTo();
    return applies == null ? usage.equals("crawl") : applies.contains(usage);
  }

  /** What a decision for {@code usage} consults in the named records' table, or null. */
  Bucket namedBucket(String usage) {
    return named == null ? null : named.bucket(usage);
  }

  Bucket anyBucket(String usage) {
    return any == null ? null : any.bucket(usage);
  }

  /** The conventional rules an ACAP crawler reads for {@code usage}, or null when none applies. */
  Bucket conventionalBucket(String usage) {
    return conventional == null || extras != null && extras.ignoresConventional() || !conventionalAppliesTo(usage) ? null : conventional.conventionalBucket(false);
  }

  /** The conventional rules a legacy crawler reads (RFC 9309 alone, rules inside ACAP records included), or null. */
  Bucket legacyBucket() {
    return conventional == null ? null : conventional.conventionalBucket(true);
  }

  static final Comparator<SourceLine> BY_LINE = Comparator.comparing(SourceLine::source).thenComparingInt(SourceLine::line);
}
