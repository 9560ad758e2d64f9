package org.acapengine.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.acapengine.model.UserInputException;

/** Reads the files commands are given ({@code -} is standard input), with a size bound. */
public final class InputFiles {

  private InputFiles() {}

  /** The size of a file, or -1 for standard input or when it cannot be told. */
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
   * @throws UserInputException when the file cannot be read
   */
  public static byte[] readBounded(String name, InputStream stdin, long maxBytes) {
    int cap = (int) Math.min(Integer.MAX_VALUE - 16, maxBytes + 1);
    if (name.equals("-")) {
      try {
        return stdin.readNBytes(cap);
      } catch (IOException e) {
        throw new UserInputException("cannot read standard input: " + e.getMessage(), e);
      }
    }
    Path path;
    try {
      path = Path.of(name);
    } catch (InvalidPathException e) {
      throw new UserInputException("cannot read " + name + ": not a valid path");
    }
    if (Files.isDirectory(path)) {
      throw new UserInputException("cannot read " + name + ": it is a directory");
    }
    try (InputStream in = Files.newInputStream(path)) {
      return in.readNBytes(cap);
    } catch (NoSuchFileException e) {
      throw new UserInputException("cannot read " + name + ": no such file");
    } catch (IOException e) {
      throw new UserInputException("cannot read " + name + ": " + e.getMessage(), e);
    }
  }
}
