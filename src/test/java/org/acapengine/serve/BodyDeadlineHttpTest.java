package org.acapengine.serve;

import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A client that sends its headers and then drips the body a byte at a time must not hold a server
 * thread for as long as it likes: past the body deadline the server closes the connection. Driven
 * with a raw socket against a server of one thread ({@link DrippingClient}), so that another
 * request is answered only once the dripping one has let its thread go.
 */
class BodyDeadlineHttpTest {

  /** The drip: one byte every 200 ms of a 150-byte body, 30 seconds if the server let it run. */
  static final int BODY = 150;

  @Test
  void aDrippedBodyIsCutAtItsDeadlineAndTheThreadAnswersOthers() throws Exception {
    ServeOptions options = ServeOptions.defaults().withAddress(InetAddress.getLoopbackAddress(), 0).withThreads(1, 16)
        .withBodyTimeout(Duration.ofSeconds(1));
    try (AcapServer server = AcapServer.start(options, l -> {})) {
      byte[] headers = ("POST /v1/decide HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " + BODY + "\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII);
      DrippingClient.assertCutWhileOthersAreAnswered(server, headers, " ".repeat(BODY).getBytes(StandardCharsets.US_ASCII));
    }
  }
}
