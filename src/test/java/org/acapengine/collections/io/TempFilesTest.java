package org.acapengine.collections.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Temporary files are named after their process, and those of a process that is gone are swept. */
class TempFilesTest {

  @TempDir Path dir;

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', nullValues = "-", value = {
      ".out.scp.acap-1234-9f3a.tmp          | 1234",
      ".scp-stdin.acap-77-0.tmp              | 77",
      ".a.acap-b.acap-42-ff.tmp              | 42",
      "out.scp.acap-1234-9f3a.tmp            | -",
      ".out.scp.acap-1234-9f3a.tmpx          | -",
      ".out.scp.acap--9f3a.tmp               | -",
      ".out.scp.acap-1234-.tmp               | -",
      ".out.scp.acap-12x4-9f3a.tmp           | -",
      ".out.scp.acap-1234-9F3A.tmp           | -",
      ".out.scp.acap-1234-9f3g.tmp           | -",
      ".out.scp.acap-1234567890123456789-1.tmp | -",
      ".out.scp.1234-9f3a.tmp                | -",
  })
  void theOwnerIsReadFromTheName(String name, Long pid) {
    assertThat(TempFiles.ownerPid(name)).isEqualTo(pid == null ? OptionalLong.empty() : OptionalLong.of(pid));
  }

  @Test
  void aNewFileIsHiddenAndNamedAfterThisProcess() throws IOException {
    Path f = TempFiles.create(dir, ".out.scp");
    assertThat(f.getParent()).isEqualTo(dir);
    assertThat(f.getFileName().toString()).startsWith(".out.scp.acap-" + ProcessHandle.current().pid() + "-").endsWith(".tmp");
    assertThat(TempFiles.ownerPid(f.getFileName().toString())).hasValue(ProcessHandle.current().pid());
    assertThat(TempFiles.create(dir, ".out.scp")).isNotEqualTo(f);
  }

  @Test
  void onlyTheFilesOfAProcessThatIsGoneAreSwept() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    long gone = p.pid();
    Path mine = TempFiles.create(dir, ".out.scp");
    Path dead = Files.createFile(dir.resolve(".out.scp.acap-" + gone + "-abc.tmp"));
    Path other = Files.createFile(dir.resolve("notes.acap-" + gone + "-abc.tmp"));
    Path deadDir = Files.createDirectory(dir.resolve(".d.acap-" + gone + "-abc.tmp"));

    assertThat(TempFiles.sweep(dir)).isEqualTo(1);
    assertThat(dead).doesNotExist();
    assertThat(mine).exists();
    assertThat(other).exists();
    assertThat(deadDir).exists();

    Files.createFile(dead);
    TempFiles.create(dir, ".other");
    assertThat(dead).as("creating a file sweeps first").doesNotExist();
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.filter(f -> f.getFileName().toString().startsWith(".out.scp.acap-"))).containsExactly(mine);
    }
  }

  @Test
  void aMissingDirectorySweepsNothing() {
    assertThat(TempFiles.sweep(dir.resolve("missing"))).isZero();
  }
}
