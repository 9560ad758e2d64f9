package org.acapengine.collections.scp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.acapengine.collections.DropReason;
import org.acapengine.collections.io.LineReader;
import org.junit.jupiter.api.Test;

/**
 * The pipeline hands every line back once, in input order, with its own bytes and the outcome
 * decided from those bytes, whatever the mix of line sizes: many small lines (batches full by
 * count), lines that fill a batch by bytes, lines longer than a batch (decided in place) and lines
 * over the reader's limit (not held).
 */
class DecidingPipelineTest {

  private static final int MAX_LINE = DecidingPipeline.BATCH_BYTES * 3;

  @Test
  void everyLineComesBackOnceInOrderWithItsOwnBytes() throws IOException {
    Random random = new Random(11);
    ByteArrayOutputStream input = new ByteArrayOutputStream();
    List<byte[]> written = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      int length = switch (random.nextInt(1000)) {
        case 0 -> DecidingPipeline.BATCH_BYTES + random.nextInt(DecidingPipeline.BATCH_BYTES); // longer than a batch
        case 1 -> MAX_LINE + 10; // over the reader's limit
        case 2, 3, 4 -> DecidingPipeline.BATCH_BYTES - random.nextInt(64); // fills a batch by itself
        default -> random.nextInt(random.nextBoolean() ? 8 : 400); // many small lines, some blank
      };
      byte[] line = new byte[length + 1];
      for (int j = 0; j < length; j++) {
        line[j] = (byte) ('a' + random.nextInt(26));
      }
      line[length] = '\n';
      input.write(line);
      written.add(line);
    }
    LineReader lines = new LineReader(new ByteArrayInputStream(input.toByteArray()), MAX_LINE);
    List<Long> numbers = new ArrayList<>();
    List<byte[]> applied = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    Set<Thread> deciders = ConcurrentHashMap.newKeySet();
    try (DecidingPipeline pipeline = new DecidingPipeline(
        (bytes, offset, length, oversized, rawLength, lineNumber) -> {
          deciders.add(Thread.currentThread());
          // The outcome carries what the decider saw, so the caller can check it got the same line.
          String seen = oversized ? "oversized " + rawLength : Arrays.hashCode(Arrays.copyOfRange(bytes, offset, offset + length)) + " " + lineNumber;
          return PageOutcome.unusable(DropReason.MALFORMED, seen);
        },
        (outcome, bytes, offset, length, lineNumber) -> {
          byte[] got = Arrays.copyOfRange(bytes, offset, offset + length);
          if (length > 0) {
            assertThat(outcome.warning()).as("line %d", lineNumber).isEqualTo(Arrays.hashCode(got) + " " + lineNumber);
          }
          warnings.add(outcome.warning());
          numbers.add(lineNumber);
          applied.add(got);
        })) {
      while (lines.next()) {
        pipeline.add(lines);
      }
      pipeline.finish();
    }
    assertThat(numbers).hasSize(written.size());
    for (int i = 0; i < written.size(); i++) {
      assertThat(numbers.get(i)).isEqualTo(i + 1L);
      byte[] line = written.get(i);
      boolean held = line.length - 1 <= MAX_LINE;
      assertThat(applied.get(i)).as("line %d", i + 1).isEqualTo(held ? line : new byte[0]);
      if (!held) {
        assertThat(warnings.get(i)).isEqualTo("oversized " + line.length);
      }
    }
    assertThat(deciders).hasSize(1).doesNotContain(Thread.currentThread());
  }

  @Test
  void aFailureWhileDecidingReachesTheCallerAsThrown() throws IOException {
    IllegalStateException boom = new IllegalStateException("policy bug");
    LineReader lines = new LineReader(new ByteArrayInputStream("a\nb\nc\n".getBytes()), 100);
    try (DecidingPipeline pipeline = new DecidingPipeline(
        (bytes, offset, length, oversized, rawLength, lineNumber) -> {
          if (lineNumber == 2) {
            throw boom;
          }
          return PageOutcome.KEEP;
        },
        (outcome, bytes, offset, length, lineNumber) -> {})) {
      while (lines.next()) {
        pipeline.add(lines);
      }
      assertThatThrownBy(pipeline::finish).isSameAs(boom);
    }
  }
}
