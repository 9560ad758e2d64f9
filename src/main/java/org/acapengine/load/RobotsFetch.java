package org.acapengine.load;

import java.net.URI;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import org.acapengine.eval.Basis;
import org.acapengine.eval.Decision;
import org.acapengine.model.SourceLine;
import org.acapengine.eval.Query;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.ParseOptions;
import org.acapengine.parse.RobotsTxtParser;

/**
 * What fetching an origin's robots.txt gave (RFC 9309 2.3.1): the file, or why there is none and
 * what that means for the crawler. Every outcome names the origin it speaks for (the one asked
 * about, whatever host a redirect led to), when it was fetched and until when it may be used.
 * Every reason names the URL and what failed.
 */
public sealed interface RobotsFetch {

  /**
   * The origin whose robots.txt was asked for; the rules apply to it (RFC 9309 2.3.1.2).
   *
   * @return the origin
   */
  Origin origin();

  /**
   * When the answer came (or the attempt ended).
   *
   * @return the instant
   */
  Instant fetchedAt();

  /**
   * Until when the outcome may be used before fetching again (RFC 9309 2.4).
   *
   * @return the instant
   */
  Instant expiresAt();

  /**
   * One line saying what happened, naming the URL.
   *
   * @return the description, one line
   */
  String describe();

  /**
   * The URL that was asked for.
   *
   * @return {@code /robots.txt} on the origin
   */
  default URI robotsUrl() {
    return origin().robotsTxt();
  }

  /**
   * The robots.txt was fetched (a 2xx answer, perhaps after redirects).
   *
   * @param origin the origin asked about
   * @param finalUrl the URL that answered (differs from {@link #robotsUrl()} after redirects)
   * @param status the final HTTP status (2xx)
   * @param body the first {@link FetchOptions#maxBytes()} bytes of the body, as served
   * @param truncated true when the body went on beyond them (the rest was not read)
   * @param redirects how many redirects were followed
   * @param fetchedAt when the answer came
   * @param expiresAt until when it may be used
   */
  record Fetched(Origin origin, URI finalUrl, int status, byte[] body, boolean truncated, int redirects, Instant fetchedAt, Instant expiresAt)
      implements RobotsFetch {
    /**
     * Checks that no component is null and copies the body.
     *
     * @param origin the origin asked about
     * @param finalUrl the URL that answered
     * @param status the final HTTP status (2xx)
     * @param body the first bytes of the body, as served; copied
     * @param truncated true when the body went on beyond them
     * @param redirects how many redirects were followed
     * @param fetchedAt when the answer came
     * @param expiresAt until when it may be used
     */
    public Fetched {
      Objects.requireNonNull(origin, "origin");
      Objects.requireNonNull(finalUrl, "finalUrl");
      Objects.requireNonNull(fetchedAt, "fetchedAt");
      Objects.requireNonNull(expiresAt, "expiresAt");
      body = body.clone();
    }

    /**
     * A copy of the body bytes.
     *
     * @return a new array each call
     */
    @Override
    public byte[] body() {
      return body.clone();
    }

    /**
     * The number of body bytes kept.
     *
     * @return the length of {@link #body()}
     */
    public int length() {
      return body.length;
    }

    /**
     * The parsed file, named by the robots.txt URL of the origin. A truncated body is parsed up to
     * the limit and the document says it was truncated.
     *
     * @param options the parse limits
     * @return the parsed document
     */
    public PolicyDocument document(ParseOptions options) {
      byte[] content = truncated ? Arrays.copyOf(body, body.length + 1) : body; // one byte past the limit marks the truncation
      return new RobotsTxtParser(truncated ? options.withMaxBytes(body.length) : options).parse(content, robotsUrl().toString());
    }

    /**
     * {@link #document(ParseOptions)} with the default parse options.
     *
     * @return the parsed document
     */
    public PolicyDocument document() {
      return document(ParseOptions.defaults());
    }

    @Override
    public String describe() {
      return robotsUrl() + " answered HTTP " + status + (redirects == 0 ? "" : " from " + finalUrl + " after " + redirects + " redirect" + (redirects == 1 ? "" : "s"))
          + " with " + body.length + " bytes" + (truncated ? " (the rest not read)" : "");
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Fetched f && origin.equals(f.origin) && finalUrl.equals(f.finalUrl) && status == f.status && Arrays.equals(body, f.body)
          && truncated == f.truncated && redirects == f.redirects && fetchedAt.equals(f.fetchedAt) && expiresAt.equals(f.expiresAt);
    }

    @Override
    public int hashCode() {
      return Objects.hash(origin, finalUrl, status, Arrays.hashCode(body), truncated, redirects, fetchedAt, expiresAt);
    }

    @Override
    public String toString() {
      return "Fetched[" + describe() + ", fetchedAt=" + fetchedAt + ", expiresAt=" + expiresAt + "]";
    }
  }

  /**
   * The robots.txt is unavailable (RFC 9309 2.3.1.3): a 4xx answer other than 429, more redirects
   * than allowed, or a redirect that cannot be followed. Any resource may be accessed.
   *
   * @param status the HTTP status that made it so (a 4xx, or the last 3xx)
   * @param reason what failed, naming the URL
   */
  record Unavailable(Origin origin, int status, String reason, Instant fetchedAt, Instant expiresAt) implements RobotsFetch {
    /**
     * Checks that no component is null.
     *
     * @param origin the origin asked about
     * @param status the HTTP status that made it so
     * @param reason what failed, naming the URL
     * @param fetchedAt when the attempt ended
     * @param expiresAt until when the outcome may be used
     */
    public Unavailable {
      Objects.requireNonNull(origin, "origin");
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(fetchedAt, "fetchedAt");
      Objects.requireNonNull(expiresAt, "expiresAt");
    }

    /**
     * Allowed, on the basis {@code robots-unavailable}, whatever the query.
     *
     * @return the decision
     */
    public Decision decision() {
      return decision(robotsUrl().toString());
    }

    /**
     * {@link #decision()}, its line named {@code source} (the robots.txt's name as the user gave
     * it), with no URL to build.
     *
     * @param source the name the deciding line gives
     * @return the decision
     */
    public Decision decision(String source) {
      return new Decision(true, Basis.ROBOTS_UNAVAILABLE,
          List.of(new SourceLine(source, 0, reason + ": robots.txt is unavailable, so any resource may be accessed (RFC 9309 2.3.1.3)")),
          List.of());
    }

    @Override
    public String describe() {
      return reason;
    }
  }

  /**
   * The robots.txt is unreachable (RFC 9309 2.3.1.4): a 5xx or 429 answer, a timeout, or a DNS,
   * connection or TLS failure. Nothing may be crawled (but robots.txt itself).
   *
   * @param status the HTTP status, when there was an answer
   * @param reason what failed, naming the URL
   */
  record Unreachable(Origin origin, OptionalInt status, String reason, Instant fetchedAt, Instant expiresAt) implements RobotsFetch {
    /**
     * Checks that no component is null.
     *
     * @param origin the origin asked about
     * @param status the HTTP status, when there was an answer
     * @param reason what failed, naming the URL
     * @param fetchedAt when the attempt ended
     * @param expiresAt until when the outcome may be used
     */
    public Unreachable {
      Objects.requireNonNull(origin, "origin");
      Objects.requireNonNull(status, "status");
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(fetchedAt, "fetchedAt");
      Objects.requireNonNull(expiresAt, "expiresAt");
    }

    /**
     * Prohibited, on the basis {@code robots-unreachable}; crawling {@code /robots.txt} itself
     * stays allowed, so that the crawler can try again (RFC 9309 2.2.2).
     *
     * @param query the query
     * @return the decision
     */
    public Decision decision(Query query) {
      return query.isRobotsTxt() ? Decision.ROBOTS_TXT : decision(robotsUrl().toString());
    }

    /**
     * The prohibition {@link #decision(Query)} gives for any path but {@code /robots.txt}, its
     * line named {@code source} (the robots.txt's name as the user gave it), with no URL to build.
     *
     * @param source the name the deciding line gives
     * @return the decision
     */
    public Decision decision(String source) {
      return new Decision(false, Basis.ROBOTS_UNREACHABLE,
          List.of(new SourceLine(source, 0, reason + ": robots.txt is unreachable, so nothing may be crawled (RFC 9309 2.3.1.4)")),
          List.of());
    }

    @Override
    public String describe() {
      return reason;
    }
  }

}
