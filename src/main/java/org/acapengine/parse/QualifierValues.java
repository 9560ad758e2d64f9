package org.acapengine.parse;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Locale;
import java.util.Optional;
import org.acapengine.model.QualifierType;
import org.acapengine.model.QualifierValue;

/** Reads qualifier values into their typed form (ACAP 1.0 section 2.5). */
final class QualifierValues {

  /** A typed value, or the reason the written value is not one. */
  record Result(Optional<QualifierValue> value, String problem) {
    static Result ok(QualifierValue v) {
      return new Result(Optional.of(v), "");
    }

    static Result bad(String problem) {
      return new Result(Optional.empty(), problem);
    }
  }

  private static final int MAX_DIGITS = 9;

  private QualifierValues() {}

  static Result parse(QualifierType type, String written) {
    String value = percentDecode(written);
    String v = value.toLowerCase(Locale.ROOT);
    switch (type) {
      case TIME_LIMIT:
        return timeLimit(v);
      case MAX_LENGTH:
        return maxLength(v);
      case PROHIBITED_MODIFICATION:
        for (QualifierValue.ModificationType m : QualifierValue.ModificationType.values()) {
          if (m.name().toLowerCase(Locale.ROOT).equals(v)) {
            return Result.ok(new QualifierValue.Modification(m));
          }
        }
        return Result.bad("prohibited-modification takes any, format, style, translation or annotation");
      case PROHIBITED_CONTEXT:
        return v.equals("within-user-frame")
            ? Result.ok(new QualifierValue.FrameContext(v))
            : Result.bad("prohibited-context takes within-user-frame");
      case REQUIRED_CONTEXT:
        return v.equals("within-original-frame")
            ? Result.ok(new QualifierValue.FrameContext(v))
            : Result.bad("required-context takes within-original-frame");
      case MUST_USE_RESOURCE:
        return mustUseResource(value);
      case MUST_INCLUDE_RESOURCE:
        return mustIncludeResource(value);
      default:
        throw new AssertionError(type);
    }
  }

  private static Result timeLimit(String v) {
    if (v.equals("until-recrawled")) {
      return Result.ok(new QualifierValue.UntilRecrawled(false));
    }
    if (v.equals("until-recrawl")) {
      return Result.ok(new QualifierValue.UntilRecrawled(true));
    }
    if (v.startsWith("until-")) {
      String d = v.substring("until-".length());
      if (d.length() == 10 && d.charAt(4) == '-' && d.charAt(7) == '-'
          && digits(d, 0, 4) && digits(d, 5, 7) && digits(d, 8, 10)) {
        try {
          return Result.ok(new QualifierValue.UntilDate(LocalDate.of(
              Integer.parseInt(d.substring(0, 4)), Integer.parseInt(d.substring(5, 7)), Integer.parseInt(d.substring(8, 10)))));
        } catch (DateTimeException e) {
          return Result.bad("time-limit=until-" + d + " is no real date");
        }
      }
      return Result.bad("time-limit dates are written until-YYYY-MM-DD");
    }
    if (v.endsWith("-days")) {
      String n = v.substring(0, v.length() - "-days".length());
      if (!n.isEmpty() && n.length() <= MAX_DIGITS && digits(n, 0, n.length())) {
        return Result.ok(new QualifierValue.ForDays(Long.parseLong(n)));
      }
    }
    return Result.bad("time-limit takes until-recrawled, until-YYYY-MM-DD or N-days");
  }

  private static Result maxLength(String v) {
    int dash = v.indexOf('-');
    if (dash > 0 && dash <= MAX_DIGITS && digits(v, 0, dash)) {
      String unit = v.substring(dash + 1);
      long n = Long.parseLong(v.substring(0, dash));
      if (unit.equals("chars")) {
        return Result.ok(new QualifierValue.MaxLength(n, QualifierValue.LengthUnit.CHARS));
      }
      if (unit.equals("words")) {
        return Result.ok(new QualifierValue.MaxLength(n, QualifierValue.LengthUnit.WORDS));
      }
    }
    return Result.bad("max-length takes N-chars or N-words");
  }

  private static Result mustUseResource(String value) {
    String lower = value.toLowerCase(Locale.ROOT);
    String prefix = "the-acap:extract:";
    if (lower.startsWith(prefix)) {
      String rest = value.substring(prefix.length());
      int colon = rest.indexOf(':');
      String kind = colon < 0 ? "" : rest.substring(0, colon).toLowerCase(Locale.ROOT);
      if (colon > 0 && isExtractKind(kind) && colon + 1 < rest.length()) {
        return Result.ok(new QualifierValue.ResourceLocator(value, "", kind, rest.substring(colon + 1)));
      }
      return Result.bad("must-use-resource=the-acap:extract: takes id:identifier, class:class-name or meta:meta-tag-name");
    }
    if (lower.startsWith("the-acap:")) {
      return Result.bad("must-use-resource takes a URI or the-acap:extract:(id|class|meta):name");
    }
    return Result.ok(new QualifierValue.ResourceLocator(value, "", "", value));
  }

  /**
   * must-include-resource=URI (2.5.5.2.5). The spec's scheme "the-acap:resource-role:
   * included-resource-locator" has resource-role as a placeholder for credit or link (its "where"
   * clause lists them), so the URIs are the-acap:credit:LOCATOR and the-acap:link:LOCATOR; the
   * literal reading the-acap:resource-role:credit:LOCATOR is accepted as well. LOCATOR is
   * id:identifier, class:class-name, meta:meta-tag-name or a general URI.
   */
  private static Result mustIncludeResource(String value) {
    String lower = value.toLowerCase(Locale.ROOT);
    String scheme = "the-acap:";
    if (!lower.startsWith(scheme)) {
      return Result.ok(new QualifierValue.ResourceLocator(value, "", "", value));
    }
    String rest = value.substring(scheme.length());
    String literal = "resource-role:";
    if (rest.toLowerCase(Locale.ROOT).startsWith(literal)) {
      rest = rest.substring(literal.length());
    }
    int colon = rest.indexOf(':');
    String role = colon < 0 ? "" : rest.substring(0, colon).toLowerCase(Locale.ROOT);
    if (colon <= 0 || !(role.equals("credit") || role.equals("link")) || colon + 1 >= rest.length()) {
      return Result.bad("must-include-resource takes a URI or the-acap:credit:LOCATOR / the-acap:link:LOCATOR,"
          + " LOCATOR being id:identifier, class:class-name, meta:meta-tag-name or a URI");
    }
    String locator = rest.substring(colon + 1);
    int c2 = locator.indexOf(':');
    String kind = c2 < 0 ? "" : locator.substring(0, c2).toLowerCase(Locale.ROOT);
    if (c2 > 0 && isExtractKind(kind)) {
      if (c2 + 1 >= locator.length()) {
        return Result.bad("must-include-resource: " + kind + ": needs a name");
      }
      return Result.ok(new QualifierValue.ResourceLocator(value, role, kind, locator.substring(c2 + 1)));
    }
    return Result.ok(new QualifierValue.ResourceLocator(value, role, "", locator));
  }

  private static boolean isExtractKind(String kind) {
    return kind.equals("id") || kind.equals("class") || kind.equals("meta");
  }

  private static boolean digits(String s, int from, int to) {
    if (from >= to) {
      return false;
    }
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  /** Decodes %nn (the value-char NOTE of section 3: '"', '#', ''', '%' and non-ASCII as UTF-8). */
  static String percentDecode(String s) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < bytes.length; i++) {
      int h;
      int l;
      if (bytes[i] == '%' && i + 2 < bytes.length && (h = Character.digit(bytes[i + 1], 16)) >= 0 && (l = Character.digit(bytes[i + 2], 16)) >= 0) {
        out.write(h * 16 + l);
        i += 2;
      } else {
        out.write(bytes[i]);
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}
