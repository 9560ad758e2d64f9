package org.acapengine.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link AddressRange#of}: the ranges a fetch can refuse, IPv4 and IPv6, and IPv4 carried in IPv6. */
class AddressRangeTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
      "127.0.0.1,          loopback",
      "127.255.0.9,        loopback",
      "0.0.0.0,            loopback",
      "0.1.2.3,            loopback",
      "::1,                loopback",
      "::,                 loopback",
      "::ffff:127.0.0.1,   loopback",
      "::127.0.0.1,        loopback",
      "10.1.2.3,           private",
      "172.16.0.1,         private",
      "172.31.255.255,     private",
      "192.168.1.1,        private",
      "100.64.0.1,         private",
      "100.127.255.255,    private",
      "fc00::1,            private",
      "fd12:3456::1,       private",
      "64:ff9b::10.0.0.1,  private",
      "169.254.169.254,    link-local",
      "fe80::1,            link-local",
      "172.32.0.1,         public",
      "100.128.0.1,        public",
      "8.8.8.8,            public",
      "2001:4860::8888,    public",
      "64:ff9b::8.8.8.8,   public",
  })
  void eachAddressHasItsRange(String address, String range) throws UnknownHostException {
    assertThat(AddressRange.of(InetAddress.getByName(address)).map(AddressRange::label).orElse("public")).isEqualTo(range);
  }

  @ParameterizedTest
  @CsvSource({"loopback, LOOPBACK", "Private, PRIVATE", " link-local , LINK_LOCAL"})
  void labelsReadBack(String label, AddressRange range) {
    assertThat(AddressRange.fromLabel(label)).contains(range);
  }
}
