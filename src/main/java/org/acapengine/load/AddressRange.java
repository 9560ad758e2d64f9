package org.acapengine.load;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Optional;

/**
 * The ranges of addresses a fetch can refuse ({@link FetchOptions#refusedAddresses()}): where a
 * URL someone else supplied (a {@code --requests} line, a request to a server) must not lead the
 * fetcher — the machine itself, its private network, the link (cloud metadata services answer on
 * 169.254.169.254). docs/fetching.md, "Addresses".
 */
public enum AddressRange {
  /**
   * The machine itself: 127.0.0.0/8, ::1, and 0.0.0.0/8 ("this network", RFC 791) and :: (a
   * connection to 0.0.0.0 or :: reaches the machine).
   */
  LOOPBACK("loopback"),
  /**
   * A private network: 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16 (RFC 1918), 100.64.0.0/10 (shared
   * address space, RFC 6598), fc00::/7 (unique local, RFC 4193) and the deprecated fec0::/10.
   */
  PRIVATE("private"),
  /** The link: 169.254.0.0/16 (RFC 3927) and fe80::/10. */
  LINK_LOCAL("link-local");

  private final String label;

  AddressRange(String label) {
    this.label = label;
  }

  /**
   * The name options and messages use: {@code loopback}, {@code private}, {@code link-local}.
   *
   * @return the label
   */
  public String label() {
    return label;
  }

  /**
   * The range of a label.
   *
   * @param label {@code loopback}, {@code private} or {@code link-local}, in any case
   * @return the range, or empty for any other text
   */
  public static Optional<AddressRange> fromLabel(String label) {
    return Arrays.stream(values()).filter(r -> r.label.equalsIgnoreCase(label.strip())).findFirst();
  }

  /**
   * The range an address is in. An IPv6 address that carries an IPv4 one (IPv4-compatible
   * {@code ::a.b.c.d}, NAT64 {@code 64:ff9b::a.b.c.d}) is judged by the IPv4 address it carries;
   * Java already reads an IPv4-mapped {@code ::ffff:a.b.c.d} as the IPv4 address.
   *
   * @param address a resolved address
   * @return its range, or empty for an address in none of them (a public one)
   */
  public static Optional<AddressRange> of(InetAddress address) {
    InetAddress a = embeddedIpv4(address).orElse(address);
    if (a.isLoopbackAddress() || a.isAnyLocalAddress() || a instanceof Inet4Address && a.getAddress()[0] == 0) {
      return Optional.of(LOOPBACK);
    }
    if (a.isLinkLocalAddress()) {
      return Optional.of(LINK_LOCAL);
    }
    byte[] b = a.getAddress();
    if (a.isSiteLocalAddress()
        || a instanceof Inet4Address && (b[0] & 0xFF) == 100 && (b[1] & 0xC0) == 64
        || a instanceof Inet6Address && (b[0] & 0xFE) == 0xFC) {
      return Optional.of(PRIVATE);
    }
    return Optional.empty();
  }

  private static Optional<InetAddress> embeddedIpv4(InetAddress address) {
    if (!(address instanceof Inet6Address)) {
      return Optional.empty();
    }
    byte[] b = address.getAddress();
    boolean compatible = true;
    for (int i = 0; i < 12; i++) {
      compatible &= b[i] == 0;
    }
    boolean nat64 = (b[0] & 0xFF) == 0x00 && (b[1] & 0xFF) == 0x64 && (b[2] & 0xFF) == 0xff && (b[3] & 0xFF) == 0x9b;
    for (int i = 4; nat64 && i < 12; i++) {
      nat64 = b[i] == 0;
    }
    // ::1 and :: are IPv6's own loopback and unspecified addresses, not IPv4 ones.
    if (compatible && (b[12] | b[13] | b[14]) == 0 && (b[15] == 0 || b[15] == 1)) {
      return Optional.empty();
    }
    if (!compatible && !nat64) {
      return Optional.empty();
    }
    try {
      return Optional.of(InetAddress.getByAddress(Arrays.copyOfRange(b, 12, 16)));
    } catch (UnknownHostException e) {
      return Optional.empty();
    }
  }
}
