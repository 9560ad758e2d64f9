package org.acapengine.serve;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.UnexpectedAlertBehaviour;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * A real headless Chromium for the page's tests: Debian's {@code chromium} and {@code
 * chromium-driver} (or {@code ACAP_CHROMIUM} and {@code ACAP_CHROMEDRIVER}), driven through
 * WebDriver. Never downloads a browser or a driver. Without them the tests are skipped with a
 * message on standard error, unless {@code ACAP_REQUIRE_BROWSER} is set (as .ci/run does): then
 * they fail, so CI cannot skip them silently. Each browser gets a profile directory of its own in
 * the temporary directory, removed by {@link #quit} once Chromium has exited (or, failing that,
 * when the JVM exits): a run leaves nothing behind.
 */
final class Browser {

  /** The environment variable that turns a missing browser from a skip into a failure. */
  static final String REQUIRE = "ACAP_REQUIRE_BROWSER";

  static final Path SCREENSHOTS = Path.of("target", "screenshots");

  /** How long {@link #quit} waits for Chromium's processes to end before ending them itself. */
  private static final Duration EXIT_WAIT = Duration.ofSeconds(15);

  /** The profile directory of each browser started and not yet quit. */
  private static final Map<ChromeDriver, Path> PROFILES = new ConcurrentHashMap<>();

  private Browser() {}

  /**
   * A started headless Chromium; or null, with a message on standard error, when there is none
   * (the caller skips each test with {@link #skipWithout}); under {@value #REQUIRE}, a failure.
   */
  static ChromeDriver start() {
    Path chromium = find("ACAP_CHROMIUM", "chromium", "chromium-browser");
    Path driver = find("ACAP_CHROMEDRIVER", "chromedriver");
    if (chromium == null || driver == null) {
      String why = "the browser tests need Chromium and ChromeDriver (Debian: apt-get install chromium chromium-driver); "
          + (chromium == null ? "chromium" : "chromedriver") + " was not found";
      if (System.getenv(REQUIRE) != null) {
        Assertions.fail(why + ", and " + REQUIRE + " is set");
      }
      System.err.println("SKIPPED: " + why + " (set " + REQUIRE + "=1 to make this a failure)");
      missing = why;
      return null;
    }
    Path profile;
    try {
      profile = Files.createTempDirectory("acap-chromium-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    // Should the JVM end without quit (a crash of the test run), the profile still goes.
    Path doomed = profile;
    Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(doomed), "acap-chromium-profile-cleanup"));
    ChromeOptions options = new ChromeOptions();
    options.setBinary(chromium.toFile());
    options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage", "--window-size=1400,1000", "--user-data-dir=" + profile);
    // An alert must stay open for the test to see it, not be dismissed by the driver.
    options.setUnhandledPromptBehaviour(UnexpectedAlertBehaviour.IGNORE);
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(driver.toFile()).usingAnyFreePort().build();
    ChromeDriver d;
    try {
      d = new ChromeDriver(service, options);
    } catch (RuntimeException e) {
      deleteTree(profile);
      throw e;
    }
    PROFILES.put(d, profile);
    d.manage().timeouts().scriptTimeout(Duration.ofSeconds(20));
    return d;
  }

  /**
   * Quits {@code d} (null: nothing to do), waits for the Chromium processes that used its profile
   * to exit (ending those still running after 15 s), then deletes the profile directory. A profile
   * that cannot be deleted now is deleted by the shutdown hook {@link #start} registered for it,
   * when the JVM exits (as {@link File#deleteOnExit} would, for a whole tree).
   *
   * @return the profile directory, which the caller can check is gone; null for a null {@code d}
   */
  static Path quit(ChromeDriver d) {
    if (d == null) {
      return null;
    }
    Path profile = PROFILES.remove(d);
    List<ProcessHandle> chromium = profile == null ? List.of() : processesUsing(profile);
    try {
      d.quit();
    } finally {
      waitForExit(chromium);
      if (profile != null) {
        deleteTree(profile);
      }
    }
    return profile;
  }

  /**
   * This JVM's descendant processes started with {@code profile} ({@code --user-data-dir}), and
   * theirs: Chromium's browser process and its helpers, which write into the profile until they end.
   */
  static List<ProcessHandle> processesUsing(Path profile) {
    String dir = profile.toString();
    List<ProcessHandle> browsers = ProcessHandle.current().descendants()
        .filter(p -> p.info().commandLine().map(c -> c.contains(dir)).orElse(false))
        .collect(Collectors.toList());
    return browsers.stream().flatMap(p -> Stream.concat(Stream.of(p), p.descendants())).distinct().collect(Collectors.toList());
  }

  private static void waitForExit(List<ProcessHandle> processes) {
    long deadline = System.nanoTime() + EXIT_WAIT.toNanos();
    for (ProcessHandle p : processes) {
      try {
        p.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        p.destroyForcibly();
      } catch (ExecutionException e) {
        // cannot wait for it: the deletion below may fail, and the shutdown hook tries again
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /**
   * Deletes {@code dir} and everything in it, as far as it can: a file that cannot be deleted
   * (still written by a process) is left, and so are the directories holding it.
   *
   * @return true when nothing of {@code dir} is left
   */
  static boolean deleteTree(Path dir) {
    if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return true;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
        try {
          Files.deleteIfExists(p);
        } catch (IOException e) {
          // left for the shutdown hook
        }
      }
    } catch (IOException | UncheckedIOException e) {
      // a file vanished or appeared while walking: the shutdown hook tries again
    }
    return !Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS);
  }

  /** Why the browser is missing, once {@link #start} found none. */
  private static String missing;

  /** Skips the calling test when {@link #start} found no browser. */
  static void skipWithout(ChromeDriver d) {
    Assumptions.assumeTrue(d != null, () -> "skipped: " + missing);
  }

  private static Path find(String variable, String... names) {
    String given = System.getenv(variable);
    if (given != null && !given.isBlank()) {
      Path p = Path.of(given);
      return Files.isExecutable(p) ? p : null;
    }
    for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
      for (String name : names) {
        Path p = Path.of(dir, name);
        if (Files.isExecutable(p)) {
          return p;
        }
      }
    }
    return null;
  }

  /** Waits up to 15 s for {@code condition}; fails naming {@code what}. */
  static void until(String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    while (System.nanoTime() < deadline) {
      try {
        if (condition.getAsBoolean()) {
          return;
        }
      } catch (RuntimeException e) {
        // not there yet
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
    Assertions.fail("timed out waiting for " + what);
  }

  /** Writes a screenshot of the window to target/screenshots/NAME.png. */
  static Path screenshot(ChromeDriver d, String name) {
    try {
      Files.createDirectories(SCREENSHOTS);
      Path p = SCREENSHOTS.resolve(name + ".png");
      Files.write(p, ((TakesScreenshot) d).getScreenshotAs(OutputType.BYTES));
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
