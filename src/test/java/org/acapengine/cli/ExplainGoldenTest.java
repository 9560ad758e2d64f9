package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.acapengine.testing.AcapRun;
import org.acapengine.testing.Goldens;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Golden {@code acap explain} outputs: each case runs the command in-process and compares its
 * standard output, byte for byte, with {@code src/test/resources/explain/NAME}. The robots.txt
 * files are in that directory too and are given by their path relative to the project directory
 * (Maven runs tests there); absolute paths in the output (referenced files are named by absolute
 * path) are written relative to the project directory first, so the files do not depend on where
 * the project is checked out.
 *
 * <p>After an intended change to the explanation, regenerate the files and review the diff:
 *
 * <pre>
 * mvn -B test -Dtest=ExplainGoldenTest -Dacap.updateGoldens=true
 * git diff src/test/resources/explain/
 * </pre>
 */
class ExplainGoldenTest {

  static final Path DIR = Path.of("src/test/resources/explain");
  static final boolean REGENERATE = Goldens.UPDATE;

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # golden file                       | arguments after 'acap explain'
      worked-named-index-html.txt         | --robots DIR/worked-example.txt --crawler named-crawler /index.html
      worked-named-index-html.json        | --robots DIR/worked-example.txt --crawler named-crawler --format json /index.html
      worked-named-preserve.txt           | --robots DIR/worked-example.txt --crawler named-crawler --usage preserve http://example.com/news/today
      worked-randombot-crawl.json         | --robots DIR/worked-example.txt --crawler randombot --format json /public/a
      worked-named-index-all.txt          | --robots DIR/worked-example.txt --crawler named-crawler/2.1 --usage index --all /private/x
      scopes-thumbnail-conflict.txt       | --robots DIR/scopes.txt --crawler bot --usage present-thumbnail /p/x
      scopes-thumbnail-conflict.json      | --robots DIR/scopes.txt --crawler bot --usage present-thumbnail --format json /p/x
      scopes-brief-snippet.txt            | --robots DIR/scopes.txt --crawler bot --usage present-snippet /p/s/1
      scopes-brief-not-honoured.txt       | --robots DIR/scopes.txt --crawler bot --usage present-snippet --honour time-limit /p/s/1
      scopes-purpose-news.txt             | --robots DIR/scopes.txt --crawler bot --usage index --purpose news /news/a
      site-reference-searchbot.txt        | --robots DIR/site/robots.txt --crawler searchbot /tmp/public/x
      site-reference-searchbot.json       | --robots DIR/site/robots.txt --crawler searchbot --format json /tmp/x
      site-unresolved-reference.txt       | --robots DIR/site/robots.txt --crawler randombot /tmp/x
      """)
  void explainOutputIsTheGoldenFile(String name, String arguments) throws IOException {
    String[] args = ("explain " + arguments.strip()).split("\\s+");
    for (int i = 0; i < args.length; i++) {
      args[i] = args[i].replace("DIR", DIR.toString());
    }
    AcapRun.Result r = AcapRun.runWithInput("", args);
    assertThat(r.err()).isEmpty();
    assertThat(r.exitCode()).isZero();
    String projectDir = Path.of("").toAbsolutePath() + java.io.File.separator;
    String actual = r.out().replace(projectDir, "");
    Path golden = DIR.resolve(name);
    if (REGENERATE) {
      Files.writeString(golden, actual, StandardCharsets.UTF_8);
    }
    assertThat(golden).as("golden file (regenerate with -Dacap.updateGoldens=true)").exists();
    assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }
}
