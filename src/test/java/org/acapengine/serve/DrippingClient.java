package org.acapengine.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A slow client on a raw socket, for the server's deadlines: it sends part of a request at once
 * and drips the rest a byte every 200 ms, while a second client asks for a decision. Against a
 * server of one thread, the second request is answered only once the dripping one has let its
 * thread go.
 */
final class DrippingClient {

  /** The pause between two dripped bytes. */
  static final long DRIP_MILLIS = 200;

  private DrippingClient() {}

  /**
   * Drips a request at {@code server} (one thread, a deadline well under the drip's length) and
   * checks that the server cut it: another request is answered within 10 seconds, before the drip
   * ended, and the dripping connection is closed with no answer on it.
   *
   * @param server the server, started with one thread
   * @param atOnce what is sent before the drip (possibly nothing)
   * @param dripped what is dripped, a byte every {@value #DRIP_MILLIS} ms
   */
  static void assertCutWhileOthersAreAnswered(AcapServer server, byte[] atOnce, byte[] dripped) throws Exception {
    try (Socket drip = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
      drip.setSoTimeout(30_000);
      OutputStream out = drip.getOutputStream();
      out.write(atOnce);
      out.flush();
      AtomicInteger sent = new AtomicInteger();
      CompletableFuture<String> dripping = CompletableFuture.supplyAsync(() -> {
        try {
          for (byte b : dripped) {
            out.write(b);
            out.flush();
            sent.incrementAndGet();
            Thread.sleep(DRIP_MILLIS);
          }
          return "all of it was sent";
        } catch (IOException e) {
          return "the server closed the connection";
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return "interrupted";
        }
      });
      Thread.sleep(500);
      // the server's one thread is reading the dripped bytes; this request waits for it
      long asked = System.nanoTime();
      Http.Answer other = new Http(server.uri()).post("/v1/decide",
          Http.object().put("robots_txt", "User-agent: *\nDisallow: /\n").put("crawler", "a").put("url", "/x"));
      assertThat(other.status()).isEqualTo(200);
      assertThat(other.json().get("allowed").asBoolean()).isFalse();
      assertThat(sent.get()).as("bytes dripped when the other request was answered").isLessThan(dripped.length);
      assertThat(Duration.ofNanos(System.nanoTime() - asked)).as("the other request's wait").isLessThan(Duration.ofSeconds(10));
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
      assertThat(dripping.get(30, TimeUnit.SECONDS)).isNotEqualTo("all of it was sent");
    }
  }
}
