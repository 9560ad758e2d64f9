package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.acapengine.collections.io.Compression;
import org.acapengine.collections.testing.TestCollection;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scp filter} honours what a page's own response said, where the collection carries it
 * (a page line's {@code "headers"}, a raw block or an object, and {@code "html"}): robots tags for
 * every crawler or naming the crawler, noai, with the page line named in the deciding line.
 */
class ScpPageSignalsTest {

  @TempDir Path dir;

  static String page(String url, String extra) {
    String p = TestCollection.page(url, "Title of " + url);
    return p.substring(0, p.length() - 1) + "," + extra + "}";
  }

  @Test
  void pagesOwnSignalsAreHonoured() throws IOException {
    Path robots = Files.writeString(dir.resolve("robots.txt"), "User-agent: *\nAllow: /\n", StandardCharsets.UTF_8);
    TestCollection c = TestCollection.snapshot()
        .page("https://example.com/plain")
        .line(page("https://example.com/noindex", "\"headers\": {\"X-Robots-Tag\": [\"noarchive\", \"noindex\"]}"))
        .line(page("https://example.com/other", "\"headers\": \"HTTP/1.1 200 OK\\r\\nX-Robots-Tag: otherbot: noindex\\r\\n\""))
        .line(page("https://example.com/noai", "\"html\": \"<html><head><meta name=robots content=noai></head></html>\""))
        .line(page("https://example.com/botmeta", "\"html\": \"<head>\\n<meta name=\\\"bot\\\" content=\\\"none\\\">\""));
    Path in = c.write(dir.resolve("in.scp"), Compression.NONE);
    Path out = dir.resolve("out.scp");
    AcapRun.Result r = AcapRun.run("scp", "filter", "--site", "https://example.com", "--robots", robots.toString(), "--crawler", "bot", "--purpose", "ai-train", "--usage", "index",
        in.toString(), "-o", out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    List<String> kept = Files.readAllLines(out, StandardCharsets.UTF_8);
    assertThat(kept).hasSize(3); // metadata, plain, other
    assertThat(kept.get(1)).contains("/plain");
    assertThat(kept.get(2)).contains("/other");
    assertThat(r.err()).contains("read 5 pages, kept 2, dropped 3")
        .contains(in + " line 3 headers:2  X-Robots-Tag: noindex")
        .contains(in + " line 5 html:1  <meta name=\"robots\" content=\"noai\">")
        .contains(in + " line 6 html:2  <meta name=\"bot\" content=\"none\">");
    // for search, noai says nothing
    AcapRun.Result search = AcapRun.run("scp", "filter", "--site", "https://example.com", "--robots", robots.toString(), "--crawler", "bot", "--purpose", "search", "--usage", "index",
        in.toString(), "-o", dir.resolve("search.scp").toString());
    assertThat(search.err()).contains("kept 3, dropped 2");
  }
}
