package org.acapengine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * How a line is written against its rule's canonical line ({@link TableLines#style}): the
 * canonical line given whole, and given as its head and value (compared in place, as a table's
 * build does), say the same, and {@link TableLines#styled} makes the line again.
 */
class TableLinesStyleTest {

  @ParameterizedTest(name = "{0}{1} | {2} -> {3}")
  @CsvSource(delimiter = '|', value = {
    // head            | value          | line as written                 | style
    "'Disallow: '      | /private/      | Disallow: /private/             | 1",
    "'Disallow: '      | /private/      | Disallow:/private/              | 2",
    "'Disallow: '      | /private/      | disallow: /private/             | 3",
    "'Disallow: '      | /private/      | disallow:/private/              | 4",
    "'Allow: '         | /              | Allow: /                        | 1",
    "'Allow: '         | /              | ALLOW: /                        | 0",
    "'Allow: '         | /              | Allow:  /                       | 0",
    "'Allow: '         | /              | Allow: /x                       | 0",
    "'Allow: '         | /x             | Allow: /                        | 0",
    "'Allow: '         | /a             | Allow; /a                       | 0",
    "'Allow: '         | /a             | Allow /a                        | 0",
    "'Disallow: '      | /a b           | Disallow: /a b                  | 1",
    "'Disallow: '      | ' /a'          | 'Disallow:  /a'                 | 1",
    "'Disallow: '      | ' /a'          | 'Disallow: /a'                  | 2",
    "'ACAP-allow-crawl: ' | /news/      | ACAP-allow-crawl: /news/        | 1",
    "'ACAP-allow-crawl: ' | /news/      | acap-allow-crawl:/news/         | 4",
    "'ACAP-allow-(a:b): ' | /news/      | ACAP-allow-(a:b): /news/        | 1",
    "'ACAP-allow-(a:b): ' | /news/      | acap-allow-(a:b): /news/        | 3", // the name ends at the first colon
    "'ACAP-allow-(É): '   | /x          | ACAP-allow-(É): /x              | 1",
    "'ACAP-allow-(É): '   | /x          | acap-allow-(é): /x              | 3",
    "'Disallow: '      | /é             | Disallow: /é                    | 1",
  })
  void headAndValueSayWhatTheWholeLineSays(String head, String value, String line, int style) {
    assertThat(TableLines.style(head, value, line)).isEqualTo(style);
    assertThat(TableLines.style(head + value, line)).isEqualTo(style);
    if (style != 0) {
      assertThat(TableLines.styled(head + value, style)).isEqualTo(line);
    }
  }

  @ParameterizedTest
  @CsvSource({"/x, Disallow: /x", "/x, ''"})
  void aRuleWithNoCanonicalLineKeepsItsText(String value, String line) {
    assertThat(TableLines.style(null, value, line)).isZero();
    assertThat(TableLines.style(null, line)).isZero();
  }
}
