package org.acapengine.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link PlainText#shorten}: untrusted text cut and escaped for one terminal line. */
class PlainTextShortenTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "abcdef                         | 3   | abc...",
      "abc                            | 3   | abc",
      "a\\u001b[31mb                  | 100 | a\\u001B[31mb",
      "cr\\rlf\\nls\\u2028ps\\u2029   | 100 | cr\\u000Dlf\\u000Als\\u2028ps\\u2029",
      "c1\\u009b31m                   | 100 | c1\\u009B31m",
      "\\u001b\\u001b\\u001b          | 2   | \\u001B\\u001B...",
  })
  void cutsThenEscapesEveryControlCharacter(String input, int max, String expected) {
    assertThat(PlainText.shorten(unescape(input), max)).isEqualTo(expected);
  }

  @org.junit.jupiter.api.Test
  void nullIsEmpty() {
    assertThat(PlainText.shorten(null, 3)).isEmpty();
  }

  /** The rows write control characters as {@code \\uXXXX}, {@code \\r}, {@code \\n}. */
  private static String unescape(String s) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && s.charAt(i + 1) == 'u') {
        b.append((char) Integer.parseInt(s.substring(i + 2, i + 6), 16));
        i += 5;
      } else if (c == '\\' && s.charAt(i + 1) == 'r') {
        b.append('\r');
        i++;
      } else if (c == '\\' && s.charAt(i + 1) == 'n') {
        b.append('\n');
        i++;
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }
}
