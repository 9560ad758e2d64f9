package org.acapengine.adapters;

/**
 * Writes untrusted text into an ACAP {@code #} comment line. The ABNF allows only WSP and VCHAR
 * in a comment (acap-abnf-reconstructed.md, {@code comment}), and a line break in the text would
 * end the comment and inject a field, so everything outside U+0020..U+007E is written as
 * {@code \\uXXXX}.
 */
public final class AcapComment {

  private AcapComment() {}

  /**
   * A whole comment line: {@code "# "}, the text made {@link #safe safe}, and a line feed.
   *
   * @param text any text, possibly hostile; not null
   * @return one ACAP comment line ending with LF, with no other line break in it
   */
  public static String line(String text) {
    return "# " + safe(text) + "\n";
  }

  /**
   * The text with every char outside U+0020..U+007E written as {@code \\uXXXX}, so it cannot end
   * the comment or inject a field.
   *
   * @param text any text, possibly hostile; not null
   * @return the escaped text, printable ASCII only
   */
  public static String safe(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= 0x20 && c <= 0x7E) {
        out.append(c);
      } else {
        out.append(String.format("\\u%04X", (int) c));
      }
    }
    return out.toString();
  }
}
