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
}
