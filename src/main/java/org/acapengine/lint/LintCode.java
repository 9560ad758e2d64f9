package org.acapengine.lint;

import org.acapengine.model.Code;
import org.acapengine.model.Severity;

/**
 * The findings only {@code acap lint} reports, beside the parser's {@link
 * org.acapengine.model.DiagnosticCode}s: a stable code, its severity, a one-line title and how to
 * fix it. The two sets share one namespace of codes ({@link LintRules} checks that no code is
 * used twice).
 */
public enum LintCode implements Code {
  // ---- the file as a whole -------------------------------------------------------------------
  /** The file looks like an HTML or XML page, not a robots.txt. */
  LOOKS_LIKE_HTML("looks-like-html", Severity.WARNING,
      "the file looks like an HTML or XML page, not a robots.txt",
      "Serve a plain-text robots.txt: a page (an error or login page, a redirect to the home page) served in its place gives crawlers no rules at all, and most then crawl everything."),
  /** A line longer than the 16664 bytes google/robotstxt reads. */
  LINE_TOO_LONG("line-too-long", Severity.WARNING,
      "a line longer than 16664 bytes",
      "google/robotstxt reads at most 16664 bytes of a line (2083 x 8) and ignores the rest of it; split the value, or shorten the pattern."),
  /** ACAP fields without a {@code ##ACAP version=1.0} comment (ACAP 2.9.3). */
  MISSING_VERSION_COMMENT("missing-version-comment", Severity.WARNING,
      "the file uses ACAP fields but has no '##ACAP version=1.0' comment",
      "Put '##ACAP version=1.0' on the first line of the file (2.9.3), so that crawlers and tools know which version of ACAP the file is written for."),

  // ---- ACAP fields -----------------------------------------------------------------------------
  /** A {@code time-limit=until-YYYY-MM-DD} already past (ACAP 2.5.3.1). */
  PAST_TIME_LIMIT("past-time-limit", Severity.WARNING,
      "time-limit=until-YYYY-MM-DD with a date already past",
      "The usage was permitted until, but not after, that date (2.5.3.1): the permission has run out. Give a later date, or remove the permission if the usage is no longer allowed."),
  /** A feature ACAP 1.0 marks as not ready for implementation (ACAP 2.6, 2.5.5.2.2, 2.5.5.2.5). */
  NOT_READY_FOR_IMPLEMENTATION("not-ready-for-implementation", Severity.WARNING,
      "a feature ACAP 1.0 marks as not ready for implementation",
      "Crawlers are not expected to honour it: action requests (2.6), must-use-resource on present usages (2.5.5.2.2), must-include-resource (2.5.5.2.5) and its link role, the resource type link (change 2.2). Agree its use with the crawler operator, or express the policy with fields that are ready."),

  // ---- fields that cannot decide anything ------------------------------------------------------
  /** A field or rule that repeats an earlier one for the same crawlers. */
  DUPLICATE_FIELD("duplicate-field", Severity.WARNING,
      "a field or rule that repeats an earlier one for the same crawlers",
      "Identical fields (same kind, usage, pattern, qualifiers and purposes, for the same crawler) decide together, so the repetition can never change a decision; remove it, or correct it if another pattern or usage was meant."),
  /**
   * A permission and a prohibition with the identical pattern for the same crawler and usage (ACAP
   * 2.4.5).
   */
  SAME_SCOPE_CONFLICT("same-scope-conflict", Severity.WARNING,
      "a permission and a prohibition with the identical pattern for the same crawler and usage",
      "ACAP: equally narrow fields that disagree prohibit the usage (2.4.5), so the permission never grants anything. RFC 9309: of equal Allow and Disallow rules the Allow rule is used, so the Disallow never applies. Remove the one that is not meant, or narrow one of the patterns."),

  // ---- conventional and ACAP records together -------------------------------------------------
  /** Conventional (RFC 9309) and ACAP records decide a path differently for the same crawler. */
  DIVERGENCE("divergence", Severity.WARNING,
      "legacy crawlers and ACAP crawlers decide a path differently",
      "A crawler that reads only the conventional records (RFC 9309) and an ACAP crawler of the same name reach different crawl decisions for this path. If that is not intended, make the conventional rules and the ACAP fields agree, or add ACAP-ignore-conventional-records on purpose."),
  /** A User-agent line without rules that RFC 9309 merges into the next group. */
  USER_AGENT_MERGE("user-agent-merge", Severity.WARNING,
      "a User-agent line with no rules, separated from the next User-agent line only by blank lines or comments",
      "RFC 9309 makes consecutive User-agent lines one group, whatever blank lines and comments stand between them, so the first crawler gets the rules of the second. To give it no restrictions, add 'Disallow:' (empty) under it; to share the rules on purpose, put the User-agent lines together."),
  /** A crawler name with characters outside RFC 9309 2.2.1's product token, in which google/robotstxt reads no name at all. */
  CRAWLER_NAME_OUTSIDE_RFC9309("crawler-name-outside-rfc9309", Severity.INFO,
      "a User-agent crawler name with characters outside RFC 9309's [A-Za-z_-], in which google/robotstxt reads no name at all",
      "acap-engine matches the whole name (docs/semantics.md, crawler identity), but RFC 9309 2.2.1 allows only letters, '_' and '-' in a product token, and crawlers that read the file as google/robotstxt does read no name in one that starts with another character ('360Spider'), so for them the line addresses no crawler. Nothing to fix if the crawler is known to match its full name."),
  /** A crawler name google/robotstxt reads as another, shorter name ({@code AI2Bot} as {@code AI}). */
  CRAWLER_NAME_READ_DIFFERENTLY("crawler-name-read-differently", Severity.WARNING,
      "a User-agent crawler name that google/robotstxt reads as another crawler's name",
      "google/robotstxt, and crawlers that read names as it does, keep only the leading run of letters, '_' and '-' (RFC 9309 2.2.1's product-token characters): 'User-agent: AI2Bot' is a group for a crawler called 'AI', and AI2Bot itself gets the '*' group. acap-engine matches the whole name, and so may the crawler; if it does not, its group does not reach it. Keep the line (it is the name the crawler's operator publishes), and check what the '*' group gives such crawlers."),
  /** A field that is neither a robots.txt field nor a known extension. */
  UNKNOWN_FIELD("unknown-field", Severity.WARNING,
      "a field name that is no robots.txt field and no known extension",
      "Crawlers ignore the line. Check the spelling (User-agent, Allow, Disallow, Sitemap), or remove it."),
  /** A known extension that acap-engine's decisions do not depend on. */
  EXTENSION_FIELD("extension-field", Severity.INFO,
      "a known robots.txt extension that acap-engine's decisions do not depend on",
      "Fields such as Crawl-delay, Request-rate, Host or Clean-param are read by some crawlers only, and acap-engine's allow/disallow decisions do not take them into account; nothing to fix if the field is meant."),

  // ---- AI usage preferences (Content-Signal, AIPREF Content-Usage) ---------------------------
  /** A Content-Signal or Content-Usage line outside any group. */
  PREFERENCE_OUTSIDE_GROUP("preference-outside-group", Severity.WARNING,
      "a Content-Signal or Content-Usage line outside any group",
      "Both are read in the group of the crawler (RFC 9309 group selection), so a line before the first User-agent line, or inside an ACAP record, applies to no crawler. Move it under 'User-agent: *' (or the crawlers it is meant for)."),
  /** A Content-Signal pair that is not key=value with a known key and value. */
  MALFORMED_CONTENT_SIGNAL("malformed-content-signal", Severity.WARNING,
      "a Content-Signal pair that states nothing",
      "Content-Signal takes comma-separated pairs search=yes|no, ai-input=yes|no, ai-train=yes|no and use=immediate|reference|full; any other pair states nothing, and crawlers read the signal as absent."),
  /** A Content-Usage value that is not an RFC 9651 Dictionary, so it states nothing. */
  MALFORMED_CONTENT_USAGE("malformed-content-usage", Severity.WARNING,
      "a Content-Usage value that is not a Structured Fields Dictionary, so it states nothing",
      "The value is an RFC 9651 Dictionary such as 'train-ai=n, search=y': lower-case keys, tokens y or n. A value that does not parse states no preference at all (draft-ietf-aipref-attach)."),
  /** A Content-Usage label outside the vocabulary (legacy labels of earlier drafts among them). */
  UNKNOWN_CONTENT_USAGE_LABEL("unknown-content-usage-label", Severity.WARNING,
      "a Content-Usage label outside the vocabulary",
      "The vocabulary (draft-ietf-aipref-vocab-08) has the labels train-ai (training generative models), ai-use (input to a generative model) and search; other labels, those of earlier drafts (ai, genai, tdm, train-genai, bots, ...) among them, MUST be ignored (vocab-08 6.4). Use train-ai for training generative models."),
  /** A Content-Usage rule for a path the group does not let its crawlers crawl. */
  PREFERENCE_ON_DISALLOWED_PATH("preference-on-disallowed-path", Severity.WARNING,
      "a Content-Usage rule for a path the group's rules disallow",
      "Content-Usage rules apply only to paths the crawler may crawl (draft-ietf-aipref-attach), so this one has no effect. Remove it, or allow crawling the path."),
  /** ACAP fields, Content-Signal and Content-Usage disagree for a crawler and purpose. */
  PREFERENCE_DIVERGENCE("preference-divergence", Severity.WARNING,
      "ACAP fields, Content-Signal and Content-Usage disagree for a crawler and purpose",
      "One of the file's statements allows what another refuses, for the same crawler and purpose. acap-engine (and any careful crawler) then refuses, but crawlers that read only one of the formats will act differently. Make them agree."),

  /** A preference line in the {@code *} group, when crawlers with groups of their own do not read it. */
  PREFERENCE_NOT_INHERITED("preference-not-inherited", Severity.WARNING,
      "a Content-Signal or Content-Usage line in the 'User-agent: *' group, which the crawlers with groups of their own do not read",
      "RFC 9309 gives a crawler one group: its own when one names it, else '*'. A crawler named in another group reads none of the '*' group's lines, so this preference does not reach it (acap explain says so for each such crawler). Repeat the line in every named group it is meant for."),

  // ---- RSL licences (robots.txt License:, --rsl FILE) -------------------------------------------
  /** A License: line whose value is not an absolute http(s) URL. */
  LICENSE_NOT_ABSOLUTE("license-not-absolute", Severity.WARNING,
      "an RSL License: line whose value is not an absolute http(s) URL",
      "RSL 1.0 (rslstandard.org/guide/robots-txt) gives License: the licence's absolute URL, which may be on another host; crawlers resolve nothing else. Write the full URL, such as https://example.com/license.xml."),
  /** An RSL licence rejected whole. */
  RSL_UNREADABLE("rsl-unreadable", Severity.ERROR,
      "an RSL licence that is rejected whole: not well-formed XML, a DOCTYPE, an encoding not read, over a size or nesting limit, or not an <rsl> document",
      "Crawlers read the site as having no licence at all. Serve well-formed XML without a DOCTYPE (no DTD is read), in UTF-8, with <rsl xmlns=\"https://rslstandard.org/rsl\"> as its root (docs/formats.md, RSL 1.0)."),
  /** An RSL structure the specification does not define, or one that states nothing. */
  RSL_MALFORMED("rsl-malformed", Severity.WARNING,
      "an RSL element or attribute out of place, missing or stating nothing",
      "The message says which: the namespace, a <content> without url or <license>, a second <content> for the same url, an empty <permits>, a <payment> without type, an <amount> without currency, an element that is not read where it stands. Correct it as RSL 1.0 writes it (rslstandard.org/rsl)."),
  /** A token RSL 1.0 does not define. */
  RSL_UNKNOWN_TOKEN("rsl-unknown-token", Severity.WARNING,
      "an RSL usage, user type, country, term type or payment type that RSL 1.0 does not define",
      "An unknown usage token is ignored; an unknown user type or country matches no crawler; an unknown term type is ignored; an unknown payment type is read as a payment. Use RSL 1.0's tokens: usage all, ai-all, ai-train, ai-input, ai-index, search; user commercial, non-commercial, education, government, personal; ISO 3166-1 alpha-2 countries; payment purchase, subscription, training, crawl, use, contribution, attribution, free."),
  /** A pre-1.0 RSL usage token. */
  RSL_LEGACY_TOKEN("rsl-legacy-token", Severity.WARNING,
      "an RSL usage token of a pre-1.0 draft or tool (train-ai, train-genai, ai-use, ai-summarize)",
      "acap-engine reads it as its document meant it (train-ai as ai-train: the getting-started guide's templates used AIPREF's label of the time), but RSL 1.0 readers may not. Write the 1.0 token the message names."),

  // ---- acap-lint comments ----------------------------------------------------------------------
  /** An {@code # acap-lint:} comment that suppresses nothing. */
  UNUSED_SUPPRESSION("unused-suppression", Severity.INFO,
      "an '# acap-lint:' comment that suppresses nothing",
      "Remove the code from the comment (the finding it suppressed is gone), fix a misspelt code, or write the directive as '# acap-lint: disable=CODE', 'disable-next-line=CODE' or 'disable-file=CODE' (docs/lint.md, Suppressing findings).");

  private final Definition definition;

  LintCode(String code, Severity severity, String title, String help) {
    this.definition = new Definition(code, severity, title, help);
  }

  @Override
  public Definition definition() {
    return definition;
  }
}
