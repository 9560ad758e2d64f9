package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import org.acapengine.internal.json.Json;

/**
 * The {@code check --requests} line reader on lines from the fuzzer: it never throws; a line is
 * either a request whose fields hold what the command needs, and which reads back the same from
 * its own JSON, or one line saying why it is none, with no line-breaking character in it.
 */
class BatchRequestFuzzTest {

  @FuzzTest
  void aLineIsARequestOrOneLineOfWhy(byte[] input) {
    // byte[], not String: Jazzer reads a String parameter's seed files in its own serialised form
    // (a null flag and a length first), so the committed lines were replayed mangled.
    String line = new String(input, StandardCharsets.UTF_8);
    BatchRequest.Read read = BatchRequest.parse(line);
    assertThat(read.request() == null).as("request or error, not both: %s", read).isNotEqualTo(read.error() == null);
    if (read.error() != null) {
      assertThat(read.error()).isNotBlank().doesNotContain("\n", "\r", "\u2028", "\u2029", "\u0085");
      return;
    }
    BatchRequest r = read.request();
    assertThat(r.robots()).isNotEqualTo("-");
    assertThat(r.crawlers()).isNotEmpty().anyMatch(c -> !c.isBlank());
    assertThat(r.url()).isNotNull();
    assertThat(r.usage()).isNotNull();
    ObjectNode again = Json.object();
    again.put("robots", r.robots());
    r.crawlers().forEach(again.putArray("crawler")::add);
    again.put("url", r.url());
    again.put("usage", r.usage());
    r.purpose().ifPresent(p -> again.put("purpose", p));
    assertThat(BatchRequest.parse(Json.compact(again)).request()).isEqualTo(r);
  }
}
