package org.acapengine.cli;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;

/** The process entry point: the only place that exits. */
public final class Main {

  private Main() {}

  /**
   * Runs {@code acap} on the process streams and exits with its exit code.
   *
   * @param args the command-line arguments
   */
  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), false);
    PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
    boolean errIsTerminal = stderrIsTerminal(System.getenv("ACAP_STDERR_TTY"), System.getenv("CI"), stderrTarget());
    Io io = new Io(System.in, out, err, errIsTerminal);
    boolean debug = Arrays.asList(args).contains("--debug");
    AtomicBoolean reported = new AtomicBoolean();
    // A thread that dies outside a command's own handling says so in one line, as a run does, once.
    Thread.setDefaultUncaughtExceptionHandler((thread, e) -> AcapCommand.failed(io, e, debug, reported));
    int code;
    try {
      code = AcapCommand.run(args, io, reported);
    } catch (Throwable t) {
      code = AcapCommand.failed(io, t, debug, reported);
    }
    out.flush();
    err.flush();
    System.exit(code);
  }

  /**
   * Whether standard error is a terminal, the one stream the progress bar and colours write to
   * (not standard output or input, which {@code System.console()} tests: {@code 2> log} from a
   * terminal must not fill the log with frames). The {@code ./acap} launcher says so in
   * {@code ACAP_STDERR_TTY} ({@code [ -t 2 ]}); without it, where {@code /proc/self/fd/2} points.
   * Never under CI.
   *
   * @param launcherSays {@code ACAP_STDERR_TTY}: "1" or "0", or null when not run by the launcher
   * @param ci {@code CI}, or null
   * @param fd2 what file descriptor 2 points at, or null when that cannot be read
   * @return true when a person is watching standard error
   */
  static boolean stderrIsTerminal(String launcherSays, String ci, String fd2) {
    if ("true".equalsIgnoreCase(ci)) {
      return false;
    }
    if (launcherSays != null && !launcherSays.isEmpty()) {
      return launcherSays.equals("1");
    }
    return fd2 != null && (fd2.startsWith("/dev/pts/") || fd2.startsWith("/dev/tty"));
  }

  private static String stderrTarget() {
    try {
      return Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return null;
    }
  }
}
