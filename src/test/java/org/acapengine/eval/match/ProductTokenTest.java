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
          # the token runs up to the first whitespace, '/', ';', '(', ',' or '*'
          MSNPTC/1.0                | MSNPTC
          Googlebot/2.1             | Googlebot
          Googlebot-Image/1.0       | Googlebot-Image
          Foo Bar                   | Foo
          FOO BAR                   | FOO
          Foobot*                   | Foobot
          Mediapartners-Google*     | Mediapartners-Google
          Mozilla/5.0 (compatible)  | Mozilla
          Foo;bar                   | Foo
          Foo(bar)                  | Foo
          "Foo,Bar"                 | Foo
          # names outside RFC 9309's [A-Za-z_-] name themselves (google would cut them)
          MJ12bot                   | MJ12bot
          360Spider                 | 360Spider
          Mail.RU_Bot               | Mail.RU_Bot
          Jävla-Foobot              | Jävla-Foobot
          Bücherbot                 | Bücherbot
          123bot                    | 123bot
          ツ                        | ツ
          Rule7TestBot/1.0          | Rule7TestBot
          "Foo Bar"            | Foo
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
          /                         | ""
          (compatible)              | ""
          ;x                        | ""
          ""                        | ""
          "   "                     | ""
          """)
  void extractsTheProductToken(String value, String expected) {
    assertThat(ProductToken.of(value)).isEqualTo(expected);
  }

  /** google/robotstxt's ExtractUserAgent, which lint names as what some crawlers read instead. */
  @ParameterizedTest(name = "[{index}] ''{0}'' -> ''{1}''")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock = """
          FooBot            | FooBot
          MJ12bot           | MJ
          360Spider         | ""
          Mail.RU_Bot       | Mail
          Jävla-Foobot      | J
          MSNPTC/1.0        | MSNPTC
          "  Rule1TestBot"  | Rule
          *                 | *
          "* x"             | *
          *bot              | ""
          """)
  void readsAsGoogleDoes(String value, String expected) {
    assertThat(ProductToken.googleReading(value)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] ''{0}''")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock = """
          FooBot
          MSNPTC/1.0
          "  Foo Bar"
          Mediapartners-Google*
          Jävla-Foobot
          *
          *bot
          """)
  void reducingTwiceChangesNothing(String value) {
    assertThat(ProductToken.of(ProductToken.of(value))).isEqualTo(ProductToken.of(value));
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
          MJ12bot    | mj12BOT    | true
          MJ12bot    | MJ13bot    | false
          Rule1TestBot | Rule2TestBot | false
          Jävla-Foobot | JÄVLA-FOOBOT | true
          Jävla-Foobot | jävla-fanbot | false
          # Unicode case folding, independent of the default locale
          s          | ſ          | true
          k          | \u212A     | true
          Straße     | STRASSE    | true
          TITLE      | tıtle      | true
          """)
  void comparesTokensIgnoringCase(String a, String b, boolean expected) {
    assertThat(ProductToken.sameCrawler(a, b)).isEqualTo(expected);
    assertThat(ProductToken.sameCrawler(b, a)).isEqualTo(expected);
  }

  @Test
  void foldingDoesNotDependOnTheDefaultLocale() {
    java.util.Locale saved = java.util.Locale.getDefault();
    try {
      java.util.Locale.setDefault(java.util.Locale.forLanguageTag("tr"));
      assertThat(ProductToken.sameCrawler("MAIL.RU_BOT", "mail.ru_bot")).isTrue();
      assertThat(ProductToken.fold("MAIL.RU_BOT")).isEqualTo("mail.ru_bot");
    } finally {
      java.util.Locale.setDefault(saved);
    }
  }

  @Test
  void sameCrawlerAndOfRejectNull() {
    assertThatNullPointerException().isThrownBy(() -> ProductToken.of(null));
    assertThatNullPointerException().isThrownBy(() -> ProductToken.sameCrawler(null, "a"));
    assertThatNullPointerException().isThrownBy(() -> ProductToken.sameCrawler("a", null));
  }
}
