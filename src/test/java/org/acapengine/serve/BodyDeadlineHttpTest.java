package org.acapengine.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A client that sends its headers and then drips the body a byte at a time must not hold a server
 * thread for as long as it likes: past the body deadline the server closes the connection. Driven
 * with a raw socket against a server of one thread, so that another request is answered only once
 * the dripping one has let its thread go.
 */
class BodyDeadlineHttpTest {

  /** The drip: one byte every 200 ms of a 150-byte body, 30 seconds if the server let it run. */
  static final int BODY = 150;

  @Test
  void aDrippedBodyIsCutAtItsDeadlineAndTheThreadAnswersOthers() throws Exception {
    ServeOptions options = ServeOptions.defaults().withAddress(InetAddress.getLoopbackAddress(), 0).withThreads(1, 16)
        .withBodyTimeout(Duration.ofSeconds(1));
    try (AcapServer server = AcapServer.start(options, l -> {}); Socket drip = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
      drip.setSoTimeout(30_000);
      OutputStream out = drip.getOutputStream();
      out.write(("POST /v1/decide HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " + BODY + "\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      AtomicInteger sent = new AtomicInteger();
      CompletableFuture<String> dripping = CompletableFuture.supplyAsync(() -> {
        try {
          for (int i = 0; i < BODY; i++) {
            out.write(' ');
            out.flush();
            sent.incrementAndGet();
            Thread.sleep(200);
          }
          return "the whole body was sent";
        } catch (IOException e) {
          return "the server closed the connection";
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return "interrupted";
        }
      });
      Thread.sleep(300);
      // the server's one thread is reading the dripped body; this request waits for it
      Http.Answer other = new Http(server.uri()).post("/v1/decide",
          Http.object().put("robots_txt", "User-agent: *\nDisallow: /\n").put("crawler", "a").put("url", "/x"));
      assertThat(other.status()).isEqualTo(200);
      assertThat(other.json().get("allowed").asBoolean()).isFalse();
      assertThat(sent.get()).as("bytes dripped when the other request was answered").isLessThan(BODY);
      // the dripping connection was closed by the server, with no answer on it
      InputStream in = drip.getInputStream();
      int first;
      try {
        first = in.read();
      } catch (SocketTimeoutException e) {
        throw new AssertionError("the server kept the dripping connection open", e);
      } catch (IOException e) {
        first = -1; // reset by the server: closed too
      }
      assertThat(first).as("the server answers nothing on a connection it cut").isEqualTo(-1);
      assertThat(dripping.get(30, TimeUnit.SECONDS)).isNotEqualTo("the whole body was sent");
    }
  }
}
