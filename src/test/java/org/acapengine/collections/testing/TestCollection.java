package org.acapengine.collections.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.acapengine.collections.io.Compression;

/**
 * Builds SCP collections for tests: a metadata line (with a correct checksum unless told
 * otherwise) and page lines given verbatim, written plain, gzip or zstd.
 */
public final class TestCollection {

  private String id = "blog-snapshot-q1";
  private String section = "blog";
  private String type = "snapshot";
  private String since;
  private String version = "0.1";
  private String generated = "2025-01-15T10:00:00Z";
  private boolean checksum = true;
  private String checksumOverride;
  private String metadataLine;
  private final List<String> lines = new ArrayList<>();

  public static TestCollection snapshot() {
    return new TestCollection();
  }

  public static TestCollection delta(String since) {
    TestCollection c = new TestCollection();
    c.id = "blog-delta-day15";
    c.type = "delta";
    c.since = since;
    return c;
  }

  public TestCollection version(String v) {
    this.version = v;
    return this;
  }

  public TestCollection withoutChecksum() {
    this.checksum = false;
    return this;
  }

  public TestCollection checksum(String value) {
    this.checksumOverride = value;
    return this;
  }

  /** Replaces the generated metadata line with {@code line} (no newline). */
  public TestCollection metadataLine(String line) {
    this.metadataLine = line;
    return this;
  }

  /** Adds a well-formed page for {@code url}. */
  public TestCollection page(String url) {
    return line(page(url, "Title of " + url));
  }

  /** Adds a raw line (without its newline). */
  public TestCollection line(String line) {
    lines.add(line);
    return this;
  }

  public static String page(String url, String title) {
    return "{\"url\":\"" + url + "\",\"title\":\"" + title + "\",\"description\":\"d\",\"modified\":\"2025-01-15T09:00:00Z\","
        + "\"language\":\"en\",\"content\":[{\"type\":\"heading\",\"level\":1,\"text\":\"" + title + "\"},"
        + "{\"type\":\"text\",\"text\":\"Hello\"}]}";
  }

  /** The page lines joined with newlines, each ending in one. */
  public byte[] body() {
    StringBuilder b = new StringBuilder();
    for (String line : lines) {
      b.append(line).append('\n');
    }
    return b.toString().getBytes(StandardCharsets.UTF_8);
  }

  public static String sha256(byte[] bytes) {
    try {
      return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  public String metadata() {
    if (metadataLine != null) {
      return metadataLine;
    }
    StringBuilder m = new StringBuilder("{\"collection\":{\"id\":\"").append(id).append("\",\"section\":\"").append(section)
        .append("\",\"type\":\"").append(type).append("\",\"generated\":\"").append(generated).append('"');
    if (since != null) {
      m.append(",\"since\":\"").append(since).append('"');
    }
    if (checksumOverride != null) {
      m.append(",\"checksum\":\"").append(checksumOverride).append('"');
    } else if (checksum) {
      m.append(",\"checksum\":\"").append(sha256(body())).append('"');
    }
    m.append(",\"version\":\"").append(version).append("\"}}");
    return m.toString();
  }

  /** The uncompressed file. */
  public byte[] bytes() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes((metadata() + "\n").getBytes(StandardCharsets.UTF_8));
    out.writeBytes(body());
    return out.toByteArray();
  }

  public Path write(Path file, Compression compression) throws IOException {
    Files.write(file, compress(bytes(), compression));
    return file;
  }

  public static byte[] compress(byte[] data, Compression compression) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (OutputStream enc = compression.encoder(out)) {
      enc.write(data);
    }
    return out.toByteArray();
  }

  /** A page body of about {@code size} bytes of word-like text, which compresses like prose. */
  public static String prose(Random random, int size) {
    StringBuilder b = new StringBuilder(size + 16);
    while (b.length() < size) {
      int len = 2 + random.nextInt(8);
      for (int i = 0; i < len; i++) {
        b.append((char) ('a' + random.nextInt(26)));
      }
      b.append(' ');
    }
    return b.toString();
  }
}
