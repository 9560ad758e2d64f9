package org.acapengine.eval.match;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestPathTest {

  /** google/robotstxt robots_test.cc TestGetPathParamsQuery, every case. */
  @ParameterizedTest(name = "[{index}] ''{0}'' -> ''{1}''")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock = """
          ""                                           | /
          http://www.example.com                       | /
          http://www.example.com/                      | /
          http://www.example.com/a                     | /a
          http://www.example.com/a/                    | /a/
          http://www.example.com/a/b?c=http://d.e/     | /a/b?c=http://d.e/
          http://www.example.com/a/b?c=d&e=f#fragment  | /a/b?c=d&e=f
          example.com                                  | /
          example.com/                                 | /
          example.com/a                                | /a
          example.com/a/                               | /a/
          example.com/a/b?c=d&e=f#fragment             | /a/b?c=d&e=f
          a                                            | /
          a/                                           | /
          /a                                           | /a
          a/b                                          | /b
          example.com?a                                | /?a
          example.com/a;b#c                            | /a;b
          //a/b/c                                      | /b/c
          """)
  void extractsLikeGoogleGetPathParamsQuery(String url, String expected) {
    assertThat(RequestPath.of(url)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "[{index}] ''{0}'' -> ''{1}''")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock = """
          # paths and queries as they are
          /p?q                                   | /p?q
          /p?q#f                                 | /p?q
          ?q                                     | /?q
          ;params                                | /;params
          https://h:8080/p                       | /p
          https://user:pw@h/p                    | /p
          HTTPS://H/P                            | /P
          ftp://ftp.example.com/robots.txt       | /robots.txt
          //h                                    | /
          //h?x                                  | /?x
          # a '#' before the path: no path
          http://h#x/p                           | /
          #frag                                  | /
          # '://' after a '/', '?' or ';' is not a scheme separator
          /a?u=http://b/c                        | /a?u=http://b/c
          /redirect;to=https://x/y               | /redirect;to=https://x/y
          # garbage never throws
          ://                                    | /
          http://                                | /
          http:///                               | /
          :                                      | /
          "   "                                  | /
          \\\\host\\share                        | /
          # percent-normalisation (RFC 9309 2.2.2)
          http://foo.bar/foo/bar/ツ              | /foo/bar/%E3%83%84
          http://foo.bar/foo/bar/%e3%83%84       | /foo/bar/%E3%83%84
          http://foo.bar/foo/bar/%62%61%7A       | /foo/bar/baz
          http://foo.bar/a b                     | /a%20b
          http://foo.bar/a%2fb                   | /a%2Fb
          http://h/?q=a%2Bb                      | /?q=a%2Bb
          # literal '*' and '$' are data in a URL (RFC 9309 2.2.3)
          https://www.example.com/path/file-with-a-*.html | /path/file-with-a-%2A.html
          https://www.example.com/path/foo-$     | /path/foo-%24
          /a%2ab%24                              | /a%2Ab%24
          """)
  void canonicalises(String url, String expected) {
    assertThat(RequestPath.of(url)).isEqualTo(expected);
  }

  @Test
  void returnsTheInputInstanceForACanonicalPath() {
    String path = "/fish/salmon.html?id=1";
    assertThat(RequestPath.of(path)).isSameAs(path);
  }

  @Test
  void rawPathsMatchCompiledPatterns() {
    PathPattern star = PathPattern.compile("/path/file-with-a-%2A.html", false);
    PathPattern dollar = PathPattern.compile("/path/foo-%24", false);
    PathPattern literalDollar = PathPattern.compile("/path/foo-$x", false);
    assertThat(star.matches(RequestPath.of("https://www.example.com/path/file-with-a-*.html")))
        .isTrue();
    assertThat(dollar.matches(RequestPath.of("https://www.example.com/path/foo-$"))).isTrue();
    assertThat(dollar.matches(RequestPath.of("https://www.example.com/path/foo-%24"))).isTrue();
    assertThat(literalDollar.matches(RequestPath.of("/path/foo-$x"))).isTrue();
    assertThat(literalDollar.matches(RequestPath.of("/path/foo-%24x"))).isTrue();
  }

  @Test
  void rejectsNull() {
    assertThatNullPointerException().isThrownBy(() -> RequestPath.of(null));
  }

  /** The path as a client sends it (Scorpion): only what cannot go on the wire is encoded. */
  @ParameterizedTest(name = "[{index}] ''{0}'' -> ''{1}''")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock = """
          /%7Euser/x                   | /%7Euser/x
          http://example.com/a%2fb/c   | /a%2fb/c
          /x*y/z                       | /x*y/z
          /d$                          | /d$
          /q?a=1#frag                  | /q?a=1
          /caf\u00e9                   | /caf%C3%A9
          "/a b"                       | /a%20b
          /tab\there                   | /tab%09here
          example.com                  | /
          """)
  void keepsThePathAsSent(String url, String expected) {
    assertThat(RequestPath.asSent(url)).isEqualTo(expected);
  }
}
