package org.acapengine.bench;

import org.acapengine.testing.HostileMemory;
import org.acapengine.testing.HostileShapes;

/**
 * The heap the hostile shapes ({@link HostileShapes}) retain, measured with JOL's object-graph
 * walk ({@link HostileMemory}): the parsed document alone, the whole compiled policy after one
 * crawl decision and after a decision for each usage, each as a multiple of the file's bytes;
 * {@code PolicySize}'s estimate against the last; and the crawler's own policy. To run it (the
 * figures are in docs/performance.md):
 *
 * <pre>
 * mvn -B -q test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt
 * java -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) org.acapengine.bench.HostileMemoryReport
 * </pre>
 */
public final class HostileMemoryReport {

  private HostileMemoryReport() {}

  /**
   * Prints one line per shape.
   *
   * @param args none
   */
  public static void main(String[] args) {
    System.out.println("| shape | file bytes | document | policy after crawl | after every usage | `PolicySize` estimate | estimate / measured | crawler's policy |");
    System.out.println("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for (String shape : HostileShapes.ALL) {
      HostileMemory m = HostileMemory.of(shape);
      long b = m.fileBytes();
      System.out.printf("| `%s` | %s | %s (%.1f×) | %s (%.1f×) | %s (**%.1f×**) | %s | %.2f | %s (%.1f×) |%n", shape, n(b), n(m.document()),
          (double) m.document() / b, n(m.afterCrawl()), (double) m.afterCrawl() / b, n(m.afterEveryUsage()), m.retainedPerByte(), n(m.estimate()),
          m.estimateToMeasured(), n(m.crawlerPolicy()), (double) m.crawlerPolicy() / b);
    }
  }

  /** 1 234 567: digits grouped by spaces, as the docs write numbers. */
  private static String n(long v) {
    return String.format("%,d", v).replace(',', ' ');
  }
}
