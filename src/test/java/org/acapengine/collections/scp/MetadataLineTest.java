package org.acapengine.collections.scp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.acapengine.internal.json.JsonLimits;
import org.junit.jupiter.api.Test;

class MetadataLineTest {

  private static final String NEW = "sha256:" + "b".repeat(64);

  private static MetadataLine parse(String line) throws Exception {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return MetadataLine.parse(b, b.length, JsonLimits.factory(1_000_000), "in");
  }

  private static String with(String line) throws Exception {
    return new String(parse(line).withChecksum(NEW), StandardCharsets.UTF_8);
  }

  @Test
  void replacesTheChecksumTokenInPlace() throws Exception {
    String old = "sha256:" + "a".repeat(64);
    String line = "{\"collection\":{\"id\":\"é-1\",\"checksum\": \"" + old + "\" ,\"section\":\"s\",\"type\":\"snapshot\","
        + "\"generated\":\"2025-01-15T10:00:00Z\",\"version\":\"0.1\"}}\n";
    assertThatThrownBy(() -> parse(line)).hasMessageContaining("collection.id must be letters");
    String ascii = line.replace("é-1", "e-1");
    assertThat(with(ascii)).isEqualTo(ascii.replace(old, NEW));
  }

  @Test
  void replacesAnEscapedChecksumWhole() throws Exception {
    String escaped = "\\u0073ha256:" + "a".repeat(64);
    String line = "{\"collection\":{\"id\":\"x\",\"section\":\"s\",\"type\":\"snapshot\",\"generated\":\"2025-01-15T10:00:00Z\","
        + "\"checksum\":\"" + escaped + "\",\"version\":\"0.1\"}}";
    assertThat(parse(line).metadata().checksum()).contains("sha256:" + "a".repeat(64));
    assertThat(with(line)).isEqualTo(line.replace(escaped, NEW));
  }

  @Test
  void insertsAChecksumBeforeTheCollectionsClosingBrace() throws Exception {
    String line = "{\"a\":[1,{\"b\":2}],\"collection\":{\"id\":\"x\",\"section\":\"s\",\"type\":\"snapshot\","
        + "\"generated\":\"2025-01-15T10:00:00Z\",\"version\":\"0.1\" },\"z\":{}}\r\n";
    assertThat(with(line)).isEqualTo(line.replace("\"0.1\" }", "\"0.1\" ,\"checksum\":\"" + NEW + "\"}"));
  }

  @Test
  void readsTheFields() throws Exception {
    CollectionMetadata m = parse("{\"collection\":{\"id\":\"d\",\"section\":\"blog\",\"type\":\"delta\",\"generated\":\"2000-01-15T23:00:00Z\","
        + "\"since\":\"2000-01-14T00:00:00Z\",\"version\":\"0.12\",\"future\":{\"x\":[]}}}").metadata();
    assertThat(m.type()).isEqualTo(CollectionType.DELTA);
    assertThat(m.since()).contains("2000-01-14T00:00:00Z");
    assertThat(m.checksum()).isEmpty();
    assertThat(m.majorVersion()).isZero();
    assertThat(m.minorVersion()).isEqualTo(12);
    assertThat(m.newerMinorVersion()).isTrue();
  }

  @Test
  void rejectsAByteOrderMarkAndHugeVersions() {
    assertThatThrownBy(() -> parse("\uFEFF{\"collection\":{}}")).hasMessageContaining("byte order mark");
    assertThatThrownBy(() -> parse("{\"collection\":{\"id\":\"x\",\"section\":\"s\",\"type\":\"snapshot\",\"generated\":\"2025-01-15T10:00:00Z\","
        + "\"version\":\"99999999999999999999.0\"}}")).hasMessageContaining("is not supported");
  }

  @Test
  void appendixBExampleOneParses() throws Exception {
    // SCP Appendix B, Example 1: its checksum is a placeholder (the SHA-256 of "foo"), so only the syntax is checked here
    String line = "{\"collection\":{\"id\":\"example-minimal\",\"section\":\"all\",\"type\":\"snapshot\",\"generated\":\"2025-01-15T10:00:00Z\","
        + "\"checksum\":\"sha256:2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae\",\"version\":\"0.1\"}}";
    assertThat(parse(line).metadata().id()).isEqualTo("example-minimal");
  }
}
