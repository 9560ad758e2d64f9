package org.acapengine.collections.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import org.acapengine.collections.scp.ScpChecksum;
import org.acapengine.collections.testing.TestCollection;
import org.junit.jupiter.api.Test;

class LineReaderTest {

  private static List<String> read(LineReader r) throws IOException {
    List<String> lines = new ArrayList<>();
    while (r.next()) {
      lines.add(r.oversized() ? "<oversized " + r.rawLength() + ">" : new String(r.bytes(), 0, r.length(), StandardCharsets.UTF_8));
    }
    return lines;
  }

  private static LineReader reader(String text, int max) {
    return new LineReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), max);
  }

  @Test
  void keepsEachLinesBytesWithItsTerminator() throws IOException {
    assertThat(read(reader("a\nbb\r\n\nlast", 100))).containsExactly("a\n", "bb\r\n", "\n", "last");
    assertThat(read(reader("", 100))).isEmpty();
    assertThat(read(reader("only\n", 100))).containsExactly("only\n");
  }

  @Test
  void theLimitExcludesTheTerminator() throws IOException {
    assertThat(read(reader("12345\n123456\r\n12345\r\n", 5))).containsExactly("12345\n", "<oversized 8>", "12345\r\n");
    assertThat(read(reader("123456", 5))).containsExactly("<oversized 6>");
  }

  @Test
  void linesLongerThanTheReadBufferAreJoined() throws IOException {
    String big = "x".repeat(200_000);
    assertThat(read(reader(big + "\nend\n", 300_000))).containsExactly(big + "\n", "end\n");
    LineReader r = reader(big + "\nend\n", 1000);
    assertThat(read(r)).containsExactly("<oversized 200001>", "end\n");
    assertThat(r.lineNumber()).isEqualTo(2);
  }

  @Test
  void theDigestSeesEveryByteAfterTheFirstLineOversizedOrNot() throws IOException {
    String body = "a\n" + "y".repeat(100_000) + "\nz";
    LineReader r = reader("meta\n" + body, 10);
    assertThat(r.next()).isTrue();
    MessageDigest digest = ScpChecksum.newDigest();
    r.digestFromHere(digest);
    while (r.next()) {
      // read through
    }
    assertThat(ScpChecksum.format(digest.digest())).isEqualTo(TestCollection.sha256(body.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void toleratesReadsThatReturnFewBytes() throws IOException {
    byte[] data = "one\ntwo\nthree\n".getBytes(StandardCharsets.UTF_8);
    InputStream trickle = new InputStream() {
      int pos;

      @Override
      public int read() {
        return pos < data.length ? data[pos++] : -1;
      }

      @Override
      public int read(byte[] b, int off, int len) {
        if (pos >= data.length) {
          return -1;
        }
        b[off] = data[pos++];
        return 1;
      }
    };
    assertThat(read(new LineReader(trickle, 100))).containsExactly("one\n", "two\n", "three\n");
  }

  /**
   * The eight-bytes-at-a-time search against a byte-by-byte one: every length up to 40, the line
   * feed at every place or absent, from every start, with bytes around it that the zero-byte trick
   * could mistake (0x0B, 0x09, 0x8A, 0x00, 0xFF).
   */
  @Test
  void newlineSearchAgreesWithAByteByByteScan() {
    byte[] fillers = {'a', 0x0B, 0x09, (byte) 0x8A, 0x00, (byte) 0xFF, 0x0A + 0x01};
    int checked = 0;
    for (byte filler : fillers) {
      for (int n = 0; n <= 40; n++) {
        for (int at = -1; at < n; at++) {
          byte[] b = new byte[n];
          java.util.Arrays.fill(b, filler);
          if (at >= 0) {
            b[at] = '\n';
            if (at + 3 < n) {
              b[at + 3] = '\n'; // a later one must not win
            }
          }
          for (int from = 0; from <= n; from++) {
            int expected = -1;
            for (int i = from; i < n; i++) {
              if (b[i] == '\n') {
                expected = i;
                break;
              }
            }
            assertThat(LineReader.indexOfNewline(b, from, n)).as("filler %d, n %d, at %d, from %d", filler, n, at, from).isEqualTo(expected);
            checked++;
          }
        }
      }
    }
    assertThat(checked).isGreaterThan(10_000);
  }
}
