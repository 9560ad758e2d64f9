package org.acapengine.cli;

import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * Prints the answers of a {@code check --requests} batch in input order while later lines are
 * still being answered: each line's answer is a future (ready at once when its site policy is
 * cached, later when its robots.txt is being fetched or compiled on the cache's threads), and the
 * answers ready at the head of the queue are printed as soon as they are. At most {@value
 * #MAX_LINES} lines or {@value #MAX_CHARS} characters of input wait at once; beyond, the reader
 * waits for the oldest, so memory stays bounded whatever the input.
 *
 * <p>{@link #flush} waits for every answer and flushes the output: the caller calls it when the
 * input pauses, so that a scheduler writing one request at a time gets each answer before it
 * writes the next, and at the end. Used from one thread.
 */
final class BatchAnswers {

  static final int MAX_LINES = 4096;
  static final int MAX_CHARS = 8 * 1024 * 1024;

  private record Waiting(CompletableFuture<String> answer, int chars) {}

  private final PrintWriter out;
  private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
  private long chars;

  BatchAnswers(PrintWriter out) {
    this.out = out;
  }

  /**
   * Queues one line's answer and prints every answer that is ready at the head of the queue.
   *
   * @param answer the answer, one line of output; must not complete exceptionally
   * @param inputChars the length of the input line, for the bound
   */
  void add(CompletableFuture<String> answer, int inputChars) {
    int weight = inputChars + 256;
    waiting.add(new Waiting(answer, weight));
    chars += weight;
    while (waiting.size() > MAX_LINES || chars > MAX_CHARS) {
      printHead();
    }
    while (!waiting.isEmpty() && waiting.peek().answer().isDone()) {
      printHead();
    }
  }

  /**
   * An answer ready now: printed at once when nothing waits before it, else queued behind.
   *
   * @param answer the answer, one line of output
   */
  void add(String answer) {
    if (waiting.isEmpty()) {
      out.println(answer);
    } else {
      add(CompletableFuture.completedFuture(answer), 0);
    }
  }

  /** Waits for every answer queued, prints them and flushes the output. */
  void flush() {
    while (!waiting.isEmpty()) {
      printHead();
    }
    out.flush();
  }

  private void printHead() {
    Waiting w = waiting.poll();
    chars -= w.chars();
    out.println(w.answer().join());
  }
}
