package org.acapengine.collections.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.acapengine.model.UserInputException;

/**
 * Copies a stream that can be read once (standard input) to a temporary file that can be read
 * twice, as stored (still compressed), with a size limit.
 */
public final class Spool {

  private Spool() {}

  /**
   * Copies {@code in} to a new temporary file in {@code dir}; the caller deletes it.
   *
   * @throws UserInputException when more than {@code maxBytes} arrive
   * @param in the bytes to copy; read to its end, not closed
   * @param dir the directory the temporary file is created in
   * @param prefix the temporary file's name prefix, a dot first ({@link TempFiles})
   * @param maxBytes the most bytes accepted
   * @param name how messages name the input
   * @return the temporary file
   * @throws IOException when {@code in} cannot be read or the file cannot be written
   */
  public static Path toTempFile(InputStream in, Path dir, String prefix, long maxBytes, String name) throws IOException {
    Path file = TempFiles.create(dir, prefix);
    boolean ok = false;
    try (OutputStream out = Files.newOutputStream(file)) {
      byte[] buffer = new byte[64 * 1024];
      long total = 0;
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        total += n;
        if (total > maxBytes) {
          throw new UserInputException(name + ": larger than the " + maxBytes + "-byte limit");
        }
        out.write(buffer, 0, n);
      }
      ok = true;
      return file;
    } finally {
      if (!ok) {
        Files.deleteIfExists(file);
      }
    }
  }
}
