package org.acapengine.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * The decoder of an unasked {@code Content-Encoding} ({@link ContentDecoding}) on bodies and
 * header values from the fuzzer: it never throws; it gives at most the cap of bytes, or one line
 * saying why the body cannot be read; no coding is the body as it is; and a body the fuzzer's
 * bytes were gzipped into decodes back to them, cut at the cap, truncated exactly when they were
 * longer.
 */
class ContentDecodingFuzzTest {

  private static final List<String> CODINGS = List.of("gzip", "x-gzip", "deflate", "identity", "br", "GZIP", "gzip, gzip", "deflate, gzip", "");

  @FuzzTest
  void decodesWithinTheCapOrSaysWhy(FuzzedDataProvider data) throws IOException {
    int cap = data.consumeInt(1, 4096);
    boolean truncated = data.consumeBoolean();
    boolean roundTrip = data.consumeBoolean();
    String header = data.consumeBoolean() ? data.pickValue(CODINGS) : data.consumeString(40);
    byte[] body = data.consumeRemainingAsBytes();

    if (roundTrip) {
      ContentDecoding.Decoded d = ContentDecoding.decode(gzip(body), false, List.of("gzip"), cap);
      assertThat(d.failure()).isNull();
      assertThat(d.bytes()).isEqualTo(Arrays.copyOf(body, Math.min(cap, body.length)));
      assertThat(d.truncated()).isEqualTo(body.length > cap);
      return;
    }
    ContentDecoding.Decoded d = ContentDecoding.decode(body, truncated, List.of(header), cap);
    if (d.failure() != null) {
      assertThat(d.bytes()).isNull();
      assertThat(d.failure()).isNotBlank().doesNotContain("\n", "\r");
      assertThat(d.failure().chars()).noneMatch(c -> c < 0x20 || c == 0x7f);
      return;
    }
    boolean identity = Arrays.stream(header.split(",")).map(String::strip).allMatch(c -> c.isEmpty() || c.equalsIgnoreCase("identity"));
    if (identity) {
      assertThat(d.bytes()).isEqualTo(body);
      assertThat(d.truncated()).isEqualTo(truncated);
    } else {
      assertThat(d.bytes().length).isLessThanOrEqualTo(cap);
    }
  }

  private static byte[] gzip(byte[] bytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(bytes);
    }
    return out.toByteArray();
  }
}
