package org.acapengine.collections.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.acapengine.collections.testing.TestCollection;
import org.acapengine.model.UserInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class DecodedInputTest {

  @TempDir Path dir;

  private static long drain(InputStream in) throws IOException {
    byte[] buffer = new byte[8192];
    long total = 0;
    for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
      total += n;
    }
    return total;
  }

  @ParameterizedTest
  @ValueSource(strings = {"gzip", "zstd"})
  void aBombIsStoppedEarlyWithoutExpandingIt(String label) throws IOException {
    Compression c = Compression.fromLabel(label);
    byte[] zeros = new byte[64 * 1024 * 1024];
    Path bomb = Files.write(dir.resolve("bomb"), TestCollection.compress(zeros, c));
    try (DecodedInput in = DecodedInput.open(bomb, "bomb", CollectionLimits.SPEC)) {
      assertThat(in.compression()).isEqualTo(c);
      assertThatThrownBy(() -> drain(in.stream()))
          .isInstanceOf(UserInputException.class)
          .hasMessageStartingWith("bomb: decompression ratio exceeds 100:1");
      assertThat(in.decodedBytesRead()).isLessThan(zeros.length / 2);
    }
  }

  @ParameterizedTest
  @EnumSource(Compression.class)
  void proseLikeDataPassesTheRatioCheck(Compression c) throws IOException {
    byte[] text = TestCollection.prose(new Random(3), 2_000_000).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    Path file = Files.write(dir.resolve("prose"), TestCollection.compress(text, c));
    try (DecodedInput in = DecodedInput.open(file, "prose", CollectionLimits.SPEC)) {
      assertThat(drain(in.stream())).isEqualTo(text.length);
      assertThat(in.decodedBytesRead()).isEqualTo(text.length);
      assertThat(in.storedBytesRead()).isEqualTo(Files.size(file));
    }
  }

  @Test
  void theStoredSizeIsLimitedToo() throws IOException {
    Path file = Files.write(dir.resolve("plain"), new byte[10_000]);
    CollectionLimits tiny = new CollectionLimits(1000, 1_000_000, 100, 1000, 10);
    assertThatThrownBy(() -> DecodedInput.open(file, "plain", tiny)).hasMessage("plain: larger than the 1000-byte limit for a stored collection");
  }

  @Test
  void missingFilesAndDirectoriesAreNamed() {
    assertThatThrownBy(() -> DecodedInput.open(dir.resolve("nope"), "nope", CollectionLimits.SPEC)).hasMessage("nope: no such file");
    assertThatThrownBy(() -> DecodedInput.open(dir, "d", CollectionLimits.SPEC)).hasMessage("d: is a directory");
  }

  @Test
  void aGzipHeaderAloneIsTruncated() throws IOException {
    Path file = Files.write(dir.resolve("cut.gz"), new byte[] {0x1F, (byte) 0x8B, 8});
    assertThatThrownBy(() -> DecodedInput.open(file, "cut.gz", CollectionLimits.SPEC))
        .isInstanceOf(UserInputException.class)
        .hasMessageStartingWith("cut.gz: truncated or corrupt gzip data");
  }
}
