package org.acapengine.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Writes the input of the README's batch measurement: 1 000 robots files (the bundled real files,
 * each copied about seven times under its own name, with a comment line added so that no two are
 * equal) and a requests file naming them in random order, as a scheduler's requests arrive. Run
 * from the repository root:
 *
 * <pre>
 * java -cp target/test-classes org.acapengine.bench.BatchRequestsInput target/batch 1000000
 * </pre>
 */
public final class BatchRequestsInput {

  private BatchRequestsInput() {}

  /**
   * Writes {@code DIR/robots/*.txt} and {@code DIR/requests.jsonl}.
   *
   * @param args the directory and the number of requests
   * @throws IOException if a file cannot be written
   */
  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    int requests = Integer.parseInt(args[1]);
    List<Path> corpus;
    try (Stream<Path> s = Files.list(Path.of("src/test/resources/corpus/real-robots"))) {
      corpus = s.filter(p -> !p.getFileName().toString().endsWith(".md")).sorted().toList();
    }
    Files.createDirectories(dir.resolve("robots"));
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      Path source = corpus.get(i % corpus.size());
      String name = String.format("robots/%04d-%s.txt", i, source.getFileName());
      byte[] body = Files.readAllBytes(source);
      byte[] tail = ("\n# copy " + i + "\n").getBytes(StandardCharsets.UTF_8);
      byte[] out = new byte[body.length + tail.length];
      System.arraycopy(body, 0, out, 0, body.length);
      System.arraycopy(tail, 0, out, body.length, tail.length);
      Files.write(dir.resolve(name), out);
      names.add(name);
    }
    String[] crawlers = {"Googlebot", "bingbot", "examplebot", "GPTBot", "CCBot", "*", "Mozilla/5.0 (compatible; YandexBot/3.0)"};
    String[] paths = {"/", "/search?q=x", "/wp-admin/", "/docs/a/b.html", "/cgi-bin/x", "/private/", "/api/v1/x?sessionid=1",
        "/en/news/2020/10/article.html", "/images/a.png", "/static/js/app.js"};
    Random random = new Random(13);
    try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("requests.jsonl"), StandardCharsets.UTF_8)) {
      for (int n = 0; n < requests; n++) {
        w.write("{\"robots\":\"" + names.get(random.nextInt(names.size())) + "\",\"crawler\":\"" + crawlers[random.nextInt(crawlers.length)]
            + "\",\"url\":\"https://example.com" + paths[random.nextInt(paths.length)] + "\"" + (n % 5 == 0 ? ",\"usage\":\"index\"" : "") + "}\n");
      }
    }
  }
}
