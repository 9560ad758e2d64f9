package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.acapengine.collections.io.Compression;
import org.acapengine.collections.testing.LargeCollection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The filter's memory stays flat whatever the collection's size: a child JVM with a 64 MiB heap
 * filters a generated collection of about 360 MB (five times its heap). Were any stage to buffer
 * the collection whole, the child would fail with an OutOfMemoryError.
 */
class ScpFilterMemoryTest {

  private static final long PAGES = 100_000;
  private static final int PROSE = 3_400;
  private static final int PRIVATE_EVERY = 10;

  @TempDir Path dir;

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void filtersACollectionFarLargerThanTheHeap() throws Exception {
    Path in = dir.resolve("big.scp");
    LargeCollection.Stats generated = LargeCollection.write(in, Compression.NONE, PAGES, PROSE, PRIVATE_EVERY, 42);
    assertThat(generated.uncompressedBytes()).isGreaterThan(5L * 64 * 1024 * 1024);
    Path out = dir.resolve("out.scp");

    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child = new ProcessBuilder(
            java, "-Xmx64m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
            LargeFilterMain.class.getName(), in.toString(), out.toString())
        .redirectErrorStream(true)
        .start();
    String output;
    try (InputStream childOut = child.getInputStream()) {
      output = new String(childOut.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();

    assertThat(child.exitValue()).as(output).isZero();
    long kept = PAGES - generated.privatePages();
    assertThat(output).contains("read " + PAGES + " pages, kept " + kept + ", dropped " + generated.privatePages());
    assertThat(output).doesNotContain("OutOfMemoryError");
    long peak = Long.parseLong(output.substring(output.indexOf("peak-heap-bytes=") + 16).strip());
    assertThat(peak).isLessThanOrEqualTo(64L * 1024 * 1024);

    // the output's checksum covers exactly its page lines, checked by streaming it here
    MessageDigest digest = MessageDigest.getInstance("SHA-256");
    StringBuilder firstLine = new StringBuilder();
    long lines = 0;
    try (InputStream read = new BufferedInputStream(Files.newInputStream(out), 1 << 16)) {
      byte[] buffer = new byte[1 << 16];
      boolean inFirst = true;
      for (int n = read.read(buffer); n >= 0; n = read.read(buffer)) {
        int start = 0;
        if (inFirst) {
          int nl = indexOf(buffer, n, (byte) '\n');
          int end = nl < 0 ? n : nl;
          firstLine.append(new String(buffer, 0, end, StandardCharsets.UTF_8));
          if (nl < 0) {
            continue;
          }
          inFirst = false;
          start = nl + 1;
        }
        digest.update(buffer, start, n - start);
        for (int i = start; i < n; i++) {
          if (buffer[i] == '\n') {
            lines++;
          }
        }
      }
    }
    assertThat(lines).isEqualTo(kept);
    assertThat(firstLine.toString()).contains("\"checksum\":\"sha256:" + HexFormat.of().formatHex(digest.digest()) + "\"");
    assertThat(leftovers()).isEmpty();
  }

  private static int indexOf(byte[] b, int n, byte value) {
    for (int i = 0; i < n; i++) {
      if (b[i] == value) {
        return i;
      }
    }
    return -1;
  }

  private List<String> leftovers() throws IOException {
    try (var files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".")).toList();
    }
  }
}
