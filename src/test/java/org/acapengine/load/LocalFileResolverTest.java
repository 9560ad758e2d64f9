package org.acapengine.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link LocalFileResolver}: references resolve inside the document root, and nothing leaves it. */
class LocalFileResolverTest {

  @TempDir
  Path temp;

  Path root;
  LocalFileResolver resolver;

  @BeforeEach
  void files() throws IOException {
    root = Files.createDirectories(temp.resolve("root"));
    Files.createDirectories(root.resolve("policies"));
    Files.writeString(root.resolve("policies/bot.txt"), "ACAP-crawler: bot\n", StandardCharsets.UTF_8);
    Files.writeString(temp.resolve("outside.txt"), "secret\n", StandardCharsets.UTF_8);
    resolver = new LocalFileResolver(root, 1024);
  }

  private String loaded(String locator) {
    ReferenceResolver.Result r = resolver.load(locator, root.resolve("robots.txt").toString());
    assertThat(r).as(locator).isInstanceOf(ReferenceResolver.Result.Loaded.class);
    return new String(((ReferenceResolver.Result.Loaded) r).content(), StandardCharsets.UTF_8);
  }

  private String failure(String locator) {
    ReferenceResolver.Result r = resolver.load(locator, root.resolve("robots.txt").toString());
    assertThat(r).as(locator).isInstanceOf(ReferenceResolver.Result.Failed.class);
    return ((ReferenceResolver.Result.Failed) r).reason();
  }

  @Test
  void aPathIsResolvedAgainstTheDocumentRoot() {
    assertThat(loaded("/policies/bot.txt")).isEqualTo("ACAP-crawler: bot\n");
    assertThat(loaded("policies/bot.txt")).isEqualTo("ACAP-crawler: bot\n");
    assertThat(loaded("/policies/./bot.txt?x=1#f")).isEqualTo("ACAP-crawler: bot\n");
  }

  @Test
  void pathsThatLeaveTheRootAreRefused() {
    assertThat(failure("/../outside.txt")).contains("outside the document root");
    assertThat(failure("/policies/../../outside.txt")).contains("outside the document root");
    assertThat(failure("/")).contains("outside the document root");
  }

  @Test
  void urlsAndMissingFilesFail() {
    assertThat(failure("http://example.com/bot.txt")).contains("URL");
    assertThat(failure("//example.com/bot.txt")).contains("URL");
    assertThat(failure("/policies/none.txt")).contains("no file");
  }

  @Test
  void aSymbolicLinkOutOfTheRootIsRefused() throws IOException {
    Path link = root.resolve("link");
    try {
      Files.createSymbolicLink(link, temp);
    } catch (UnsupportedOperationException | IOException e) {
      Assumptions.abort("symbolic links are not available here: " + e);
    }
    assertThat(failure("/link/outside.txt")).contains("outside the document root");
  }

  @Test
  void aSymbolicLinkWithinTheRootIsFollowed() throws IOException {
    Path link = root.resolve("alias");
    try {
      Files.createSymbolicLink(link, root.resolve("policies"));
    } catch (UnsupportedOperationException | IOException e) {
      Assumptions.abort("symbolic links are not available here: " + e);
    }
    assertThat(loaded("/alias/bot.txt")).isEqualTo("ACAP-crawler: bot\n");
  }

  @Test
  void atMostMaxBytesPlusOneAreRead() throws IOException {
    Files.writeString(root.resolve("big.txt"), "x".repeat(5000), StandardCharsets.UTF_8);
    ReferenceResolver.Result r = resolver.load("/big.txt", "robots.txt");
    assertThat(((ReferenceResolver.Result.Loaded) r).content()).hasSize(1025);
  }

  @Test
  void aDirectoryIsNoFileToRead() {
    assertThat(failure("/policies")).contains("is not a regular file");
    assertThat(failure("/policies/")).contains("is not a regular file");
  }

  @Test
  void aFifoIsRefusedWithoutBlocking() throws Exception {
    Path fifo = root.resolve("policies/pipe.txt");
    Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
    Assumptions.assumeTrue(p.waitFor() == 0, "mkfifo is not available");
    // Opening a FIFO with no writer would block for ever: the resolver must not open it.
    assertThat(failure("/policies/pipe.txt")).contains("is not a regular file");
  }

  @Test
  void aSymbolicLinkToADeviceIsRefused() throws IOException {
    Files.createSymbolicLink(root.resolve("policies/zero.txt"), Path.of("/dev/zero"));
    assertThat(failure("/policies/zero.txt")).contains("outside the document root");
  }
}
