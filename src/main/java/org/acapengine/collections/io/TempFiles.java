package org.acapengine.collections.io;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Temporary files a killed run cannot leave behind for good. Each is named {@code
 * PREFIX.acap-PID-RANDOM.tmp} after the process that made it; making one first deletes, in the
 * same directory, every such file whose process is gone. Code that runs on exit cannot remove a
 * file after SIGKILL, so a run killed that way leaves at most its own temporary files, hidden
 * (the prefix starts with a dot), and the next run that writes in that directory removes them. A
 * file whose process number is in use again is left alone: it is never wrong to keep a file.
 */
public final class TempFiles {

  private static final String TAG = ".acap-";
  private static final String SUFFIX = ".tmp";

  private TempFiles() {}

  /**
   * Creates a new empty temporary file in {@code dir}, after removing the temporary files of
   * processes that are gone.
   *
   * @param dir the directory; it must exist
   * @param prefix the start of the name, a dot first so that the file is hidden ({@code
   *     .out.scp}, {@code .scp-stdin})
   * @return the new file
   * @throws IOException when the file cannot be created
   */
  public static Path create(Path dir, String prefix) throws IOException {
    sweep(dir);
    long pid = ProcessHandle.current().pid();
    for (int attempt = 0; ; attempt++) {
      Path file = dir.resolve(prefix + TAG + pid + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE) + SUFFIX);
      try {
        return Files.createFile(file);
      } catch (java.nio.file.FileAlreadyExistsException e) {
        if (attempt > 8) {
          throw e;
        }
      }
    }
  }

  /**
   * Deletes the temporary files in {@code dir} whose process is no longer alive. Never throws: a
   * file that cannot be listed or deleted stays.
   *
   * @param dir the directory
   * @return how many files were deleted
   */
  public static int sweep(Path dir) {
    int deleted = 0;
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*" + TAG + "*" + SUFFIX)) {
      for (Path p : entries) {
        OptionalLong pid = ownerPid(p.getFileName().toString());
        if (pid.isPresent() && !alive(pid.getAsLong()) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
          try {
            Files.deleteIfExists(p);
            deleted++;
          } catch (IOException e) {
            // another run removed it, or it is not ours to remove: leave it
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      // an unreadable directory: nothing to sweep
    }
    return deleted;
  }

  /**
   * The process number in a name this class makes, or empty for any other name.
   *
   * @param name a file name
   * @return the process number
   */
  public static OptionalLong ownerPid(String name) {
    if (!name.startsWith(".") || !name.endsWith(SUFFIX)) {
      return OptionalLong.empty();
    }
    int tag = name.lastIndexOf(TAG);
    if (tag < 0) {
      return OptionalLong.empty();
    }
    int start = tag + TAG.length();
    int dash = name.indexOf('-', start);
    int end = name.length() - SUFFIX.length();
    if (dash <= start || dash >= end - 1 || dash - start > 18) {
      return OptionalLong.empty();
    }
    for (int i = start; i < end; i++) {
      char c = name.charAt(i);
      boolean ok = i < dash ? c >= '0' && c <= '9' : i == dash || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
      if (!ok) {
        return OptionalLong.empty();
      }
    }
    return OptionalLong.of(Long.parseLong(name.substring(start, dash)));
  }

  private static boolean alive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }
}
