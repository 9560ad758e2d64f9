package org.acapengine.adapters.tct;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.acapengine.model.Diagnostic;
import org.acapengine.testing.Resources;

final class TctTestSupport {

  private TctTestSupport() {}

  static byte[] resource(String name) {
    return Resources.bytes("/adapters/tct/" + name);
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
