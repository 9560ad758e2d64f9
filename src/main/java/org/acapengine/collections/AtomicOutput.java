package org.acapengine.collections;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.acapengine.collections.io.TempFiles;

/**
 * A file that appears complete or not at all: written to a hidden temporary file in the target's
 * directory ({@link TempFiles}), synced, and renamed over the target by {@link #commit}. Closing
 * without committing deletes the temporary file, so a failed run leaves no output behind; a run
 * killed with SIGKILL leaves the target as it was and at most its hidden temporary file, which the
 * next run writing in that directory deletes.
 */
public final class AtomicOutput implements Closeable {

  private final Path target;
  private final Path temp;
  private final FileChannel channel;
  private final OutputStream stream;
  private boolean committed;
  private boolean closed;

  private AtomicOutput(Path target, Path temp, FileChannel channel) {
    this.target = target;
    this.temp = temp;
    this.channel = channel;
    this.stream = new BufferedOutputStream(Channels.newOutputStream(channel), 64 * 1024);
  }

  /**
   * Opens a temporary file beside {@code target}.
   *
   * @param target the file to create or replace on {@link #commit}
   * @return the open output; close it in all cases (closing without committing deletes the
   *         temporary file)
   * @throws IOException when the temporary file cannot be created
   */
  public static AtomicOutput create(Path target) throws IOException {
    Path absolute = target.toAbsolutePath();
    Path dir = absolute.getParent();
    if (dir == null || !Files.isDirectory(dir)) {
      throw new IOException("directory " + dir + " does not exist");
    }
    if (Files.isDirectory(absolute)) {
      throw new IOException(absolute + " is a directory");
    }
    Path temp = TempFiles.create(dir, "." + absolute.getFileName());
    FileChannel channel;
    try {
      channel = FileChannel.open(temp, StandardOpenOption.WRITE);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(temp);
      throw e;
    }
    return new AtomicOutput(absolute, temp, channel);
  }

  /**
   * The stream to write to (buffered; do not close it, {@link #commit} or {@link #close} does).
   *
   * @return the buffered stream
   */
  public OutputStream stream() {
    return stream;
  }

  /**
   * The temporary file, while it exists.
   *
   * @return the temporary file's path
   */
  public Path tempFile() {
    return temp;
  }

  /**
   * Writes {@code bytes} over what was written at {@code position}, after flushing the stream:
   * for a header whose content is known only at the end (its length must not change).
   *
   * @param position where in the file to write, from its start
   * @param bytes what to write there
   * @throws IOException when the file cannot be written
   */
  public void overwrite(long position, byte[] bytes) throws IOException {
    if (closed) {
      throw new IOException("already closed");
    }
    stream.flush();
    java.nio.ByteBuffer buffer = java.nio.ByteBuffer.wrap(bytes);
    long at = position;
    while (buffer.hasRemaining()) {
      at += channel.write(buffer, at);
    }
  }

  /**
   * Flushes, syncs and renames the temporary file over the target.
   *
   * @throws IOException when the file cannot be written, synced or renamed; the target is then
   *         untouched
   */
  public void commit() throws IOException {
    if (closed) {
      throw new IOException("already closed");
    }
    stream.flush();
    channel.force(true);
    stream.close();
    closed = true;
    try {
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
    }
    committed = true;
  }

  /** Deletes the temporary file unless {@link #commit} succeeded. */
  @Override
  public void close() throws IOException {
    if (committed) {
      return;
    }
    try {
      if (!closed) {
        closed = true;
        channel.close();
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }
}
