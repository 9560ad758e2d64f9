package org.acapengine.spark;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.OptionalInt;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.load.Origin;
import org.acapengine.load.RobotsFetch;
import org.acapengine.load.UnfetchedRobotsSource;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.site.SitePolicy;

/**
 * One robots.txt capture made into the policy that decides for its origin, with RFC 9309 2.3.1's
 * status semantics: a 2xx with a body is parsed and compiled (with the Content-Signal and
 * Content-Usage lines it carries, as {@link SitePolicy} reads them); a 3xx (a redirect whose
 * target was not captured) or a 4xx is unavailable, everything allowed; a 5xx, a 429, any other
 * status, or a 2xx without a body is unreachable, everything prohibited but /robots.txt.
 *
 * @param robotsUrl the robots.txt URL, named by deciding lines
 * @param fetchTime when it was fetched
 * @param status the HTTP status, or null when there was no response
 * @param sha256 the SHA-256 of the body, lower-case hex; null without a body
 * @param site the policy
 */
record CapturePolicy(String robotsUrl, Instant fetchTime, Integer status, String sha256, SitePolicy site) {

  static CapturePolicy of(Origin origin, String robotsUrl, Instant fetchTime, Integer status, byte[] body) {
    String sha = body == null ? null : sha256(body);
    Instant expires = fetchTime.plusSeconds(24 * 3600);
    SitePolicy.Builder b = SitePolicy.builder().clock(Clock.fixed(fetchTime, ZoneOffset.UTC));
    if (status != null && status >= 200 && status < 300 && body != null) {
      b.robots(CompiledPolicy.compile(new RobotsTxtParser().parse(body, robotsUrl)));
    } else if (status != null && status >= 300 && status < 500 && status != 429) {
      b.robots(new UnfetchedRobotsSource(robotsUrl,
          new RobotsFetch.Unavailable(origin, status, robotsUrl + " answered HTTP " + status, fetchTime, expires)));
    } else {
      String what = status == null ? robotsUrl + " gave no response" : status >= 200 && status < 300
          ? robotsUrl + " answered HTTP " + status + " without a body" : robotsUrl + " answered HTTP " + status;
      OptionalInt code = status == null ? OptionalInt.empty() : OptionalInt.of(status);
      b.robots(new UnfetchedRobotsSource(robotsUrl, new RobotsFetch.Unreachable(origin, code, what, fetchTime, expires)));
    }
    return new CapturePolicy(robotsUrl, fetchTime, status, sha, b.build());
  }

  /** The policy for an origin with no usable capture, by {@link DecideOptions.NoCapture}. */
  static CapturePolicy none(Origin origin, DecideOptions.NoCapture rule) {
    String robotsUrl = origin.robotsTxt().toString();
    String reason = "no capture of " + robotsUrl;
    SitePolicy.Builder b = SitePolicy.builder().clock(Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));
    b.robots(new UnfetchedRobotsSource(robotsUrl, rule == DecideOptions.NoCapture.UNAVAILABLE
        ? new RobotsFetch.Unavailable(origin, 404, reason, Instant.EPOCH, Instant.EPOCH)
        : new RobotsFetch.Unreachable(origin, OptionalInt.empty(), reason, Instant.EPOCH, Instant.EPOCH)));
    return new CapturePolicy(robotsUrl, null, null, null, b.build());
  }

  static String sha256(byte[] body) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
  }
}
