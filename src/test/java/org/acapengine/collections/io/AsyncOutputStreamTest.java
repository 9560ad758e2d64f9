package org.acapengine.collections.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class AsyncOutputStreamTest {

  /** Records which threads called it and whether it was closed. */
  private static class Recording extends ByteArrayOutputStream {
    final Set<Thread> threads = ConcurrentHashMap.newKeySet();
    volatile int closes;

    @Override
    public synchronized void write(byte[] b, int off, int len) {
      threads.add(Thread.currentThread());
      super.write(b, off, len);
    }

    @Override
    public void close() {
      threads.add(Thread.currentThread());
      closes++;
    }
  }

  @Test
  void everyByteArrivesInOrderOnTheWritingThreadAndCloseWaitsForIt() throws IOException {
    Random random = new Random(5);
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    Recording target = new Recording();
    try (AsyncOutputStream out = new AsyncOutputStream(target, "test-writer")) {
      for (int i = 0; i < 2_000; i++) {
        // writes from one byte to several chunks, so that chunk boundaries fall everywhere
        byte[] b = new byte[random.nextInt(4) == 0 ? random.nextInt(3 * AsyncOutputStream.CHUNK) : random.nextInt(300)];
        random.nextBytes(b);
        int off = b.length == 0 ? 0 : random.nextInt(b.length);
        out.write(b, off, b.length - off);
        expected.write(b, off, b.length - off);
        if (i % 7 == 0) {
          out.write(i);
          expected.write(i);
        }
        if (i % 100 == 0) {
          out.flush();
        }
      }
    }
    assertThat(target.toByteArray()).isEqualTo(expected.toByteArray());
    assertThat(target.closes).isEqualTo(1);
    assertThat(target.threads).hasSize(1).doesNotContain(Thread.currentThread());
    assertThat(target.threads.iterator().next().getName()).isEqualTo("test-writer");
  }

  @Test
  void aFailureOfTheWrappedStreamReachesTheCallerWithoutHangingIt() throws IOException {
    IOException full = new IOException("No space left on device");
    OutputStream failing = new OutputStream() {
      long written;

      @Override
      public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        written += len;
        if (written > 3L * AsyncOutputStream.CHUNK) {
          throw full;
        }
      }
    };
    AsyncOutputStream out = new AsyncOutputStream(failing, "test-writer");
    byte[] chunk = new byte[AsyncOutputStream.CHUNK];
    // Far more than the queue holds: the caller must see the failure, not block on a full queue.
    assertThatThrownBy(() -> {
      for (int i = 0; i < 1_000; i++) {
        out.write(chunk);
      }
    }).isSameAs(full);
    // Thrown again, but as a new exception: try-with-resources can add it as suppressed.
    assertThatThrownBy(out::close).isInstanceOf(IOException.class).isNotSameAs(full).hasCause(full);
    out.close(); // a second close does nothing
  }

  /** A write that fails inside try-with-resources: the failure is what the caller sees. */
  @Test
  void tryWithResourcesKeepsTheFailureAsThrown() {
    IOException full = new IOException("No space left on device");
    OutputStream failing = new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw full;
      }
    };
    assertThatThrownBy(() -> {
      try (AsyncOutputStream out = new AsyncOutputStream(failing, "test-writer")) {
        byte[] chunk = new byte[AsyncOutputStream.CHUNK];
        for (int i = 0; i < 1_000; i++) {
          out.write(chunk);
        }
      }
    }).isSameAs(full).satisfies(t -> assertThat(t.getSuppressed()).singleElement().satisfies(s -> assertThat(s).hasCause(full)));
  }

  /** An error on the writing thread (out of memory, say) fails the stream: close does not return normally. */
  @Test
  void anErrorOnTheWritingThreadFailsClose() {
    OutOfMemoryError oom = new OutOfMemoryError("test");
    OutputStream failsOnClose = new OutputStream() {
      @Override
      public void write(int b) {}

      @Override
      public void close() {
        throw oom;
      }
    };
    AsyncOutputStream out = new AsyncOutputStream(failsOnClose, "test-writer");
    assertThatThrownBy(out::close).isSameAs(oom);
  }

  @Test
  void aFailureOnlyAtCloseIsThrownByClose() {
    IOException late = new IOException("sync failed");
    OutputStream failsOnClose = new OutputStream() {
      @Override
      public void write(int b) {}

      @Override
      public void close() throws IOException {
        throw late;
      }
    };
    AsyncOutputStream out = new AsyncOutputStream(failsOnClose, "test-writer");
    assertThatThrownBy(() -> {
      out.write(new byte[10]);
      out.close();
    }).isSameAs(late);
  }

  @Test
  void writingAfterCloseFails() throws IOException {
    AsyncOutputStream out = new AsyncOutputStream(new ByteArrayOutputStream(), "test-writer");
    out.close();
    assertThatThrownBy(() -> out.write(1)).isInstanceOf(IOException.class).hasMessage("stream closed");
  }
}
