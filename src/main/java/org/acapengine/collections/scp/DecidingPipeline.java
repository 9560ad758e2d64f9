package org.acapengine.collections.scp;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.acapengine.collections.io.Background;
import org.acapengine.collections.io.LineReader;

/**
 * Decides page lines on one background thread while the caller reads, hashes and writes: lines
 * are copied into batches of up to {@value #BATCH_BYTES} bytes, a batch is decided while the next
 * fills, and the outcomes come back in input order to {@link Apply}, on the caller's thread. The
 * policy is thus still called from one thread ({@link org.acapengine.collections.PagePolicy}),
 * and the statistics, warnings and output are exactly those of deciding line by line.
 *
 * <p>Memory: at most {@value #IN_FLIGHT} batches in flight and one being filled. A line longer
 * than a batch is not copied: the batches before it are drained, then it is decided where the
 * reader holds it while the caller waits.
 */
final class DecidingPipeline implements AutoCloseable {

  static final int BATCH_BYTES = 256 * 1024;
  static final int BATCH_LINES = 4096;
  static final int IN_FLIGHT = 4;

  /** Decides one line; runs on the pipeline's thread and must not touch the caller's state. */
  interface Decide {
    PageOutcome decide(byte[] bytes, int offset, int length, boolean oversized, long rawLength, long lineNumber);
  }

  /** Takes one decided line, in input order, on the caller's thread. */
  interface Apply {
    void apply(PageOutcome outcome, byte[] bytes, int offset, int length, long lineNumber) throws IOException;
  }

  private final Decide decide;
  private final Apply apply;
  private final ExecutorService thread = Executors.newSingleThreadExecutor(Background.daemons("acap-decide"));
  private final ArrayDeque<Future<Batch>> pending = new ArrayDeque<>();
  private final ArrayDeque<Batch> free = new ArrayDeque<>();
  private Batch filling;

  DecidingPipeline(Decide decide, Apply apply) {
    this.decide = decide;
    this.apply = apply;
  }

  /** Queues the reader's current line; may apply earlier lines first. */
  void add(LineReader lines) throws IOException {
    int length = lines.length();
    if (length > BATCH_BYTES) {
      flush();
      drain(0);
      Batch big = new Batch(lines.bytes(), 1);
      big.add(lines, false);
      apply(Background.await(thread.submit(() -> decideAll(big)), "deciding pages"));
      return;
    }
    if (filling != null && (filling.used + length > filling.data.length || filling.count == BATCH_LINES)) {
      flush();
    }
    if (filling == null) {
      filling = free.isEmpty() ? new Batch(new byte[BATCH_BYTES], 256) : free.pop().reset();
    }
    filling.add(lines, true);
  }

  /** Applies every line added so far. */
  void finish() throws IOException {
    flush();
    drain(0);
  }

  @Override
  public void close() {
    thread.shutdownNow();
  }

  private void flush() throws IOException {
    if (filling == null || filling.count == 0) {
      return;
    }
    Batch b = filling;
    filling = null;
    drain(IN_FLIGHT - 1);
    pending.add(thread.submit(() -> decideAll(b)));
  }

  /** Applies the oldest batches until at most {@code left} are in flight. */
  private void drain(int left) throws IOException {
    while (pending.size() > left) {
      Batch done = Background.await(pending.poll(), "deciding pages");
      apply(done);
      free.push(done);
    }
  }

  private Batch decideAll(Batch b) {
    for (int i = 0; i < b.count; i++) {
      b.outcome[i] = decide.decide(b.data, b.start[i], b.length[i], b.oversized[i], b.rawLength[i], b.lineNumber[i]);
    }
    return b;
  }

  private void apply(Batch b) throws IOException {
    for (int i = 0; i < b.count; i++) {
      apply.apply(b.outcome[i], b.data, b.start[i], b.length[i], b.lineNumber[i]);
      b.outcome[i] = null;
    }
  }

  /** Lines and, once decided, their outcomes. */
  private static final class Batch {
    final byte[] data;
    int used;
    int count;
    int[] start;
    int[] length;
    boolean[] oversized;
    long[] rawLength;
    long[] lineNumber;
    PageOutcome[] outcome;

    Batch(byte[] data, int lines) {
      this.data = data;
      start = new int[lines];
      length = new int[lines];
      oversized = new boolean[lines];
      rawLength = new long[lines];
      lineNumber = new long[lines];
      outcome = new PageOutcome[lines];
    }

    Batch reset() {
      used = 0;
      count = 0;
      return this;
    }

    /** Adds the reader's current line: a copy of its bytes, or (a batch of its own) the reader's. */
    void add(LineReader lines, boolean copy) {
      int length = lines.length();
      if (count == start.length) {
        int n = Math.min(count * 2, BATCH_LINES);
        start = Arrays.copyOf(start, n);
        this.length = Arrays.copyOf(this.length, n);
        oversized = Arrays.copyOf(oversized, n);
        rawLength = Arrays.copyOf(rawLength, n);
        lineNumber = Arrays.copyOf(lineNumber, n);
        outcome = Arrays.copyOf(outcome, n);
      }
      if (copy) {
        System.arraycopy(lines.bytes(), 0, data, used, length);
        start[count] = used;
        used += length;
      }
      this.length[count] = length;
      oversized[count] = lines.oversized();
      rawLength[count] = lines.rawLength();
      lineNumber[count] = lines.lineNumber();
      count++;
    }
  }
}
