package org.acapengine.serve;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BooleanSupplier;
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
 * they fail, so CI cannot skip them silently.
 */
final class Browser {

  /** The environment variable that turns a missing browser from a skip into a failure. */
  static final String REQUIRE = "ACAP_REQUIRE_BROWSER";

  static final Path SCREENSHOTS = Path.of("target", "screenshots");

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
    ChromeOptions options = new ChromeOptions();
    options.setBinary(chromium.toFile());
    options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage", "--window-size=1400,1000", "--user-data-dir=" + profile);
    // An alert must stay open for the test to see it, not be dismissed by the driver.
    options.setUnhandledPromptBehaviour(UnexpectedAlertBehaviour.IGNORE);
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(driver.toFile()).usingAnyFreePort().build();
    ChromeDriver d = new ChromeDriver(service, options);
    d.manage().timeouts().scriptTimeout(Duration.ofSeconds(20));
    return d;
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
