package org.acapengine.collections.testing;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.acapengine.collections.io.Compression;

/**
 * Writes a large generated collection to disk without holding it: the page lines stream to a
 * body file while being hashed (text drawn from a fixed vocabulary, fresh for each page), then the metadata line (with the checksum) and the body are
 * streamed into the final file. Every {@code privateEvery}-th page is under {@code /private/}.
 */
public final class LargeCollection {

  private LargeCollection() {}

  /** What was generated. */
  public record Stats(long pages, long privatePages, long uncompressedBytes) {}

  /** {@code size} random lower-case words, so that generated text compresses roughly like prose (3-4:1). */
  private static String[] vocabulary(Random random, int size) {
    String[] words = new String[size];
    for (int w = 0; w < size; w++) {
      StringBuilder b = new StringBuilder();
      int len = 2 + random.nextInt(9);
      for (int i = 0; i < len; i++) {
        b.append((char) ('a' + random.nextInt(26)));
      }
      words[w] = b.toString();
    }
    return words;
  }

  /**
   * Writes a collection for the end-to-end timings in docs/collections.md: {@code FILE PAGES},
   * compressed by FILE's extension ({@code .gz}, {@code .zst}, else plain), about 1.2 KB a page,
   * one page in ten under {@code /private/}.
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: LargeCollection FILE PAGES");
      System.exit(2);
    }
    Path file = Path.of(args[0]);
    String name = file.getFileName().toString();
    Compression compression = name.endsWith(".gz") ? Compression.GZIP : name.endsWith(".zst") ? Compression.ZSTD : Compression.NONE;
    Stats s = write(file, compression, Long.parseLong(args[1]), 1000, 10, 1);
    System.out.printf("%s: %d pages (%d under /private/), %d bytes uncompressed%n", file, s.pages(), s.privatePages(), s.uncompressedBytes());
  }

  public static Stats write(Path file, Compression compression, long pages, int proseBytes, int privateEvery, long seed)
      throws IOException {
    Path body = file.resolveSibling(file.getFileName() + ".body");
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
    Random random = new Random(seed);
    String[] vocabulary = vocabulary(random, 5000);
    long privatePages = 0;
    long bodyBytes = 0;
    StringBuilder text = new StringBuilder(proseBytes + 64);
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(body), 1 << 16)) {
      for (long i = 0; i < pages; i++) {
        boolean hidden = privateEvery > 0 && i % privateEvery == 0;
        if (hidden) {
          privatePages++;
        }
        text.setLength(0);
        while (text.length() < proseBytes) {
          text.append(vocabulary[random.nextInt(vocabulary.length)]).append(' ');
        }
        String url = "https://example.com/" + (hidden ? "private" : "blog") + "/post-" + i;
        String line = "{\"url\":\"" + url + "\",\"title\":\"Post " + i + "\",\"description\":\"d\",\"modified\":\"2025-01-15T09:00:00Z\","
            + "\"language\":\"en\",\"content\":[{\"type\":\"heading\",\"level\":1,\"text\":\"Post " + i + "\"},"
            + "{\"type\":\"text\",\"text\":\"" + text + "\"}]}\n";
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        out.write(bytes);
        digest.update(bytes);
        bodyBytes += bytes.length;
      }
    }
    String metadata = "{\"collection\":{\"id\":\"big\",\"section\":\"all\",\"type\":\"snapshot\",\"generated\":\"2025-01-15T10:00:00Z\","
        + "\"checksum\":\"sha256:" + HexFormat.of().formatHex(digest.digest()) + "\",\"version\":\"0.1\"}}\n";
    byte[] meta = metadata.getBytes(StandardCharsets.UTF_8);
    try (OutputStream out = compression.encoder(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
        InputStream in = Files.newInputStream(body)) {
      out.write(meta);
      in.transferTo(out);
    } finally {
      Files.deleteIfExists(body);
    }
    return new Stats(pages, privatePages, meta.length + bodyBytes);
  }
}
