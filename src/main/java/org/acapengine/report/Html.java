package org.acapengine.report;

import org.acapengine.render.PlainText;

/**
 * Text made safe for HTML: every character of input that HTML gives a meaning to is an entity, and
 * every control character (as {@link PlainText#safeLine} writes it) is visible as {@code \\uXXXX},
 * so a robots.txt holding {@code <script>} shows as text wherever it is quoted.
 */
public final class Html {

  private Html() {}

  /**
   * {@code text} escaped for an element's content or a quoted attribute value.
   *
   * @param text any text, possibly hostile; null is the empty string
   * @return the escaped text, on one line
   */
  public static String escape(String text) {
    if (text == null) {
      return "";
    }
    String t = PlainText.safeLine(text);
    StringBuilder sb = new StringBuilder(t.length() + 16);
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }
}
