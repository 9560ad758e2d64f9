package org.acapengine.load;

import com.google.common.base.Suppliers;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import javax.net.ssl.SSLException;

/**
 * Fetches an origin's robots.txt as RFC 9309 2.3.1 says, over {@code java.net.http}: http and
 * https only; a connect timeout and a deadline for the whole of each request; the body read as a
 * stream and cut at {@link FetchOptions#maxBytes()} (the rest is not read); redirects followed by
 * hand, across hosts, up to {@link FetchOptions#maxRedirects()}, with the rules applying to the
 * origin asked about; the {@code User-Agent} header the caller gives. Never throws: every failure
 * is a {@link RobotsFetch} whose reason names the URL and what failed. Thread-safe; one instance
 * shares its connections between threads. The HTTP client, and the selector thread it starts, is
 * made at the first fetch, not before: a command or loader that reads only local files starts no
 * network machinery. Rules and choices: docs/fetching.md.
 */
public final class RobotsFetcher {

  private static final Set<Integer> REDIRECTS = Set.of(301, 302, 303, 307, 308);

  private final FetchOptions options;
  private final Clock clock;
  /** Made at the first fetch (thread-safe, once), shared with {@link #withOptions} fetchers of the same connect timeout. */
  private final Supplier<HttpClient> client;

  /**
   * A fetcher on the system UTC clock.
   *
   * @param options the fetch options; not null
   */
  public RobotsFetcher(FetchOptions options) {
    this(options, Clock.systemUTC());
  }

  /**
   * A fetcher whose fetch and expiry times come from {@code clock}.
   *
   * @param options the fetch options; not null
   * @param clock the clock; not null
   */
  public RobotsFetcher(FetchOptions options, Clock clock) {
    this(options, clock, client(options));
  }

  private RobotsFetcher(FetchOptions options, Clock clock, Supplier<HttpClient> client) {
    this.options = Objects.requireNonNull(options, "options");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.client = client;
  }

  private static Supplier<HttpClient> client(FetchOptions options) {
    Duration connectTimeout = options.connectTimeout();
    return Suppliers.memoize(() -> HttpClient.newBuilder()
        .connectTimeout(connectTimeout)
        .followRedirects(HttpClient.Redirect.NEVER)
        .version(HttpClient.Version.HTTP_1_1)
        .build());
  }

  /**
   * A fetcher with other options that shares this one's HTTP client (its connections and
   * threads), and its clock. The connect timeout belongs to the client: options with another one
   * get a client of their own.
   *
   * @param other the options of the new fetcher; not null
   * @return the fetcher
   */
  public RobotsFetcher withOptions(FetchOptions other) {
    Objects.requireNonNull(other, "other");
    return new RobotsFetcher(other, clock, other.connectTimeout().equals(options.connectTimeout()) ? client : client(other));
  }

  /**
   * The options this fetcher uses.
   *
   * @return the options
   */
  public FetchOptions options() {
    return options;
  }

  /**
   * Fetches {@code origin}'s {@code /robots.txt}, following redirects.
   *
   * @param origin the origin
   * @return the outcome: fetched, unavailable or unreachable; never throws
   */
  public RobotsFetch fetch(Origin origin) {
    return fetch(origin, origin.robotsTxt());
  }

  /**
   * Fetches {@code start} as the robots.txt of {@code origin}, following redirects: for a file a
   * user names by URL ({@code acap check --robots URL}), which need not be at {@code /robots.txt}.
   * A URL of another scheme is unreachable, with a reason saying so.
   *
   * @param origin the authority whose rules are fetched
   * @param start the URL to fetch first
   * @return the outcome: the file, unavailable or unreachable, with its reason
   */
  public RobotsFetch fetch(Origin origin, URI start) {
    Objects.requireNonNull(origin, "origin");
    URI url = Objects.requireNonNull(start, "start");
    String startScheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
    if (!startScheme.equals("http") && !startScheme.equals("https")) {
      return unreachable(origin, OptionalInt.empty(), "cannot fetch " + printable(url.toString()) + ": only http and https URLs are fetched",
          Optional.empty());
    }
    int redirects = 0;
    while (true) {
      Attempt a = get(url);
      if (a.failure != null) {
        return unreachable(origin, OptionalInt.empty(), "cannot fetch " + url + ": " + a.failure, Optional.empty());
      }
      int status = a.response.statusCode();
      HttpHeaders headers = a.response.headers();
      if (status >= 200 && status < 300) {
        CappedBody.Body raw = a.response.body();
        ContentDecoding.Decoded body = ContentDecoding.decode(raw.bytes(), raw.truncated(), headers.allValues("content-encoding"), (int) options.maxBytes());
        if (body.failure() != null) {
          return unreachable(origin, OptionalInt.of(status), url + " answered HTTP " + status + " " + body.failure(), Optional.of(headers));
        }
        Instant now = clock.instant();
        return new RobotsFetch.Fetched(origin, url, status, body.bytes(), body.truncated(), redirects, now, now.plus(freshness(headers)));
      }
      if (REDIRECTS.contains(status)) {
        Optional<String> location = headers.firstValue("location");
        if (location.isEmpty() || location.get().isBlank()) {
          return unavailable(origin, status, url + " answered HTTP " + status + " without a Location header", headers);
        }
        URI next;
        try {
          next = url.resolve(new URI(location.get().strip()));
        } catch (URISyntaxException | IllegalArgumentException e) {
          return unavailable(origin, status, url + " redirects to '" + printable(location.get()) + "', which is not a URL", headers);
        }
        String scheme = next.getScheme() == null ? "" : next.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || next.getHost() == null) {
          return unavailable(origin, status, url + " redirects to '" + printable(next.toString()) + "', which is not an http or https URL", headers);
        }
        redirects++;
        if (redirects > options.maxRedirects()) {
          return unavailable(origin, status, url + " redirects again (to " + printable(next.toString()) + ") after " + options.maxRedirects()
              + " redirects from " + start + "; no more are followed (RFC 9309 2.3.1.2)", headers);
        }
        url = next;
        continue;
      }
      String answered = url + " answered HTTP " + status;
      if (status == 429) {
        return unreachable(origin, OptionalInt.of(status), answered + " (too many requests)", Optional.of(headers));
      }
      if (status >= 500 && status < 600) {
        return unreachable(origin, OptionalInt.of(status), answered + " (server error)", Optional.of(headers));
      }
      if (status >= 300 && status < 500) {
        // 4xx (RFC 9309 2.3.1.3); a 3xx that is no redirect to follow (300, 304, 305) is read as a
        // redirect that cannot be followed: unavailable, as after too many redirects (2.3.1.2).
        return unavailable(origin, status, answered + (status < 400 ? ", a redirection without a URL to follow" : ""), headers);
      }
      return unreachable(origin, OptionalInt.of(status), answered + ", which is neither a file nor an error RFC 9309 names", Optional.of(headers));
    }
  }

  /** One request: the response (with the capped body), or what failed. */
  private record Attempt(HttpResponse<CappedBody.Body> response, String failure) {}

  private Attempt get(URI url) {
    Optional<String> refused = refused(url.getHost());
    if (refused.isPresent()) {
      return new Attempt(null, refused.get());
    }
    HttpRequest request;
    try {
      request = HttpRequest.newBuilder(url)
          .timeout(options.readTimeout())
          .header("User-Agent", options.userAgent())
          .header("Accept", "text/plain, */*;q=0.5")
          .GET()
          .build();
    } catch (IllegalArgumentException e) {
      return new Attempt(null, "the URL cannot be requested (" + printable(String.valueOf(e.getMessage())) + ")");
    }
    AtomicReference<CappedBody> body = new AtomicReference<>();
    int cap = (int) options.maxBytes();
    CompletableFuture<HttpResponse<CappedBody.Body>> future = client.get().sendAsync(request, info -> {
      CappedBody b = new CappedBody(info.statusCode() / 100 == 2 ? cap : 0);
      body.set(b);
      return b;
    });
    try {
      return new Attempt(future.get(options.readTimeout().toMillis(), TimeUnit.MILLISECONDS), null);
    } catch (TimeoutException e) {
      abandon(future, body);
      return new Attempt(null, "no complete answer within " + millis(options.readTimeout()) + " (read timeout)");
    } catch (ExecutionException e) {
      abandon(future, body);
      return new Attempt(null, describe(e.getCause(), options));
    } catch (InterruptedException e) {
      abandon(future, body);
      Thread.currentThread().interrupt();
      return new Attempt(null, "interrupted while waiting for the answer");
    }
  }

  private static void abandon(CompletableFuture<?> future, AtomicReference<CappedBody> body) {
    CappedBody b = body.get();
    if (b != null) {
      b.cancel();
    }
    future.cancel(true);
  }

  /**
   * Why a request to {@code host} is refused: an address it resolves to is in a range the options
   * refuse (all its addresses are checked, as the client may connect to any). A name that does
   * not resolve is left to the request, which fails saying so.
   */
  private Optional<String> refused(String host) {
    if (options.refusedAddresses().isEmpty() || host == null) {
      return Optional.empty();
    }
    InetAddress[] addresses;
    try {
      addresses = InetAddress.getAllByName(host);
    } catch (UnknownHostException | SecurityException e) {
      return Optional.empty();
    }
    for (InetAddress a : addresses) {
      Optional<AddressRange> range = AddressRange.of(a);
      if (range.isPresent() && options.refusedAddresses().contains(range.get())) {
        String literal = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        String where = literal.equalsIgnoreCase(a.getHostAddress()) ? a.getHostAddress() + " is" : printable(host) + " resolves to " + a.getHostAddress() + ",";
        return Optional.of("refused: " + where + " a " + range.get().label() + " address, and this fetch goes only to public ones (docs/fetching.md, \"Addresses\")");
      }
    }
    return Optional.empty();
  }

  /**
   * What a failed request's exception means, in words, never {@code null}: the JDK's messages are
   * often empty (a refused connection has none), so the exception's kind is named instead.
   */
  static String describe(Throwable t, FetchOptions options) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof HttpConnectTimeoutException) {
        return "no connection within " + millis(options.connectTimeout()) + " (connect timeout)";
      }
      if (c instanceof HttpTimeoutException) {
        return "no answer within " + millis(options.readTimeout()) + " (read timeout)";
      }
      if (c instanceof UnresolvedAddressException || c instanceof UnknownHostException) {
        return "the host name cannot be resolved (DNS)";
      }
      if (c instanceof SSLException) {
        return "the TLS handshake failed" + detail(c);
      }
    }
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof ConnectException) {
        String m = c.getMessage();
        return m == null || m.isBlank() ? "the connection was refused or failed" : "cannot connect" + detail(c);
      }
    }
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    if (t instanceof IOException || root instanceof IOException) {
      return "the connection failed (" + kind(root) + ")";
    }
    return "the request failed (" + kind(root) + ")";
  }

  private static String kind(Throwable t) {
    return t.getClass().getSimpleName() + detail(t);
  }

  private static String detail(Throwable t) {
    String m = t.getMessage();
    return m == null || m.isBlank() ? "" : ": " + printable(m);
  }

  private RobotsFetch unavailable(Origin origin, int status, String reason, HttpHeaders headers) {
    Instant now = clock.instant();
    return new RobotsFetch.Unavailable(origin, status, reason, now, now.plus(freshness(headers)));
  }

  private RobotsFetch unreachable(Origin origin, OptionalInt status, String reason, Optional<HttpHeaders> headers) {
    Instant now = clock.instant();
    Duration retry = headers.flatMap(RobotsFetcher::retryAfter)
        .map(d -> clamp(d, options.minAge(), options.maxAge()))
        .filter(d -> d.compareTo(options.unreachableRetry()) > 0)
        .orElse(options.unreachableRetry());
    return new RobotsFetch.Unreachable(origin, status, reason, now, now.plus(retry));
  }

  /**
   * How long an answer stays fresh: {@link FetchOptions#maxAge()}, or less when {@code
   * Cache-Control} says {@code max-age=N} (or {@code no-store}, {@code no-cache}: zero), never less
   * than {@link FetchOptions#minAge()} (RFC 9309 2.4).
   */
  Duration freshness(HttpHeaders headers) {
    return clamp(cacheControlMaxAge(headers.allValues("cache-control")).orElse(options.maxAge()), options.minAge(), options.maxAge());
  }

  /** The {@code max-age} that {@code Cache-Control} values give: the smallest, zero for {@code no-store}/{@code no-cache}. */
  static Optional<Duration> cacheControlMaxAge(java.util.List<String> values) {
    Duration best = null;
    for (String value : values) {
      for (String directive : value.split(",", 64)) {
        String d = directive.strip().toLowerCase(Locale.ROOT);
        Duration age = null;
        if (d.equals("no-store") || d.equals("no-cache")) {
          age = Duration.ZERO;
        } else if (d.startsWith("max-age=")) {
          age = seconds(d.substring("max-age=".length()).replace("\"", "")).orElse(null);
        }
        if (age != null && (best == null || age.compareTo(best) < 0)) {
          best = age;
        }
      }
    }
    return Optional.ofNullable(best);
  }

  /** {@code Retry-After: N} in seconds (the HTTP-date form is not read). */
  private static Optional<Duration> retryAfter(HttpHeaders headers) {
    return headers.firstValue("retry-after").flatMap(v -> seconds(v.strip()));
  }

  private static Optional<Duration> seconds(String digits) {
    if (digits.isEmpty() || digits.length() > 12 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return Optional.empty();
    }
    return Optional.of(Duration.ofSeconds(Long.parseLong(digits)));
  }

  private static Duration clamp(Duration d, Duration min, Duration max) {
    return d.compareTo(min) < 0 ? min : d.compareTo(max) > 0 ? max : d;
  }

  private static String millis(Duration d) {
    return d.toMillis() + " ms";
  }

  /** Text from a server or an exception, made safe for one line of output (control characters escaped, at most 200 characters). */
  static String printable(String s) {
    StringBuilder b = new StringBuilder(Math.min(s.length(), 200) + 8);
    for (int i = 0; i < s.length() && b.length() < 200; i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        b.append(String.format(Locale.ROOT, "\\x%02x", (int) c));
      } else {
        b.append(c);
      }
    }
    return s.length() > 200 ? b + "…" : b.toString();
  }
}
