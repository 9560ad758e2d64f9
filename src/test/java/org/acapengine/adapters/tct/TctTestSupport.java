package org.acapengine.adapters.tct;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.acapengine.model.Diagnostic;

final class TctTestSupport {

  private TctTestSupport() {}

  static byte[] resource(String name) {
    try (InputStream in = TctTestSupport.class.getResourceAsStream("/adapters/tct/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource " + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static TctPolicyResult read(String json) {
    return new TctPolicyReader().read(json.getBytes(StandardCharsets.UTF_8), "https://example.com/llm-policy.json");
  }

  static TctPolicy policy(String json) {
    TctPolicyResult r = read(json);
    return r.policy().orElseThrow(() -> new AssertionError("rejected: " + r.diagnostics()));
  }

  static List<String> codes(TctPolicyResult r) {
    return r.diagnostics().stream().map(Diagnostic::code).collect(Collectors.toList());
  }
}
