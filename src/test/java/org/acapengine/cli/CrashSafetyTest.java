package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.acapengine.collections.io.Compression;
import org.acapengine.collections.io.TempFiles;
import org.acapengine.collections.testing.LargeCollection;
import org.acapengine.internal.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scp filter} killed with SIGKILL at any point — before it writes, while its output grows,
 * at fractions of a whole run, after it finished — leaves its output and its report either
 * complete (byte for byte what an unkilled run writes) or absent, never partial; the only files
 * it can leave are its own hidden temporary files, which the next run in that directory removes
 * ({@link TempFiles}). The run is a child JVM, killed with {@link Process#destroyForcibly()}.
 */
class CrashSafetyTest {

  private static final long PAGES = 20_000;

  @TempDir Path dir;

  @Test
  @Timeout(value = 240, unit = TimeUnit.SECONDS)
  void aKilledFilterLeavesCompleteFilesOrNoneAndNothingTheNextRunKeeps() throws Exception {
    Path in = dir.resolve("in.scp");
    LargeCollection.write(in, Compression.NONE, PAGES, 3_400, 10, 7);
    Path work = Files.createDirectory(dir.resolve("work"));

    long started = System.nanoTime();
    Process reference = child(in, work.resolve("ref.scp"), work.resolve("ref.json"));
    assertThat(reference.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(reference.exitValue()).as(Files.readString(dir.resolve("child.log"))).isZero();
    long runMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
    String output = sha256(work.resolve("ref.scp"));
    JsonNode pages = Json.MAPPER.readTree(work.resolve("ref.json").toFile()).get("pages");
    assertThat(pages).isNotNull();

    Path out = work.resolve("out.scp");
    Path report = work.resolve("out.json");
    List<String> observed = new ArrayList<>();
    List<Killer> points = new ArrayList<>();
    points.add(new Killer("at once", () -> true));
    points.add(new Killer("when a temporary file appears", () -> !temporaries(work).isEmpty()));
    points.add(new Killer("when the output's temporary file passes 1 MB", () -> temporaries(work).stream()
        .anyMatch(p -> p.getFileName().toString().startsWith(".out.scp.") && size(p) > 1_000_000)));
    for (double f : new double[] {0.3, 0.5, 0.7, 0.8, 0.9, 1.0, 1.2}) {
      long at = System.nanoTime() + (long) (f * runMillis * 1_000_000);
      points.add(new Killer(f + " of a run", () -> System.nanoTime() >= at));
    }
    for (Killer k : points) {
      Files.deleteIfExists(out);
      Files.deleteIfExists(report);
      Process p = child(in, out, report);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      boolean fired = false;
      while (p.isAlive() && System.nanoTime() < deadline) {
        if (k.when.getAsBoolean()) {
          fired = true;
          break;
        }
        Thread.sleep(2);
      }
      p.destroyForcibly();
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
      if (fired) {
        observed.add(k.name);
      }

      if (Files.exists(out)) {
        assertThat(sha256(out)).as(k.name + ": the output is complete").isEqualTo(output);
      }
      if (Files.exists(report)) {
        assertThat(Json.MAPPER.readTree(report.toFile()).get("pages")).as(k.name + ": the report is complete").isEqualTo(pages);
      }
      for (Path t : temporaries(work)) {
        assertThat(TempFiles.ownerPid(t.getFileName().toString())).as(k.name + ": " + t).hasValue(p.pid());
      }
      TempFiles.sweep(work);
      assertThat(temporaries(work)).as(k.name + ": swept").isEmpty();
      try (Stream<Path> files = Files.list(work)) {
        assertThat(files.map(f -> f.getFileName().toString())).as(k.name).allMatch(n -> List.of("ref.scp", "ref.json", "out.scp", "out.json").contains(n));
      }
    }
    assertThat(observed).as("the kills that came mid-write").contains("when the output's temporary file passes 1 MB");
  }

  private record Killer(String name, BooleanSupplier when) {}

  private Process child(Path in, Path out, Path report) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(java, "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
        LargeFilterMain.class.getName(), in.toString(), out.toString(), "--report", "json", report.toString())
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve("child.log").toFile())
        .start();
  }

  private static List<Path> temporaries(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> TempFiles.ownerPid(f.getFileName().toString()).isPresent()).toList();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static long size(Path p) {
    try {
      return Files.size(p);
    } catch (IOException e) {
      return -1;
    }
  }

  private static String sha256(Path p) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
  }
}
