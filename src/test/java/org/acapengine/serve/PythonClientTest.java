package org.acapengine.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The Python example of docs/serve.md (docs/examples/serve_client.py, standard library only) runs
 * against a real server on 127.0.0.1 and prints the answers; and the docs show that very file.
 */
class PythonClientTest {

  static final Path SCRIPT = Path.of("docs/examples/serve_client.py");

  @Test
  void theExampleAsksTheServerAndPrintsItsAnswers() throws Exception {
    Assumptions.assumeTrue(python() != null, "python3 is not on this machine: the Python example is not run");
    try (AcapServer server = AcapServer.start(ServeOptions.defaults().withAddress(InetAddress.getLoopbackAddress(), 0), l -> {})) {
      String base = server.uri().toString().replaceAll("/$", "");
      Process p = new ProcessBuilder(python(), SCRIPT.toString(), base).redirectErrorStream(true).start();
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("python3 finished").isTrue();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.exitValue()).as(out).isZero();
      assertThat(out.lines().toList()).startsWith(
          "allowed    /  (default)",
          "prohibited /private/plans.pdf  (line 2: Disallow: /private/)",
          "allowed    /private/press/kit.pdf  (line 3: Allow: /private/press/)");
      assertThat(out).contains("why: ");
      String doc = Files.readString(Path.of("docs/serve.md"), StandardCharsets.UTF_8);
      int at = doc.indexOf("It prints:\n\n```\n");
      assertThat(at).as("docs/serve.md shows the output").isPositive();
      String shown = doc.substring(at + "It prints:\n\n```\n".length(), doc.indexOf("```", at + "It prints:\n\n```\n".length()));
      assertThat(out).isEqualTo(shown);
    }
  }

  @Test
  void docsServeMdShowsTheExampleAsItIs() throws IOException {
    String doc = Files.readString(Path.of("docs/serve.md"), StandardCharsets.UTF_8);
    assertThat(doc).contains("```python\n" + Files.readString(SCRIPT, StandardCharsets.UTF_8) + "```");
  }

  static String python() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      Path p = Path.of(dir, "python3");
      if (Files.isExecutable(p)) {
        return p.toString();
      }
    }
    return null;
  }
}
