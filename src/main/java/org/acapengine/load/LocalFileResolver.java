package org.acapengine.load;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Resolves a permissions reference that is a path ({@code /searchbot.txt}) against the directory
 * holding the robots.txt, which stands for the document root (2.3.2: "a path relative to the
 * document root on the same server"). A path that would leave that directory, and any URI with a
 * scheme, fails, and so does a path that leaves it through a symbolic link, and one that names
 * anything but a regular file (a directory, a device, a FIFO). Reads at most {@code maxBytes + 1}
 * bytes.
 */
public final class LocalFileResolver implements ReferenceResolver {

  private final Path documentRoot;
  private final long maxBytes;

  /**
   * A resolver confined to {@code documentRoot}.
   *
   * @param documentRoot the directory holding the robots.txt; made absolute and normalised
   * @param maxBytes the content bytes accepted; one more is read so that the caller can tell a file
   *     is too large
   */
  public LocalFileResolver(Path documentRoot, long maxBytes) {
    this.documentRoot = Objects.requireNonNull(documentRoot, "documentRoot").toAbsolutePath().normalize();
    this.maxBytes = maxBytes;
  }

  @Override
  public Result load(String locator, String referencingSource) {
    if (hasScheme(locator) || locator.startsWith("//")) {
      return new Result.Failed("'" + locator + "' is a URL; URLs are fetched only when network access is allowed");
    }
    String relative = locator;
    int cut = indexOfAny(relative, "?#");
    if (cut >= 0) {
      relative = relative.substring(0, cut);
    }
    while (relative.startsWith("/")) {
      relative = relative.substring(1);
    }
    Path target;
    try {
      target = documentRoot.resolve(relative).normalize();
    } catch (InvalidPathException e) {
      return new Result.Failed("'" + locator + "' is not a valid path");
    }
    if (!target.startsWith(documentRoot) || target.equals(documentRoot)) {
      return new Result.Failed("'" + locator + "' is outside the document root " + documentRoot);
    }
    // The path may stay inside the root by name and still leave it through a symbolic link.
    Path real;
    try {
      real = target.toRealPath();
      if (!real.startsWith(documentRoot.toRealPath())) {
        return new Result.Failed("'" + locator + "' is outside the document root " + documentRoot + " (a symbolic link leads out of it)");
      }
    } catch (NoSuchFileException e) {
      return new Result.Failed("no file " + target);
    } catch (IOException | SecurityException e) {
      return new Result.Failed("cannot read " + target + ": " + e.getMessage());
    }
    // A FIFO would block the read and a device (or a symbolic link to one) need never end.
    if (!Files.isRegularFile(real)) {
      return new Result.Failed("'" + locator + "' is not a regular file (" + target + " is a directory, device or pipe)");
    }
    try (InputStream in = Files.newInputStream(real)) {
      byte[] content = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 16, maxBytes + 1));
      return new Result.Loaded(target.toString(), content);
    } catch (NoSuchFileException e) {
      return new Result.Failed("no file " + target);
    } catch (IOException e) {
      return new Result.Failed("cannot read " + target + ": " + e.getMessage());
    }
  }

  static boolean hasScheme(String s) {
    int colon = s.indexOf(':');
    if (colon <= 0) {
      return false;
    }
    for (int i = 0; i < colon; i++) {
      char c = s.charAt(i);
      boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (i > 0 && ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.'));
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  private static int indexOfAny(String s, String chars) {
    for (int i = 0; i < s.length(); i++) {
      if (chars.indexOf(s.charAt(i)) >= 0) {
        return i;
      }
    }
    return -1;
  }
}
