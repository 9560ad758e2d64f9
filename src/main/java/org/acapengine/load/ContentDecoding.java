package org.acapengine.load;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;

/**
 * Undoes the {@code Content-Encoding} a server applied to a body although none was asked for
 * (the fetcher sends no {@code Accept-Encoding}): {@code gzip} (and {@code x-gzip}) and {@code
 * deflate} are decoded, at most {@code cap} bytes of output (a gzip bomb stops there, and the body
 * counts as truncated, as one too long does); {@code identity} is the body as it is. Any other
 * coding ({@code br}, {@code zstd}, {@code compress}), and a body that is not in the coding it
 * claims, cannot be read: never as raw bytes, which would read as a robots.txt without rules
 * (everything allowed). docs/fetching.md, "Content-Encoding".
 */
final class ContentDecoding {

  /**
   * The body after decoding, or why it cannot be read.
   *
   * @param bytes the decoded body, at most the cap; null on a failure
   * @param truncated whether the body (compressed or decoded) went on beyond what is kept
   * @param failure why the body cannot be read, one line; null when it can
   */
  record Decoded(byte[] bytes, boolean truncated, String failure) {}

  private ContentDecoding() {}

  static Decoded decode(byte[] body, boolean truncated, List<String> headerValues, int cap) {
    List<String> codings = new ArrayList<>();
    for (String value : headerValues) {
      for (String c : value.split(",", 16)) {
        String coding = c.strip().toLowerCase(Locale.ROOT);
        if (!coding.isEmpty() && !coding.equals("identity")) {
          codings.add(coding);
        }
      }
    }
    byte[] bytes = body;
    boolean cut = truncated;
    // Codings are listed in the order they were applied: undo the last first.
    for (int i = codings.size() - 1; i >= 0; i--) {
      String coding = codings.get(i);
      InputStream in;
      try {
        in = switch (coding) {
          case "gzip", "x-gzip" -> new GZIPInputStream(new ByteArrayInputStream(bytes));
          case "deflate" -> deflate(bytes);
          default -> null;
        };
      } catch (ZipException e) {
        return new Decoded(null, cut, "with Content-Encoding " + coding + ", but the body is not " + coding);
      } catch (EOFException e) {
        return new Decoded(null, cut, "with Content-Encoding " + coding + ", but the body ends before its " + coding + " header does");
      } catch (IOException e) {
        return new Decoded(null, cut, "with Content-Encoding " + coding + " that cannot be decoded (" + e.getClass().getSimpleName() + ")");
      }
      if (in == null) {
        return new Decoded(null, cut, "with Content-Encoding " + RobotsFetcher.printable(coding) + ", which was not asked for and cannot be decoded");
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(cap, 64 * 1024));
      byte[] buffer = new byte[8192];
      try (InputStream decoded = in) {
        int n;
        while ((n = decoded.read(buffer)) > 0) {
          int room = cap - out.size();
          out.write(buffer, 0, Math.min(n, room));
          if (n > room) {
            cut = true;
            break;
          }
        }
      } catch (EOFException e) {
        // a body cut at the size limit ends inside the compressed stream: keep what was decoded
        if (!cut) {
          return new Decoded(null, false, "with Content-Encoding " + coding + ", but the " + coding + " stream is incomplete");
        }
      } catch (IOException e) {
        if (!cut) {
          return new Decoded(null, false, "with Content-Encoding " + coding + ", but the body is not valid " + coding);
        }
      }
      bytes = out.toByteArray();
    }
    return new Decoded(bytes, cut, null);
  }

  /** {@code deflate} is meant to be zlib (RFC 9110 8.4.1.2), but some servers send raw deflate: both are read. */
  private static InputStream deflate(byte[] bytes) {
    boolean zlib = bytes.length >= 2 && (bytes[0] & 0x0F) == 8 && ((bytes[0] & 0xFF) << 8 | (bytes[1] & 0xFF)) % 31 == 0;
    Inflater inflater = new Inflater(!zlib);
    return new InflaterInputStream(new ByteArrayInputStream(bytes), inflater) {
      @Override
      public void close() throws IOException {
        super.close();
        inflater.end(); // an Inflater given to the stream is not ended by it
      }
    };
  }
}
