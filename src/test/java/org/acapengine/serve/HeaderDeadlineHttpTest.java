package org.acapengine.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A client that drips its request line and headers a byte at a time must not hold a server thread
 * for as long as it likes: the JDK's server reads them on a pool thread before any of acap serve's
 * code runs, and past the header deadline the server closes the connection. Driven with a raw
 * socket ({@link DrippingClient}) against the real server on 127.0.0.1 with one thread, so that
 * another request is answered only once the dripping one has let its thread go; a request whose
 * headers arrive at once, on a connection kept alive past the deadline, is still answered.
 */
class HeaderDeadlineHttpTest {

  /** The dripped headers: a byte every 200 ms, about 16 s if the server let them run. */
  static final byte[] HEADERS = ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Drip: " + "a".repeat(40) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);

  @Test
  void drippedHeadersAreCutAtTheirDeadlineAndTheThreadAnswersOthers() throws Exception {
    ServeOptions options = ServeOptions.defaults().withAddress(InetAddress.getLoopbackAddress(), 0).withThreads(1, 16)
        .withHeaderTimeout(Duration.ofSeconds(1));
    try (AcapServer server = AcapServer.start(options, l -> {})) {
      DrippingClient.assertCutWhileOthersAreAnswered(server, new byte[0], HEADERS);
    }
  }

  @Test
  void headersSentAtOnceAreAnsweredEvenOnAConnectionKeptAlivePastTheDeadline() throws Exception {
    ServeOptions options = ServeOptions.defaults().withAddress(InetAddress.getLoopbackAddress(), 0).withThreads(1, 16)
        .withHeaderTimeout(Duration.ofMillis(500));
    try (AcapServer server = AcapServer.start(options, l -> {}); Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
      s.setSoTimeout(10_000);
      byte[] get = "GET /v1/vocabulary HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
      for (int i = 0; i < 2; i++) {
        s.getOutputStream().write(get);
        s.getOutputStream().flush();
        assertThat(statusLine(s.getInputStream())).as("answer " + (i + 1)).isEqualTo("HTTP/1.1 200 OK");
        skipBody(s.getInputStream());
        // idle on the kept-alive connection for longer than the header deadline: no thread is held meanwhile
        Thread.sleep(1_000);
      }
    }
  }

  private static String statusLine(InputStream in) throws IOException {
    StringBuilder b = new StringBuilder();
    int c;
    while ((c = in.read()) != -1 && c != '\n') {
      if (c != '\r') {
        b.append((char) c);
      }
    }
    return b.toString();
  }

  /** Reads the rest of the headers and the body, by its Content-Length. */
  private static void skipBody(InputStream in) throws IOException {
    long length = 0;
    String line;
    while (!(line = statusLine(in)).isEmpty()) {
      if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
        length = Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
      }
    }
    assertThat(in.readNBytes((int) length)).hasSize((int) length);
  }
}
