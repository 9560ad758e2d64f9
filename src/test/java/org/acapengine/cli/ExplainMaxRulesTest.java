package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.acapengine.testing.AcapRun;
import org.acapengine.testing.HostileShapes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code acap explain --max-rules}: an explanation of a composite usage over a resource set lists
 * the first thousand steps by default and counts the rest; the option lists fewer, or every one.
 */
class ExplainMaxRulesTest {

  @TempDir Path dir;

  private Path write(String text) throws Exception {
    Path robots = dir.resolve("robots.txt");
    Files.writeString(robots, text, StandardCharsets.UTF_8);
    return robots;
  }

  @Test
  void listsTheFirstThousandByDefaultAndFewerOrAllOnRequest() throws Exception {
    Path robots = write(HostileShapes.of("composite-x-set"));
    AcapRun.Result byDefault = AcapRun.run("explain", "--robots", robots.toString(), "--crawler", "bot", "--usage", "index", "/p1/x");
    assertThat(byDefault.exitCode()).isZero();
    assertThat(byDefault.out()).contains("rules considered (for this usage): 1800000, the first 1000 by line listed");
    AcapRun.Result five = AcapRun.run("explain", "--robots", robots.toString(), "--crawler", "bot", "--usage", "index", "--max-rules", "5", "/p1/x");
    assertThat(five.out()).contains("the first 5 by line listed").contains("not listed: no-match ");
    Path small = write(HostileShapes.compositeTimesSet(20, 20, false));
    AcapRun.Result all = AcapRun.run("explain", "--robots", small.toString(), "--crawler", "bot", "--usage", "index", "--max-rules", "all", "/p1/x");
    assertThat(all.exitCode()).isZero();
    assertThat(all.out()).contains("rules considered (for this usage): 80\n").doesNotContain("not listed");
  }

  @Test
  void aBadNumberIsOneLineAndExitTwo() throws Exception {
    Path robots = write("ACAP-crawler: *\nACAP-allow-index: /\n");
    AcapRun.Result r = AcapRun.run("explain", "--robots", robots.toString(), "--crawler", "bot", "--max-rules", "-1", "/x");
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.errLines()).singleElement().asString().contains("--max-rules");
  }
}
