package org.acapengine.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Test resources by classpath path, for the tests that feed files to the readers. */
public final class Resources {

  private Resources() {}

  /** The bytes of the classpath resource {@code path} (for example {@code /adapters/tct/x.json}). */
  public static byte[] bytes(String path) {
    try (InputStream in = Resources.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource " + path);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
