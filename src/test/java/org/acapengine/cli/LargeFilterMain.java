package org.acapengine.cli;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.acapengine.collections.PageVerdict;
import org.acapengine.model.SourceLine;
import org.acapengine.testing.AcapRun;

/**
 * Runs {@code acap scp filter} on a file in a JVM of its own, so that a test can give it a heap
 * far smaller than the collection, or kill it mid-write: {@code LargeFilterMain IN OUT [OPTION...]}
 * (the options are passed on, e.g. {@code --report json FILE}). Prints the command's stderr, then
 * {@code peak-heap-bytes=N}, and exits with the command's exit code.
 */
public final class LargeFilterMain {

  private LargeFilterMain() {}

  public static void main(String[] args) {
    ScpFilterCommand filter = new ScpFilterCommand((url, usage) ->
        usage.equals("crawl") && url.contains("/private/")
            ? PageVerdict.byLine(false, new SourceLine("robots.txt", 2, "ACAP-disallow-crawl: /private/"))
            : PageVerdict.byDefault(true));
    List<String> command = new ArrayList<>(List.of("scp", "filter", "--robots", "https://example.com/robots.txt", "--crawler", "bot", "--usage", "index",
        args[0], "-o", args[1]));
    command.addAll(Arrays.asList(args).subList(2, args.length));
    AcapRun.Result r = AcapRun.setup().replace("scp filter", filter).run(command.toArray(String[]::new));
    System.out.print(r.err());
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    System.out.println("peak-heap-bytes=" + peak);
    System.out.flush();
    System.exit(r.exitCode());
  }
}
