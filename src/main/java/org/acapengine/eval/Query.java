package org.acapengine.eval;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.acapengine.eval.match.RequestPath;
import org.acapengine.model.QualifierType;

/**
 * "May crawler C, for purpose P, do usage U on this path?"
 *
 * @param crawlers the crawler's names, as given; at least one. robots.txt reduces each to its
 *     crawler token and compares case-insensitively ({@link
 *     org.acapengine.eval.match.ProductToken}), a Scorpion file compares them byte for byte
 * @param purpose the usage purpose, when the crawler states one (2.3.3)
 * @param usage the usage name, lower-cased ({@code crawl}, {@code present-snippet}, ...)
 * @param path the path with query, canonical ({@link RequestPath#of})
 * @param honourable the qualifier types the crawler can honour, when it declares them (empty
 *     Optional: it honours all); a permission with a qualifier the crawler cannot honour counts
 *     as a prohibition (2.5.5.2.3)
 * @param rawPath the path with query as it is sent, not canonicalised ({@link
 *     RequestPath#asSent}: non-ASCII, space and controls percent-encoded, nothing else changed),
 *     for the sources that compare the URL as sent byte for byte (Scorpion, docs/adapters.md);
 *     the canonical {@code path} when the query was made from one
 */
public record Query(List<String> crawlers, Optional<String> purpose, String usage, String path, Optional<Set<QualifierType>> honourable,
    String rawPath) {

  /**
   * A query whose path is already canonical; it is also its {@link #rawPath}.
   *
   * @param crawlers the crawler's names, at least one
   * @param purpose the usage purpose the crawler states, if any
   * @param usage the usage name, lower-cased
   * @param path the canonical path with query
   * @param honourable the qualifier types the crawler can honour (empty Optional: all)
   */
  public Query(List<String> crawlers, Optional<String> purpose, String usage, String path, Optional<Set<QualifierType>> honourable) {
    this(crawlers, purpose, usage, path, honourable, path);
  }

  /**
   * Copies the collections and checks that nothing is null.
   *
   * @param crawlers the crawler's names, at least one
   * @param purpose the usage purpose the crawler states, if any
   * @param usage the usage name, lower-cased
   * @param path the canonical path with query
   * @param honourable the qualifier types the crawler can honour (empty Optional: all)
   * @param rawPath the path with query as sent
   * @throws IllegalArgumentException if {@code crawlers} is empty
   */
  public Query {
    crawlers = List.copyOf(crawlers);
    if (crawlers.isEmpty()) {
      throw new IllegalArgumentException("a query names at least one crawler");
    }
    Objects.requireNonNull(purpose, "purpose");
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(path, "path");
    honourable = honourable.map(s -> s.isEmpty() ? Set.<QualifierType>of() : Set.copyOf(EnumSet.copyOf(s)));
    Objects.requireNonNull(rawPath, "rawPath");
  }

  /**
   * A query from what a user writes: crawler names (a User-Agent string names its crawler
   * token), a usage name, a URL or path; no purpose, every qualifier honoured.
   *
   * @param crawler the crawler's name or User-Agent string
   * @param usage the usage name, any case ({@code crawl}, {@code index}, ...)
   * @param urlOrPath an absolute URL or a path, canonicalised ({@link RequestPath#of})
   * @return the query
   */
  public static Query of(String crawler, String usage, String urlOrPath) {
    return builder().crawler(crawler).usage(usage).url(urlOrPath).build();
  }

  /**
   * A builder with no crawler yet, usage {@code crawl}, path {@code /}, no purpose and every
   * qualifier honoured.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * True for a crawl of {@code /robots.txt} itself (with or without a query), which may always be
   * crawled (RFC 9309 2.2.2): {@link Decision#ROBOTS_TXT}.
   *
   * @return whether the usage is {@code crawl} and the path {@code /robots.txt}
   */
  public boolean isRobotsTxt() {
    return Decide.isRobotsTxt(usage, path);
  }

  /**
   * The same query for another path.
   *
   * @param urlOrPath an absolute URL or a path, canonicalised ({@link RequestPath#of})
   * @return the new query
   */
  public Query withPath(String urlOrPath) {
    RequestPath.Forms forms = RequestPath.forms(urlOrPath);
    return new Query(crawlers, purpose, usage, forms.canonical(), honourable, forms.asSent());
  }

  /**
   * The same query for another usage.
   *
   * @param usageName the usage name, any case
   * @return the new query
   */
  public Query withUsage(String usageName) {
    return new Query(crawlers, purpose, usageName.toLowerCase(Locale.ROOT), path, honourable, rawPath);
  }

  /** Builds queries; {@link #url} canonicalises, {@link #crawler} keeps the name as written (stripped). */
  public static final class Builder {
    private final List<String> crawlers = new ArrayList<>();
    private Optional<String> purpose = Optional.empty();
    private String usage = "crawl";
    private String path = "/";
    private String rawPath = "/";
    private Optional<Set<QualifierType>> honourable = Optional.empty();

    /**
     * Adds one of the crawler's names.
     *
     * @param name a crawler name or User-Agent string, kept as written (stripped)
     * @return this builder
     */
    public Builder crawler(String name) {
      crawlers.add(name.strip()); // as written: robots.txt reduces it (ProductToken), a Scorpion file compares it whole
      return this;
    }

    /**
     * Adds several of the crawler's names, in order.
     *
     * @param names crawler names or User-Agent strings
     * @return this builder
     */
    public Builder crawlers(List<String> names) {
      names.forEach(this::crawler);
      return this;
    }

    /**
     * Sets the usage purpose the crawler states (ACAP 2.3.3).
     *
     * @param p the purpose; null or blank for none
     * @return this builder
     */
    public Builder purpose(String p) {
      this.purpose = Optional.ofNullable(p).filter(s -> !s.isBlank()).map(String::strip);
      return this;
    }

    /**
     * Sets the usage asked about.
     *
     * @param u the usage name, any case ({@code crawl}, {@code present-snippet}, a local usage ...)
     * @return this builder
     */
    public Builder usage(String u) {
      this.usage = u.strip().toLowerCase(Locale.ROOT);
      return this;
    }

    /**
     * Sets the resource asked about: its canonical path and its path as sent.
     *
     * @param urlOrPath an absolute URL or a path
     * @return this builder
     */
    public Builder url(String urlOrPath) {
      RequestPath.Forms forms = RequestPath.forms(urlOrPath);
      this.path = forms.canonical();
      this.rawPath = forms.asSent();
      return this;
    }

    /**
     * Declares the qualifier types the crawler can honour; a permission with any other
     * qualifier counts as a prohibition (2.5.5.2.3).
     *
     * @param types the qualifier types honoured; empty for none
     * @return this builder
     */
    public Builder honouring(Set<QualifierType> types) {
      this.honourable = Optional.of(types);
      return this;
    }

    /**
     * The query.
     *
     * @return the query built so far
     * @throws IllegalArgumentException if no crawler was named
     */
    public Query build() {
      return new Query(crawlers, purpose, usage, path, honourable, rawPath);
    }
  }
}
