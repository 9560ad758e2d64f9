package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The batch line reader ({@link InputLines}, for {@code check --requests} and {@code --urls}) on
 * input from the fuzzer, handed over in reads of the fuzzer's sizes and with a limit of its
 * choosing: every line is handed over once, in order, with its 1-based number — as its trimmed
 * UTF-8 text when it is within the limit and not blank, as too long (with its length) when it is
 * over — exactly as splitting the whole input at line feeds says; and the reader pauses only
 * where the input does.
 */
class InputLinesFuzzTest {

  @FuzzTest
  void eachLineIsReadOrTooLong(FuzzedDataProvider data) throws IOException {
    int max = data.consumeInt(1, 300);
    int[] reads = new int[data.consumeInt(1, 8)];
    for (int i = 0; i < reads.length; i++) {
      reads[i] = data.consumeInt(1, 512);
    }
    byte[] input = data.consumeRemainingAsBytes();

    List<String> got = new ArrayList<>();
    Chunked in = new Chunked(input, reads);
    InputLines.read(in, max, new InputLines.Sink() {
      @Override
      public void line(long number, String text) {
        got.add(number + " " + text);
      }

      @Override
      public void tooLong(long number, long bytes) {
        got.add(number + " too long " + bytes);
      }

      @Override
      public void paused() {
        assertThat(in.available()).as("paused with input waiting").isZero();
      }
    });
    assertThat(got).isEqualTo(expected(input, max));
  }

  /** The oracle: the input split at each line feed, the last line kept when it has any byte. */
  private static List<String> expected(byte[] input, int max) {
    List<String> out = new ArrayList<>();
    int start = 0;
    long number = 0;
    while (start < input.length) {
      int end = start;
      while (end < input.length && input[end] != '\n') {
        end++;
      }
      int next = Math.min(end + 1, input.length);
      number++;
      int content = end - start;
      if (end < input.length && content > 0 && input[end - 1] == '\r') {
        content--;
      }
      if (content > max) {
        out.add(number + " too long " + (next - start));
      } else {
        String text = new String(Arrays.copyOfRange(input, start, next), StandardCharsets.UTF_8).strip();
        if (!text.isEmpty()) {
          out.add(number + " " + text);
        }
      }
      start = next;
    }
    return out;
  }

  /** Hands out the input in reads of the given sizes, in turn, and says truly what is available. */
  private static final class Chunked extends InputStream {
    private final byte[] bytes;
    private final int[] reads;
    private int pos;
    private int turn;
    private int availableNow;

    Chunked(byte[] bytes, int[] reads) {
      this.bytes = bytes;
      this.reads = reads;
    }

    @Override
    public int read() {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (pos == bytes.length) {
        return -1;
      }
      if (availableNow == 0) {
        availableNow = Math.min(reads[turn++ % reads.length], bytes.length - pos);
      }
      int n = Math.min(len, availableNow);
      System.arraycopy(bytes, pos, b, off, n);
      pos += n;
      availableNow -= n;
      return n;
    }

    /** What the current read left: the input pauses between the fuzzer's reads. */
    @Override
    public int available() {
      return availableNow;
    }
  }
}
