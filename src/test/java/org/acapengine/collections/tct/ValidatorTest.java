package org.acapengine.collections.tct;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ValidatorTest {

  private static final String H = "sha256-" + "0123456789abcdef".repeat(4);

  @Test
  void acceptsContentHashOrEtagAndRequiresThemToAgree() {
    assertThat(Validator.of(H, null)).isEqualTo(new Validator(H, null));
    assertThat(Validator.of(null, "\"" + H + "\"")).isEqualTo(new Validator(H, null));
    assertThat(Validator.of(null, H)).isEqualTo(new Validator(H, null));
    assertThat(Validator.of(H, "\"" + H + "\"")).isEqualTo(new Validator(H, null));
    assertThat(Validator.of(null, null)).isEqualTo(new Validator(null, null));
    assertThat(Validator.of(H, "sha256-" + "f".repeat(64)).problem()).isEqualTo("contentHash and etag disagree");
    assertThat(Validator.of(null, "W/\"" + H + "\"").problem()).contains("weak validator");
    assertThat(Validator.of(H.toUpperCase(java.util.Locale.ROOT), null).problem()).contains("not sha256-<64 lowercase hex>");
    assertThat(Validator.of("sha256:" + H.substring(7), null).problem()).isNotNull();
    assertThat(Validator.of(null, "\"").problem()).isNotNull();
  }
}
