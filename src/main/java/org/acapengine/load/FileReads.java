package org.acapengine.load;

import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Where a {@link SiteLoader} reads the files a {@link SiteFiles} names (URLs aside): files and
 * standard input, or texts held in memory by name ({@link SiteLoader#withTexts}), which read
 * nothing from disk and resolve no permissions reference against a directory.
 */
final class FileReads {

  private final InputStream stdin;
  private final Map<String, byte[]> texts;

  private FileReads(InputStream stdin, Map<String, byte[]> texts) {
    this.stdin = stdin;
    this.texts = texts;
  }

  /** Files, and {@code stdin} for {@code -}. */
  static FileReads files(InputStream stdin) {
    return new FileReads(stdin, null);
  }

  /** These texts by name, and nothing else. */
  static FileReads texts(Map<String, byte[]> texts) {
    return new FileReads(InputStream.nullInputStream(), Map.copyOf(texts));
  }

  /** At most {@code maxBytes + 1} bytes of a file, standard input, or the text of that name. */
  Loaded<byte[]> read(String name, long maxBytes) {
    if (texts == null) {
      return InputFiles.readBounded(name, stdin, maxBytes);
    }
    byte[] b = texts.get(name);
    if (b == null) {
      return Loaded.failed(name, "cannot read " + name + ": no such file");
    }
    long cap = Math.min(Integer.MAX_VALUE - 16, maxBytes + 1);
    return Loaded.of(name, b.length > cap ? Arrays.copyOf(b, (int) cap) : b, List.of());
  }

  /** What a robots.txt read here resolves its permissions references against: its directory, or nothing for a text. */
  ReferenceResolver references(String source, long maxBytes) {
    return texts != null ? ReferenceResolver.none() : new LocalFileResolver(SiteLoader.documentRoot(source), maxBytes);
  }
}
