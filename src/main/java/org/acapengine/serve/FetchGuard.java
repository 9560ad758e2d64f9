package org.acapengine.serve;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Which hosts the server may fetch a robots.txt from for a request: a URL in a request comes from
 * someone else, so by default only public addresses (no loopback, private, link-local, unique-local,
 * carrier-grade NAT, multicast or unspecified address), unless the operator allows them
 * ({@code acap serve --allow-private-fetch}). The host is checked after resolution, before the
 * fetch. A redirect is followed by {@code RobotsFetcher}, which does not ask this guard: that
 * check belongs in the fetcher's own options (issue 26 item 5), and this class is the one place
 * to hand it over when they have it.
 */
public interface FetchGuard {

  /**
   * Why a URL may not be fetched, or empty when it may.
   *
   * @param url the absolute http(s) URL
   * @return the refusal, one line, or empty
   */
  Optional<String> refusal(URI url);

  /**
   * A guard that allows every host.
   *
   * @return the guard
   */
  static FetchGuard allowAll() {
    return url -> Optional.empty();
  }

  /**
   * A guard that allows public addresses only: every address the host resolves to must be public.
   *
   * @return the guard
   */
  static FetchGuard publicOnly() {
    return url -> {
      String host = url.getHost();
      if (host == null || host.isEmpty()) {
        return Optional.of("the URL has no host");
      }
      InetAddress[] all;
      try {
        all = InetAddress.getAllByName(host.startsWith("[") ? host.substring(1, host.length() - 1) : host);
      } catch (UnknownHostException | SecurityException e) {
        return Optional.of("cannot resolve " + host);
      }
      for (InetAddress a : all) {
        if (!isPublic(a)) {
          return Optional.of(host + " resolves to " + a.getHostAddress()
              + ", a loopback, private or link-local address, which this server does not fetch from (start it with --allow-private-fetch to allow)");
        }
      }
      return Optional.empty();
    };
  }

  /**
   * Whether an address is on the public internet.
   *
   * @param a the address
   * @return false for loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local,
   *     carrier-grade NAT (100.64/10), multicast and unspecified addresses
   */
  static boolean isPublic(InetAddress a) {
    if (a.isLoopbackAddress() || a.isAnyLocalAddress() || a.isLinkLocalAddress() || a.isSiteLocalAddress() || a.isMulticastAddress()) {
      return false;
    }
    byte[] b = a.getAddress();
    if (a instanceof Inet6Address) {
      if ((b[0] & 0xfe) == 0xfc) {
        return false; // unique local fc00::/7
      }
      boolean v4Mapped = true;
      for (int i = 0; i < 10; i++) {
        v4Mapped &= b[i] == 0;
      }
      if (v4Mapped && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
        try {
          return isPublic(InetAddress.getByAddress(new byte[] {b[12], b[13], b[14], b[15]}));
        } catch (UnknownHostException e) {
          return false;
        }
      }
      return true;
    }
    int first = b[0] & 0xff;
    int second = b[1] & 0xff;
    return first != 0 && !(first == 100 && second >= 64 && second < 128) && !(first == 192 && second == 0 && (b[2] & 0xff) == 0);
  }
}
