package org.acapengine.bench;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Query;
import org.acapengine.load.PolicySize;
import org.acapengine.model.PolicyDocument;
import org.acapengine.parse.RobotsTxtParser;
import org.acapengine.testing.HostileShapes;
import org.openjdk.jol.info.GraphLayout;

/**
 * The heap the hostile definition shapes of issue 26 ({@link HostileShapes}) retain, measured with
 * JOL's object-graph walk: the parsed document alone, the whole {@link CompiledPolicy} after one
 * crawl decision and after a decision for each usage of the dictionary (each usage's index made),
 * each as a multiple of the file's bytes; {@link PolicySize}'s estimate against the last; and the
 * crawler's own policy ({@code forCrawler(...).heapBytes()}). To run it (the figures are in
 * docs/performance.md):
 *
 * <pre>
 * mvn -B -q test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt
 * java -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) org.acapengine.bench.HostileMemoryReport
 * </pre>
 */
public final class HostileMemoryReport {

  static {
    // JOL reads field offsets of records only this way on JDK 17, and needs no agent for it.
    System.setProperty("jol.magicFieldOffset", "true");
  }

  private static final List<String> USAGES = List.of("crawl", "index", "follow", "preserve", "present", "other", "present-snippet",
      "present-thumbnail", "present-currentcopy", "present-link", "present-original");

  private HostileMemoryReport() {}

  /**
   * Prints one line per shape.
   *
   * @param args none
   */
  public static void main(String[] args) {
    System.out.println("| shape | file bytes | document | policy after crawl | after every usage | PolicySize / measured | crawler policy |");
    System.out.println("| --- | --- | --- | --- | --- | --- | --- |");
    for (String shape : HostileShapes.NAMES) {
      String text = HostileShapes.of(shape);
      long bytes = text.getBytes(StandardCharsets.UTF_8).length;
      PolicyDocument doc = new RobotsTxtParser().parse(text, "hostile.txt");
      long document = GraphLayout.parseInstance(doc).totalSize();
      CompiledPolicy p = CompiledPolicy.compile(doc);
      p.decide(Query.of("bot", "crawl", "/p1/x"));
      long crawl = GraphLayout.parseInstance(p).totalSize();
      for (String u : USAGES) {
        p.decide(Query.of("bot", u, "/p1/x"));
      }
      if (shape.equals("composite-x-set-local")) {
        for (int i = 0; i < 3000; i++) {
          p.decide(Query.of("bot", "u" + i, "/p1/x")); // every member's usage asked about
        }
      }
      long all = GraphLayout.parseInstance(p).totalSize();
      long estimate = PolicySize.estimate(doc);
      System.out.printf("| %s | %,d | %,d (%.1f×) | %,d (%.1f×) | %,d (%.1f×) | %.2f | %,d |%n", shape, bytes, document, (double) document / bytes, crawl,
          (double) crawl / bytes, all, (double) all / bytes, (double) estimate / all, p.forCrawler(List.of("bot")).heapBytes());
    }
  }
}
