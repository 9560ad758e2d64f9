package org.acapengine.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A permissions reference fetched over HTTP is confined: http and https only, at most five
 * redirects and none to another scheme, the body read as a stream and cut one byte past the
 * limit, a deadline on the whole answer (issue: confined loading), against a server on 127.0.0.1.
 */
class HttpResolverTest {

  private LocalServer server;

  @BeforeEach
  void start() throws IOException {
    server = new LocalServer();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private String url(String path) {
    return "http://127.0.0.1:" + server.port() + path;
  }

  private ReferenceResolver.Result fetch(String path) {
    return new HttpResolver(Duration.ofMillis(1500), 100).fetch(URI.create(url(path)));
  }

  @Test
  void aFileIsLoadedAsServed() {
    server.on("/perms.txt", LocalServer.text(200, "ACAP-crawler: *\n"));
    ReferenceResolver.Result r = fetch("/perms.txt");
    assertThat(r).isInstanceOf(ReferenceResolver.Result.Loaded.class);
    assertThat(new String(((ReferenceResolver.Result.Loaded) r).content(), StandardCharsets.UTF_8)).isEqualTo("ACAP-crawler: *\n");
  }

  @ParameterizedTest(name = "[{index}] {0} redirects")
  @CsvSource({"1, true", "5, true", "6, false"})
  void atMostFiveRedirectsAreFollowed(int hops, boolean loaded) {
    for (int i = 0; i < hops; i++) {
      server.on("/hop" + i, LocalServer.redirect(301, "/hop" + (i + 1)));
    }
    server.on("/hop" + hops, LocalServer.text(200, "ACAP-crawler: *\n"));
    ReferenceResolver.Result r = fetch("/hop0");
    assertThat(r instanceof ReferenceResolver.Result.Loaded).as(String.valueOf(r)).isEqualTo(loaded);
    if (!loaded) {
      assertThat(((ReferenceResolver.Result.Failed) r).reason()).contains("after 5 redirects");
    }
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', value = {
      "file:///etc/passwd          | which is not an http or https URL",
      "ftp://127.0.0.1/perms.txt   | which is not an http or https URL",
      "jar:file:///x.jar!/a        | which is not an http or https URL",
  })
  void aRedirectToAnotherSchemeFails(String location, String reason) {
    server.on("/perms.txt", LocalServer.redirect(302, location));
    ReferenceResolver.Result r = fetch("/perms.txt");
    assertThat(r).isInstanceOf(ReferenceResolver.Result.Failed.class);
    assertThat(((ReferenceResolver.Result.Failed) r).reason()).contains(reason);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', value = {
      "file:///etc/passwd | only http and https URLs are fetched",
      "ftp://example.com/ | only http and https URLs are fetched",
  })
  void onlyHttpAndHttpsAreFetched(String uri, String reason) {
    ReferenceResolver.Result r = new HttpResolver(Duration.ofMillis(500), 100).fetch(URI.create(uri));
    assertThat(((ReferenceResolver.Result.Failed) r).reason()).startsWith(reason);
  }

  @ParameterizedTest(name = "[{index}] HTTP {0}")
  @CsvSource({"404", "410", "429", "500", "503"})
  void anyAnswerButSuccessLeavesTheReferenceUnresolved(int status) {
    server.on("/perms.txt", LocalServer.text(status, "ACAP-crawler: *\n"));
    ReferenceResolver.Result r = fetch("/perms.txt");
    assertThat(((ReferenceResolver.Result.Failed) r).reason()).contains(url("/perms.txt") + " answered HTTP " + status);
  }

  @Test
  void anEndlessBodyIsCutOneBytePastTheLimit() {
    server.on("/perms.txt", LocalServer.endless());
    ReferenceResolver.Result r = fetch("/perms.txt");
    assertThat(((ReferenceResolver.Result.Loaded) r).content()).hasSize(101);
  }

  @Test
  void aDrippingServerIsCutOffAtTheDeadline() {
    server.on("/perms.txt", LocalServer.drip());
    long start = System.nanoTime();
    ReferenceResolver.Result r = fetch("/perms.txt");
    assertThat(((ReferenceResolver.Result.Failed) r).reason()).contains("read timeout");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
  }
}
