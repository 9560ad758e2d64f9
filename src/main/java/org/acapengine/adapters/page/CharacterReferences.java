package org.acapengine.adapters.page;

/**
 * HTML character references in attribute values: the named ones a meta or link value uses ({@code
 * &amp;amp; &amp;lt; &amp;gt; &amp;quot; &amp;apos; &amp;nbsp;}) and numeric ones; any other is
 * kept as written. One pass.
 */
final class CharacterReferences {

  private CharacterReferences() {}

  static String decode(String v) {
    if (v.indexOf('&') < 0) {
      return v;
    }
    StringBuilder sb = new StringBuilder(v.length());
    int i = 0;
    while (i < v.length()) {
      char c = v.charAt(i);
      if (c != '&') {
        sb.append(c);
        i++;
        continue;
      }
      int semi = -1;
      for (int j = i + 1; j < v.length() && j <= i + 10; j++) {
        if (v.charAt(j) == ';') {
          semi = j;
          break;
        }
      }
      String ref = semi < 0 ? "" : v.substring(i + 1, semi);
      String decoded = switch (ref) {
        case "amp" -> "&";
        case "lt" -> "<";
        case "gt" -> ">";
        case "quot" -> "\"";
        case "apos" -> "'";
        case "nbsp" -> "\u00a0";
        default -> numeric(ref);
      };
      if (decoded == null) {
        sb.append(c);
        i++;
      } else {
        sb.append(decoded);
        i = semi + 1;
      }
    }
    return sb.toString();
  }

  private static String numeric(String ref) {
    if (ref.length() < 2 || ref.charAt(0) != '#') {
      return null;
    }
    boolean hex = ref.charAt(1) == 'x' || ref.charAt(1) == 'X';
    String digits = ref.substring(hex ? 2 : 1);
    if (digits.isEmpty() || digits.length() > 7) {
      return null;
    }
    int cp = 0;
    for (int k = 0; k < digits.length(); k++) {
      int d = Character.digit(digits.charAt(k), hex ? 16 : 10);
      if (d < 0) {
        return null;
      }
      cp = cp * (hex ? 16 : 10) + d;
    }
    return cp > 0 && cp <= Character.MAX_CODE_POINT && (cp < 0xD800 || cp > 0xDFFF) ? new String(Character.toChars(cp)) : "\ufffd";
  }
}
