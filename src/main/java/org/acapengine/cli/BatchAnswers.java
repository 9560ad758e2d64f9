package org.acapengine.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.acapengine.collections.io.Background;

/**
 * Answers {@code check --requests} lines on a thread of its own while the caller reads the next
 * ones: lines go over in batches ({@value #BATCH} lines or {@value #BATCH_CHARS} characters), at
 * most {@value #IN_FLIGHT} batches are being answered, and the answers are printed in input
 * order. The answering thread is the only one that parses requests, loads robots files and
 * decides, so the policy cache and any warning printed while loading see one thread, in order.
 *
 * <p>{@link #flush} hands over what has been read and prints every answer: the caller calls it
 * when the input pauses, so that a scheduler writing one request at a time gets each answer
 * before it writes the next, and at the end.
 */
final class BatchAnswers implements AutoCloseable {

  static final int BATCH = 512;
  static final int BATCH_CHARS = 256 * 1024;
  static final int IN_FLIGHT = 4;

  /** Answers one request line as one line of output. */
  interface Answer {
    String answer(String line, int number);
  }

  private final Answer answer;
  private final PrintWriter out;
  private final ExecutorService thread = Executors.newSingleThreadExecutor(Background.daemons("acap-decide"));
  private final ArrayDeque<Future<List<String>>> answering = new ArrayDeque<>();
  private List<String> batch = new ArrayList<>();
  private int chars;
  private int next = 1;

  BatchAnswers(Answer answer, PrintWriter out) {
    this.answer = answer;
    this.out = out;
  }

  void add(String line) throws IOException {
    batch.add(line);
    chars += line.length();
    if (batch.size() == BATCH || chars >= BATCH_CHARS) {
      handOver();
      print(IN_FLIGHT);
    }
  }

  /** Hands over the lines read so far and prints every answer. */
  void flush() throws IOException {
    handOver();
    print(0);
    out.flush();
  }

  @Override
  public void close() {
    thread.shutdownNow();
  }

  private void handOver() {
    if (batch.isEmpty()) {
      return;
    }
    List<String> lines = batch;
    int first = next;
    batch = new ArrayList<>();
    chars = 0;
    next += lines.size();
    answering.add(thread.submit(() -> {
      List<String> answers = new ArrayList<>(lines.size());
      for (int i = 0; i < lines.size(); i++) {
        answers.add(answer.answer(lines.get(i), first + i));
      }
      return answers;
    }));
  }

  private void print(int left) throws IOException {
    while (answering.size() > left) {
      for (String a : Background.await(answering.poll(), "answering requests")) {
        out.println(a);
      }
    }
  }
}
