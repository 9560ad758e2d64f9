package org.acapengine.load;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.acapengine.model.UserInputException;

/**
 * Reads the files a caller names ({@code -} is the standard input it passes), with a size bound.
 * A file that cannot be read is a {@link Loaded#failed} value, never an exception.
 */
public final class InputFiles {

  private InputFiles() {}

  /**
   * The size of a file, or -1 for standard input or when it cannot be told.
   *
   * @param name a file name, or {@code -} for standard input
   * @return the size in bytes, or -1
   */
  public static long sizeOf(String name) {
    if (name.equals("-")) {
      return -1;
    }
    try {
      return Files.size(Path.of(name));
    } catch (IOException | InvalidPathException e) {
      return -1;
    }
  }

  /**
   * Reads at most {@code maxBytes + 1} bytes of {@code name} (so a caller can tell the file is
   * over its limit without reading a huge file whole).
   *
   * @param stdin what {@code -} reads
   * @param name a file name, or {@code -} for standard input
   * @param maxBytes the size limit the caller enforces
   * @return the bytes, or a failure saying why the file could not be read
   */
  public static Loaded<byte[]> readBounded(String name, InputStream stdin, long maxBytes) {
    int cap = (int) Math.min(Integer.MAX_VALUE - 16, maxBytes + 1);
    if (name.equals("-")) {
      try {
        return Loaded.of(name, stdin.readNBytes(cap), List.of());
      } catch (IOException e) {
        return Loaded.failed(name, "cannot read standard input: " + e.getMessage());
      }
    }
    Path path;
    try {
      path = Path.of(name);
    } catch (InvalidPathException e) {
      return Loaded.failed(name, "cannot read " + name + ": not a valid path");
    }
    if (Files.isDirectory(path)) {
      return Loaded.failed(name, "cannot read " + name + ": it is a directory");
    }
    try (InputStream in = Files.newInputStream(path)) {
      return Loaded.of(name, in.readNBytes(cap), List.of());
    } catch (NoSuchFileException e) {
      return Loaded.failed(name, "cannot read " + name + ": no such file");
    } catch (IOException | SecurityException e) {
      return Loaded.failed(name, "cannot read " + name + ": " + e.getMessage());
    }
  }
}
