package org.acapengine.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.acapengine.load.AddressRange;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A request's robots URL may not lead the server to loopback, private or link-local addresses —
 * at the first hop or at any redirect — unless {@code acap serve --allow-addresses} allows the
 * range: real origins on this machine, one of which redirects to a robots.txt on another loopback
 * port.
 */
class AddressRefusalHttpTest {

  static final String ROBOTS = "User-agent: *\nDisallow: /private/\n";
  static final List<HttpServer> origins = new ArrayList<>();
  static HttpServer target;

  @BeforeAll
  static void start() throws IOException {
    target = origin(InetAddress.getLoopbackAddress(), null);
  }

  @AfterAll
  static void stop() {
    origins.forEach(o -> o.stop(0));
  }

  /** An origin on {@code address}: serves {@link #ROBOTS}, or redirects /robots.txt to {@code redirect}. */
  static HttpServer origin(InetAddress address, String redirect) throws IOException {
    HttpServer o = HttpServer.create(new InetSocketAddress(address, 0), 0);
    o.createContext("/", x -> {
      try (x) {
        if (redirect != null) {
          x.getResponseHeaders().set("Location", redirect);
          x.sendResponseHeaders(301, -1);
          return;
        }
        byte[] body = ROBOTS.getBytes(StandardCharsets.UTF_8);
        x.sendResponseHeaders(200, body.length);
        x.getResponseBody().write(body);
      }
    });
    o.start();
    origins.add(o);
    return o;
  }

  static String url(HttpServer o) {
    InetAddress a = o.getAddress().getAddress();
    return "http://" + a.getHostAddress() + ":" + o.getAddress().getPort() + "/robots.txt";
  }

  static AcapServer serve(Set<AddressRange> allowed) throws IOException {
    return AcapServer.start(ServeOptions.defaults().withAddress(InetAddress.getLoopbackAddress(), 0).withAllowedAddresses(allowed), l -> {});
  }

  static void assertRefused(Http http, String robotsUrl, String why) {
    JsonNode f = http.post("/v1/fetch", Http.object().put("robots", robotsUrl)).json();
    assertThat(f.get("outcome").asText()).isEqualTo("unreachable");
    assertThat(f.get("describe").asText()).contains("refused: 127.0.0.1 is a loopback address").contains(why);
    assertThat(f.has("text")).isFalse();
    JsonNode d = http.post("/v1/decide", Http.object().put("robots", robotsUrl).put("crawler", "examplebot").put("url", "/public/a")).json();
    assertThat(d.get("allowed").asBoolean()).as("an unreachable robots.txt prohibits everything").isFalse();
    assertThat(d.get("basis").asText()).isEqualTo("robots-unreachable");
  }

  static void assertFetched(Http http, String robotsUrl) {
    JsonNode f = http.post("/v1/fetch", Http.object().put("robots", robotsUrl)).json();
    assertThat(f.get("outcome").asText()).isEqualTo("fetched");
    assertThat(f.get("text").asText()).isEqualTo(ROBOTS);
    JsonNode d = http.post("/v1/decide", Http.object().put("robots", robotsUrl).put("crawler", "examplebot").put("url", "/private/a")).json();
    assertThat(d.get("allowed").asBoolean()).isFalse();
    assertThat(d.get("line").asInt()).isEqualTo(2);
    assertThat(http.post("/v1/decide", Http.object().put("robots", robotsUrl).put("crawler", "examplebot").put("url", "/public/a")).json()
        .get("allowed").asBoolean()).isTrue();
  }

  @Test
  void aLoopbackOriginThatRedirectsToAnotherLoopbackPortIsRefusedByDefaultAndFetchedWhenAllowed() throws IOException {
    String start = url(origin(InetAddress.getLoopbackAddress(), url(target)));
    try (AcapServer s = serve(Set.of())) {
      assertRefused(new Http(s.uri()), start, ":" + origins.get(origins.size() - 1).getAddress().getPort() + "/robots.txt");
    }
    try (AcapServer s = serve(Set.of(AddressRange.LOOPBACK))) {
      assertFetched(new Http(s.uri()), start);
    }
  }

  /**
   * The hop that matters: an origin the server may reach (this machine's own non-loopback address,
   * its range allowed) redirects into loopback, which stays refused until it is allowed too.
   */
  @Test
  void aRedirectIntoLoopbackIsRefusedAtThatHop() throws IOException {
    Optional<InetAddress> own = ownAddress();
    assumeTrue(own.isPresent(), "this machine has no non-loopback IPv4 address to serve an origin on");
    String start = url(origin(own.get(), url(target)));
    Set<AddressRange> firstHop = AddressRange.of(own.get()).map(EnumSet::of).orElse(EnumSet.noneOf(AddressRange.class));
    try (AcapServer s = serve(firstHop)) {
      assertRefused(new Http(s.uri()), start, ":" + target.getAddress().getPort() + "/robots.txt");
    }
    EnumSet<AddressRange> both = EnumSet.copyOf(firstHop.isEmpty() ? EnumSet.of(AddressRange.LOOPBACK) : firstHop);
    both.add(AddressRange.LOOPBACK);
    try (AcapServer s = serve(both)) {
      assertFetched(new Http(s.uri()), start);
    }
  }

  private static Optional<InetAddress> ownAddress() throws SocketException {
    for (NetworkInterface n : NetworkInterface.networkInterfaces().toList()) {
      if (!n.isUp() || n.isLoopback()) {
        continue;
      }
      for (InetAddress a : n.inetAddresses().toList()) {
        if (a instanceof Inet4Address && !a.isLoopbackAddress() && AddressRange.of(a).orElse(null) != AddressRange.LINK_LOCAL) {
          return Optional.of(a);
        }
      }
    }
    return Optional.empty();
  }
}
