package org.acapengine.collections.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.acapengine.collections.testing.TestCollection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class CompressionTest {

  private static Compression sniff(int... bytes) {
    byte[] b = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      b[i] = (byte) bytes[i];
    }
    return Compression.sniff(b, b.length);
  }

  @Test
  void sniffsTheMagicNumbers() {
    assertThat(sniff(0x1F, 0x8B, 0x08, 0x00)).isEqualTo(Compression.GZIP);
    assertThat(sniff(0x28, 0xB5, 0x2F, 0xFD)).isEqualTo(Compression.ZSTD);
    assertThat(sniff(0x5A, 0x2A, 0x4D, 0x18)).isEqualTo(Compression.ZSTD);
    assertThat(sniff('{', '"', 'c', 'o')).isEqualTo(Compression.NONE);
    assertThat(sniff(0x28, 0xB5, 0x2F)).isEqualTo(Compression.NONE);
    assertThat(sniff(0x1F)).isEqualTo(Compression.NONE);
    assertThat(sniff()).isEqualTo(Compression.NONE);
  }

  @Test
  void labelsAndFileNames() {
    assertThat(Compression.fromLabel("ZSTD")).isEqualTo(Compression.ZSTD);
    assertThatThrownBy(() -> Compression.fromLabel("brotli")).hasMessageContaining("expected none, gzip or zstd");
    assertThat(Compression.fromFileName("a.scp.gz")).isEqualTo(Compression.GZIP);
    assertThat(Compression.fromFileName("a.SCP.ZST")).isEqualTo(Compression.ZSTD);
    assertThat(Compression.fromFileName("a.scp")).isEqualTo(Compression.NONE);
  }

  @ParameterizedTest
  @EnumSource(Compression.class)
  void roundTripsAndReadsConcatenatedMembersOrFrames(Compression c) throws IOException {
    byte[] one = TestCollection.compress("first\n".getBytes(StandardCharsets.UTF_8), c);
    byte[] two = TestCollection.compress("second\n".getBytes(StandardCharsets.UTF_8), c);
    ByteArrayOutputStream both = new ByteArrayOutputStream();
    both.writeBytes(one);
    both.writeBytes(two);
    try (InputStream in = c.decoder(new ByteArrayInputStream(both.toByteArray()))) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("first\nsecond\n");
    }
  }

  @Test
  void zstdStepsOverASkippableFrame() throws IOException {
    byte[] frame = TestCollection.compress("data\n".getBytes(StandardCharsets.UTF_8), Compression.ZSTD);
    ByteArrayOutputStream file = new ByteArrayOutputStream();
    file.writeBytes(new byte[] {0x50, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 'x', 'y', 'z'});
    file.writeBytes(frame);
    byte[] bytes = file.toByteArray();
    Compression sniffed = Compression.sniff(bytes, 4);
    assertThat(sniffed).isEqualTo(Compression.ZSTD);
    try (InputStream in = sniffed.decoder(new ByteArrayInputStream(bytes))) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("data\n");
    }
  }
}
