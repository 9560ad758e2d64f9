package org.acapengine.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.acapengine.parse.RobotsTxtParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Origin#parse} reads the URLs most crawlers meet in one pass ({@link Origin#plain}) and
 * every other by java.net.URI ({@link Origin#parseByUri}); both ways give the same origin, or both
 * none; and the cache's key cut from a URL read in one pass ({@link OriginSlot#key(String)}) is
 * the key of its origin.
 */
class OriginTest {

  @ParameterizedTest(name = "{0}: read in one pass {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      // read in one pass
      "https://example.com/                                  | true",
      "https://example.com                                   | true",
      "http://www.example.co.uk/a/b.html?x=1&y=2#top         | true",
      "https://example.com?q=1                               | true",
      "https://example.com#frag                              | true",
      "https://example.com:8443/x                            | true",
      "http://example.com:80/x                               | true",
      "http://example.com:0080/x                             | true",
      "https://example.com:443/x                             | true",
      "https://example.com:0443/x                            | true",
      "http://example.com:443/x                              | true",
      "https://example.com:80/x                              | true",
      "https://example.com:08443/x                           | true",
      "http://example.com:8080?q=1                           | true",
      "http://example.com:8080#f                             | true",
      "https://example.com/a/b?q=/c#f/g                      | true",
      "https://example.com:65535                             | true",
      "https://a-b.c-d.example/x                             | true",
      "https://xn--bcher-kva.example/x                       | true",
      "https://123.example.com/x                             | true",
      "https://example.com/a%2Fb%c3%A9/~u/!$&'()*+,;=:@/?q?r | true",
      "https://example.com/x#a?b/c                           | true",
      "https://example.com//double//slash                    | true",
      "https://localhost/x                                   | true",
      "https://EXAMPLE.com/x                                 | false", // upper case: lower-cased by the long way
      "HTTPS://example.com/x                                 | false",
      "https://bücher.example/x                              | false",
      "http://127.0.0.1:8080/x                               | false", // an address
      "http://[::1]:8080/x                                   | false",
      "https://user:pw@example.com/x                         | false",
      "https://example.com./x                                | false", // the trailing dot of a name
      "https://a..b/x                                        | false",
      "https://.example.com/x                                | false",
      "https://-a.example.com/x                              | false",
      "https://a-.example.com/x                              | false",
      "https://example.123/x                                 | false",
      "https://my_host.example.com/x                         | false",
      "https://example.com:/x                                | false",
      "https://example.com:0/x                               | false",
      "https://example.com:65536/x                           | false",
      "https://example.com:123456/x                          | false",
      "https://example.com:8080x/                            | false",
      "https://example.com:a/                                | false",
      "\"https://example.com/a|b\"                           | false", // java.net.URI refuses |
      "https://example.com/{x}                               | false",
      "https://example.com/a b                               | false",
      "https://example.com/a%zz                              | false",
      "https://example.com/a%2                               | false",
      "https://example.com/a%                                | false",
      "https://example.com/a%２０                             | false",
      "https://example.com/x#a#b                             | false",
      "https://example.com/é                                 | false",
      "https://example.com/[x]                               | false",
      "https://example.com/a\\b                              | false",
      "\" https://example.com/x\"                            | false", // whitespace around: stripped by the long way
      "\"https://example.com/x \"                            | false",
      "https:/example.com/x                                  | false",
      "https:example.com                                     | false",
      "https:///x                                            | false",
      "https://                                              | false",
      "ftp://example.com/                                    | false",
      "/relative                                             | false",
      "\"\"                                                  | false"})
  void bothWaysGiveTheSameOrigin(String url, boolean onePass) {
    assertThat(Origin.plain(url) != null).as(url).isEqualTo(onePass);
    assertThat(Origin.parse(url)).as(url).isEqualTo(Origin.parseByUri(url));
    assertThat(OriginSlot.key(url)).as("key of " + url).isEqualTo(onePass ? OriginSlot.key(Origin.parse(url).orElseThrow()) : null);
  }

  @Test
  void longLabels() {
    String label63 = "a".repeat(63);
    for (String url : List.of("https://" + label63 + ".example/x", "https://" + label63 + "a.example/x", "https://x." + label63 + "a/",
        "https://x.b" + label63)) {
      assertThat(Origin.parse(url)).as(url).isEqualTo(Origin.parseByUri(url));
    }
    assertThat(Origin.plain("https://" + label63 + ".example/x")).isNotNull();
    assertThat(Origin.plain("https://" + label63 + "a.example/x")).isNull();
    String tooLong = "https://example.com/" + "a".repeat(8192); // longer than Origin#parse reads: no key either
    assertThat(Origin.plain(tooLong)).isNotNull();
    assertThat(Origin.parse(tooLong)).isEmpty();
    assertThat(OriginSlot.key(tooLong)).isNull();
  }

  /** Every rule path of the bundled real files, as written, on origins of each form. */
  @Test
  void realRulePathsOnOrigins() throws IOException {
    List<String> paths = new ArrayList<>();
    try (Stream<Path> files = Files.list(Path.of("src/test/resources/corpus/real-robots"))) {
      for (Path p : files.filter(p -> !p.getFileName().toString().equalsIgnoreCase("README.md")).sorted().toList()) {
        for (var g : new RobotsTxtParser().parse(Files.readAllBytes(p), "robots.txt").conventionalGroups()) {
          for (var r : g.rules()) {
            paths.add(r.pattern().startsWith("/") ? r.pattern() : "/" + r.pattern());
          }
        }
      }
    }
    int onePass = 0;
    for (String origin : List.of("https://example.com", "http://www.example.org:8080", "https://Example.com", "http://10.0.0.1")) {
      for (String path : paths) {
        String url = origin + path;
        assertThat(Origin.parse(url)).as(url).isEqualTo(Origin.parseByUri(url));
        onePass += Origin.plain(url) != null ? 1 : 0;
        assertThat(OriginSlot.key(url)).as("key of " + url).isEqualTo(Origin.plain(url) != null ? OriginSlot.key(Origin.plain(url)) : null);
      }
    }
    assertThat(onePass).as("URLs read in one pass").isGreaterThan(paths.size());
  }
}
