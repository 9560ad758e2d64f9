package org.acapengine.collections;

import java.io.IOException;

/**
 * A collection or sitemap that must be rejected as a whole: a fatal error in the sense of SCP
 * "Error Handling" (decompression failure, compression bomb, checksum mismatch, unsupported
 * version, invalid metadata) or a limit of "Resource Exhaustion Attacks". An {@link IOException}
 * so that it can leave the decompressing streams; the commands report its message as one line
 * with exit code 2.
 */
public final class CollectionException extends IOException {
  private static final long serialVersionUID = 1L;

  public CollectionException(String message) {
    super(message);
  }

  public CollectionException(String message, Throwable cause) {
    super(message, cause);
  }
}
