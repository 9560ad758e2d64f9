package org.acapengine.collections.io;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;

/** What the collection code's worker threads share: how they are made and how a result is awaited. */
public final class Background {

  private Background() {}

  /**
   * Daemon threads named {@code name}, so that a stuck worker never keeps the JVM alive.
   *
   * @param name the threads' name
   * @return the factory
   */
  public static ThreadFactory daemons(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }

  /**
   * Waits for {@code task} and returns its result; a failure in the task is thrown here as it was
   * thrown there (a runtime exception or error as is, anything else wrapped in an IOException).
   *
   * @param task the task to wait for
   * @param doing what the task does, for the message when the wait is interrupted
   * @param <T> the result's type
   * @return the task's result
   * @throws IOException when the task failed with a checked exception, or the wait was interrupted
   */
  public static <T> T await(Future<T> task, String doing) throws IOException {
    try {
      return task.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while " + doing);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      if (cause instanceof IOException io) {
        throw io;
      }
      throw new IOException(cause);
    }
  }
}
