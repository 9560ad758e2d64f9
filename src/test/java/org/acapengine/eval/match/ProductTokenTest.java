package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProductTokenTest {

  @ParameterizedTest(name = "[{index}] ''{0}'' -> ''{1}''")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock = """
          # bare tokens (RFC 9309 2.2.1)
          FooBot                    | FooBot
          Foobot-Bar                | Foobot-Bar
          Foo_Bar                   | Foo_Bar
          ExampleBot                | ExampleBot
          # google ExtractUserAgent: the leading run of [a-zA-Z_-]
          MSNPTC/1.0                | MSNPTC
          Googlebot/2.1             | Googlebot
          Googlebot-Image/1.0       | Googlebot-Image
          Foo Bar                   | Foo
          FOO BAR                   | FOO
          Foobot*                   | Foobot
          Bücherbot                 | B
          Mozilla/5.0 (compatible)  | Mozilla
          # leading whitespace is skipped, as google's parser strips the value
          "  FooBot"                | FooBot
          "\t FooBot "              | FooBot
          # the wildcard, alone or followed by whitespace (google: still global)
          *                         | *
          "* "                      | *
          * something else          | *
          "  *"                     | *
          # nothing usable: the empty token
          *bot                      | ""
          */1.0                     | ""
          123bot                    | ""
          /                         | ""
          ツ                        | ""
          ""                        | ""
          "   "                     | ""
          """)
  void extractsTheProductToken(String value, String expected) {
    assertThat(ProductToken.of(value)).isEqualTo(expected);
  }

  @Test
  void returnsTheSameInstanceForABareToken() {
    String token = "FooBot";
    assertThat(ProductToken.of(token)).isSameAs(token);
  }

  /** google/robotstxt robots_test.cc ID_VerifyValidUserAgentsToObey, plus the wildcard. */
  @ParameterizedTest(name = "[{index}] ''{0}'' -> {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock = """
          Foobot      | true
          Foobot-Bar  | true
          Foo_Bar     | true
          ""          | false
          ツ          | false
          Foobot*     | false
          " Foobot "  | false
          Foobot/2.1  | false
          Foobot Bar  | false
          *           | false
          Bot2        | false
          -           | true
          """)
  void validatesProductTokens(String token, boolean expected) {
    assertThat(ProductToken.isValidProductToken(token)).isEqualTo(expected);
  }

  @Test
  void nullIsNotAValidToken() {
    assertThat(ProductToken.isValidProductToken(null)).isFalse();
  }

  @ParameterizedTest(name = "[{index}] ''{0}'' vs ''{1}'' -> {2}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock = """
          FooBot     | FooBot     | true
          FooBot     | foobot     | true
          FOOBOT     | fooBot     | true
          Foo-Bar_X  | foo-bar_x  | true
          FooBot     | FooBot2    | false
          FooBot     | FooBo      | false
          FooBot     | Foo Bot    | false
          *          | *          | true
          *          | FooBot     | false
          ""         | ""         | false
          ""         | FooBot     | false
          s          | ſ          | false
          K          | \u212A     | false
          """)
  void comparesTokensUpToAsciiCase(String a, String b, boolean expected) {
    assertThat(ProductToken.sameCrawler(a, b)).isEqualTo(expected);
    assertThat(ProductToken.sameCrawler(b, a)).isEqualTo(expected);
  }

  @Test
  void sameCrawlerAndOfRejectNull() {
    assertThatNullPointerException().isThrownBy(() -> ProductToken.of(null));
    assertThatNullPointerException().isThrownBy(() -> ProductToken.sameCrawler(null, "a"));
    assertThatNullPointerException().isThrownBy(() -> ProductToken.sameCrawler("a", null));
  }
}
