package org.acapengine.collections.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ParallelGzipOutputStreamTest {

  private static final int B = ParallelGzipOutputStream.BLOCK;

  /** Text over a small vocabulary, so that back-references reach across blocks. */
  private static byte[] prose(int length, long seed) {
    Random random = new Random(seed);
    String[] words = new String[300];
    for (int i = 0; i < words.length; i++) {
      words[i] = Long.toString(random.nextLong() & 0xFFFFFFFL, 36);
    }
    StringBuilder b = new StringBuilder(length + 16);
    while (b.length() < length) {
      b.append(words[random.nextInt(words.length)]).append(random.nextInt(20) == 0 ? '\n' : ' ');
    }
    return b.substring(0, length).getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] gzip(byte[] data, int threads, Random writes) throws IOException {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (ParallelGzipOutputStream out = new ParallelGzipOutputStream(sink, Deflater.DEFAULT_COMPRESSION, threads)) {
      int at = 0;
      while (at < data.length) {
        int n = Math.min(data.length - at, writes.nextInt(4) == 0 ? 1 : 1 + writes.nextInt(3 * B));
        if (n == 1) {
          out.write(data[at]);
        } else {
          out.write(data, at, n);
        }
        at += n;
      }
    }
    return sink.toByteArray();
  }

  private static byte[] gunzip(byte[] gz) throws IOException {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
      return in.readAllBytes();
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 100, B - 1, B, B + 1, 2 * B, 5 * B + 7})
  void anyGzipReaderGetsTheBytesBackWhateverTheThreadsAndWrites(int length) throws IOException {
    for (byte[] data : new byte[][] {prose(length, length), random(length)}) {
      byte[] one = gzip(data, 1, new Random(1));
      byte[] three = gzip(data, 3, new Random(2));
      assertThat(gunzip(one)).isEqualTo(data);
      assertThat(three).as("the output depends on the bytes only, not on threads or write sizes").isEqualTo(one);
    }
  }

  @Test
  void crossBlockReferencesKeepTheRatioOfOneStream() throws IOException {
    byte[] data = prose(12 * B, 9);
    ByteArrayOutputStream single = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(single)) {
      out.write(data);
    }
    byte[] parallel = gzip(data, 2, new Random(3));
    assertThat(gunzip(parallel)).isEqualTo(data);
    // Without the dictionary each block would start cold; with it the sizes differ by the flushes.
    assertThat((double) parallel.length / single.size()).isBetween(0.99, 1.01);
  }

  @Test
  void theGzipCommandAcceptsIt(@TempDir Path dir) throws Exception {
    byte[] data = prose(3 * B + 5, 4);
    Path file = dir.resolve("out.gz");
    Files.write(file, gzip(data, 2, new Random(5)));
    Process p;
    try {
      p = new ProcessBuilder("gzip", "-dc", file.toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    } catch (IOException noGzip) {
      Assumptions.abort("no gzip command here");
      return;
    }
    byte[] back = p.getInputStream().readAllBytes();
    assertThat(p.waitFor()).isZero();
    assertThat(back).isEqualTo(data);
  }

  private static byte[] random(int length) {
    byte[] b = new byte[length];
    new Random(length * 31L).nextBytes(b);
    return b;
  }

  /** A member with a stored head, written with {@code head}, then patched in place to {@code patched}. */
  private static byte[] withHead(byte[] head, byte[] patched, byte[] body) throws IOException {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    ParallelGzipOutputStream out = new ParallelGzipOutputStream(sink, Deflater.DEFAULT_COMPRESSION, 2, head);
    out.write(body);
    out.close();
    byte[] gz = sink.toByteArray();
    out.rewriteHead(patched, (position, bytes) -> System.arraycopy(bytes, 0, gz, Math.toIntExact(position), bytes.length));
    return gz;
  }

  /** Heads around the stored-block limit (65 535 bytes), bodies around the deflate block. */
  @ParameterizedTest
  @CsvSource({"0, 0", "0, 100", "1, 0", "200, 100", "200, " + (2 * B + 3), "65535, 10", "65536, 10", "200000, " + (B + 1)})
  void aHeadWrittenOverInPlaceReadsBackWithAValidCrc(int headLength, int bodyLength) throws IOException {
    byte[] placeholder = new byte[headLength];
    byte[] head = random(headLength);
    byte[] body = prose(bodyLength, bodyLength);

    byte[] gz = withHead(placeholder, head, body);

    // GZIPInputStream checks the trailer's CRC-32 and length: a wrong one throws.
    byte[] whole = Arrays.copyOf(head, headLength + bodyLength);
    System.arraycopy(body, 0, whole, headLength, bodyLength);
    assertThat(gunzip(gz)).isEqualTo(whole);
  }

  @Test
  void theGzipCommandChecksAPatchedHead(@TempDir Path dir) throws Exception {
    byte[] head = random(70000);
    Path file = dir.resolve("patched.gz");
    Files.write(file, withHead(new byte[head.length], head, prose(3 * B, 4)));
    Process p;
    try {
      p = new ProcessBuilder("gzip", "-t", file.toString()).redirectErrorStream(true).start();
    } catch (IOException e) {
      Assumptions.abort("no gzip command here");
      return;
    }
    String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(p.waitFor()).as(said).isZero();
  }

  @Test
  void aHeadOfAnotherLengthIsRefused() throws IOException {
    ParallelGzipOutputStream out = new ParallelGzipOutputStream(new ByteArrayOutputStream(), 6, 1, new byte[10]);
    ParallelGzipOutputStream.PositionedWrite nowhere = (position, bytes) -> {};
    assertThatThrownBy(() -> out.rewriteHead(new byte[10], nowhere)).isInstanceOf(IllegalStateException.class);
    out.close();
    assertThatThrownBy(() -> out.rewriteHead(new byte[11], nowhere)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aMemberThatFailedToFinishGivesNoTrailerCrc() throws IOException {
    OutputStream failsAtTheTrailer = new OutputStream() {
      @Override
      public void write(int b) {}

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        if (len == 8) {
          throw new IOException("No space left on device");
        }
      }
    };
    ParallelGzipOutputStream out = new ParallelGzipOutputStream(failsAtTheTrailer, 6, 1, new byte[10]);
    out.write(new byte[100]);
    assertThatThrownBy(out::close).isInstanceOf(IOException.class);
    assertThatThrownBy(() -> out.rewriteHead(new byte[10], (position, bytes) -> {})).isInstanceOf(IllegalStateException.class);
  }
}
