package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PercentEncodingTest {

  @ParameterizedTest(name = "[{index}] {0} -> {1}")
  @CsvSource(
      delimiter = '|',
      textBlock = """
          # RFC 9309 section 2.2.2, table 1 ("Path" -> "Path to Match")
          /foo/bar?baz=quz                   | /foo/bar?baz=quz
          /foo/bar?baz=https%3A%2F%2Ffoo.bar | /foo/bar?baz=https%3A%2F%2Ffoo.bar
          /foo/bar/ツ                        | /foo/bar/%E3%83%84
          /foo/bar/%E3%83%84                 | /foo/bar/%E3%83%84
          /foo/bar/%62%61%7A                 | /foo/bar/baz
          # google/robotstxt robots_test.cc TestMaybeEscapePattern
          http://www.example.com             | http://www.example.com
          /a/b/c                             | /a/b/c
          á                                  | %C3%A1
          %aa                                | %AA
          # google/robotstxt robots.cc MaybeEscapePattern comment
          /SanJoséSellers                    | /SanJos%C3%A9Sellers
          # unreserved octets are decoded, in either hex case
          %41%5a%61%7a%30%39                 | AZaz09
          %2D%2E%5F%7E                       | -._~
          %2d%2e%5f%7e                       | -._~
          # reserved and other octets keep their encoding, hex upper-cased
          %2f%3a%3f%23%5b%5d%40              | %2F%3A%3F%23%5B%5D%40
          %21%24%26%27%28%29%2a%2b%2c%3b%3d  | %21%24%26%27%28%29%2A%2B%2C%3B%3D
          %25                                | %25
          %2541                              | %2541
          %20%22%3C%3E%5C%5E%60%7B%7C%7D     | %20%22%3C%3E%5C%5E%60%7B%7C%7D
          %00%7f%80%ff                       | %00%7F%80%FF
          # reserved characters are never encoded either
          /a/b?c=d&e=f;g=h:i@j!k,l+m(o)p     | /a/b?c=d&e=f;g=h:i@j!k,l+m(o)p
          # pattern special characters stay literal (RFC 9309 section 2.2.3)
          /*.php$                            | /*.php$
          /a$b*c                             | /a$b*c
          # a '%' without two hex digits stays as it is, as google's MaybeEscapePattern
          /100%                              | /100%
          /100%2                             | /100%2
          /%zz                               | /%zz
          /%g1                               | /%g1
          /%1g                               | /%1g
          # printable ASCII that RFC 3986 does not allow in a URI is encoded (google leaves it)
          /a<b>c^d`e{f}g\\h"i                | /a%3Cb%3Ec%5Ed%60e%7Bf%7Dg%5Ch%22i
          /a%3cd.html                        | /a%3Cd.html
          /a<d.html                          | /a%3Cd.html
          # 2-, 3- and 4-octet UTF-8
          /é                                 | /%C3%A9
          /€                                 | /%E2%82%AC
          /😀                                | /%F0%9F%98%80
          ''                                 | ''
          """)
  void normalises(String input, String expected) {
    assertThat(PercentEncoding.normalise(input)).isEqualTo(expected);
    assertThat(PercentEncoding.normalise(expected)).as("idempotent").isEqualTo(expected);
  }

  @Test
  void encodesPipeButLeavesApostropheAlone() {
    // '|' is not in RFC 3986's character set; the apostrophe is a sub-delim (section 2.2)
    assertThat(PercentEncoding.normalise("/a|b'c")).isEqualTo("/a%7Cb'c");
  }

  /** Every printable ASCII character: encoded exactly when RFC 3986 (section 2) has no place for it. */
  @Test
  void encodesExactlyThePrintableAsciiThatRfc3986Excludes() {
    String allowed = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~" // 2.3 unreserved
        + ":/?#[]@" + "!$&'()*+,;="; // 2.2 gen-delims and sub-delims
    for (char c = 0x21; c < 0x7F; c++) {
      if (c == '%') {
        continue;
      }
      String s = "/" + c;
      String expected = allowed.indexOf(c) >= 0 ? s : String.format("/%%%02X", (int) c);
      assertThat(PercentEncoding.normalise(s)).as("%s", s).isEqualTo(expected);
    }
  }

  @Test
  void strayPercentIsKeptSoDecodingCanFormANewTriple() {
    // '%' without two hex digits stays (as google); the decoded "41" then follows it, so a
    // second pass would decode again. Only such garbage makes normalise non-idempotent.
    assertThat(PercentEncoding.normalise("/%%41")).isEqualTo("/%A");
    assertThat(PercentEncoding.normalise("/%%34%31")).isEqualTo("/%41");
    assertThat(PercentEncoding.normalise("/%41%")).isEqualTo("/A%");
  }

  @Test
  void encodesControlsSpaceAndDel() {
    assertThat(PercentEncoding.normalise("/a b")).isEqualTo("/a%20b");
    assertThat(PercentEncoding.normalise("/a\tb\nc\rd")).isEqualTo("/a%09b%0Ac%0Dd");
    assertThat(PercentEncoding.normalise("/\u0000\u001f\u007f")).isEqualTo("/%00%1F%7F");
    assertThat(PercentEncoding.normalise("/\u0080")).isEqualTo("/%C2%80");
  }

  @Test
  void encodesLoneSurrogatesAsReplacementCharacter() {
    assertThat(PercentEncoding.normalise("/\uD83D")).isEqualTo("/%EF%BF%BD");
    assertThat(PercentEncoding.normalise("/\uDE00x")).isEqualTo("/%EF%BF%BDx");
    assertThat(PercentEncoding.normalise("/\uDE00\uD83D")).isEqualTo("/%EF%BF%BD%EF%BF%BD");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "/",
        "/fish/salmon.html?id=1&x=2",
        "/foo/bar/%E3%83%84",
        "/a%2Fb",
        "/*.php$",
        "/100%",
        "/a%3Cb%3E"
      })
  void returnsTheSameInstanceWhenNothingChanges(String input) {
    assertThat(PercentEncoding.normalise(input)).isSameAs(input);
  }

  @Test
  void rejectsNull() {
    assertThatNullPointerException().isThrownBy(() -> PercentEncoding.normalise(null));
  }
}
