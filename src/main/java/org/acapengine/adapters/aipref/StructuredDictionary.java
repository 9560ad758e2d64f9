package org.acapengine.adapters.aipref;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An RFC 9651 (Structured Field Values for HTTP) Dictionary, parsed strictly as RFC 9651 4.2.2
 * says: a failure anywhere fails the whole value. Only what AIPREF needs is kept of each member:
 * its bare item when that is a Token, or "something else". Members with the same key: the last
 * wins (4.2.2). Linear in the input, no regular expressions, no recursion deeper than one inner
 * list.
 */
public final class StructuredDictionary {

  /**
   * A member's value as far as a vocabulary cares.
   *
   * @param token a Token's text, or empty for any other item (a String, Integer, Boolean, Inner List ...)
   */
  public record Member(Optional<String> token) {
    /**
     * Checks that the token is not null.
     *
     * @param token a Token's text, or empty for any other item
     */
    public Member {
      Objects.requireNonNull(token, "token");
    }
  }

  /**
   * A value that is not a Structured Fields Dictionary.
   *
   * @param offset where parsing failed, 0-based in the value
   * @param reason why, in a few words
   */
  public record Failure(int offset, String reason) {}

  /**
   * The result of parsing.
   *
   * @param members the members in order of first appearance (the last value of a repeated key);
   *     empty when parsing failed
   * @param failure why the value is not a Dictionary, when it is not
   */
  public record Parsed(Map<String, Member> members, Optional<Failure> failure) {
    /**
     * Copies the members into an unmodifiable map, keeping their order, and checks that the
     * failure is not null.
     *
     * @param members the members in order of first appearance
     * @param failure why the value is not a Dictionary, when it is not
     */
    public Parsed {
      members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
      Objects.requireNonNull(failure, "failure");
    }

    /**
     * Whether the value failed to parse.
     *
     * @return true when {@link #failure} is present
     */
    public boolean failed() {
      return failure.isPresent();
    }
  }

  private final String in;
  private int pos;

  private StructuredDictionary(String in) {
    this.in = in;
  }

  /**
   * Parses a field value (RFC 9651 4.2, with 4.2.2 for the Dictionary).
   *
   * @param value the field value, any text
   * @return the members, or the failure; never throws on content
   */
  public static Parsed parse(String value) {
    Objects.requireNonNull(value, "value");
    StructuredDictionary p = new StructuredDictionary(value);
    try {
      return new Parsed(p.dictionary(), Optional.empty());
    } catch (Fail f) {
      return new Parsed(Map.of(), Optional.of(new Failure(f.offset, f.getMessage())));
    }
  }

  private Map<String, Member> dictionary() {
    for (int i = 0; i < in.length(); i++) {
      if (in.charAt(i) > 0x7E || in.charAt(i) < 0x20 && in.charAt(i) != '\t') {
        throw new Fail(i, "a character outside visible ASCII");
      }
    }
    skipSp();
    Map<String, Member> out = new LinkedHashMap<>();
    while (pos < in.length()) {
      String key = key();
      Member m;
      if (peek() == '=') {
        pos++;
        m = itemOrInnerList();
      } else {
        parameters();
        m = new Member(Optional.empty()); // Boolean true
      }
      out.remove(key); // last wins, at the position of the last
      out.put(key, m);
      skipOws();
      if (pos >= in.length()) {
        break;
      }
      if (in.charAt(pos) != ',') {
        throw new Fail(pos, "expected a comma between members");
      }
      pos++;
      skipOws();
      if (pos >= in.length()) {
        throw new Fail(pos, "a trailing comma");
      }
    }
    return out;
  }

  private Member itemOrInnerList() {
    if (peek() == '(') {
      innerList();
      return new Member(Optional.empty());
    }
    Optional<String> token = bareItem();
    parameters();
    return new Member(token);
  }

  private void innerList() {
    pos++; // (
    while (pos < in.length()) {
      skipSp();
      if (peek() == ')') {
        pos++;
        parameters();
        return;
      }
      bareItem();
      parameters();
      if (pos < in.length() && peek() != ' ' && peek() != ')') {
        throw new Fail(pos, "expected a space or the closing parenthesis in an inner list");
      }
    }
    throw new Fail(pos, "an inner list without its closing parenthesis");
  }

  private void parameters() {
    while (peek() == ';') {
      pos++;
      skipSp();
      key();
      if (peek() == '=') {
        pos++;
        bareItem();
      }
    }
  }

  private String key() {
    int start = pos;
    char c = peek();
    if (!(c >= 'a' && c <= 'z' || c == '*')) {
      throw new Fail(pos, c >= 'A' && c <= 'Z' ? "a key must be lower case" : "expected a key");
    }
    pos++;
    while (pos < in.length()) {
      c = in.charAt(pos);
      if (c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == '*') {
        pos++;
      } else {
        break;
      }
    }
    return in.substring(start, pos);
  }

  /** Parses a bare item; returns the Token's text when it is a Token. */
  private Optional<String> bareItem() {
    char c = peek();
    if (c == '-' || c >= '0' && c <= '9') {
      number();
    } else if (c == '"') {
      string();
    } else if (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '*') {
      return Optional.of(token());
    } else if (c == ':') {
      byteSequence();
    } else if (c == '?') {
      pos++;
      if (peek() != '0' && peek() != '1') {
        throw new Fail(pos, "a Boolean is ?0 or ?1");
      }
      pos++;
    } else if (c == '@') {
      pos++;
      number();
    } else if (c == '%') {
      displayString();
    } else {
      throw new Fail(pos, "expected an item");
    }
    return Optional.empty();
  }

  /** An Integer (1–15 digits) or a Decimal (1–12 integer and 1–3 fraction digits), RFC 9651 4.2.4. */
  private void number() {
    int start = pos;
    if (peek() == '-') {
      pos++;
    }
    int whole = digits();
    int fraction = -1;
    if (peek() == '.') {
      pos++;
      fraction = digits();
    }
    boolean ok = fraction < 0 ? whole >= 1 && whole <= 15 : whole >= 1 && whole <= 12 && fraction >= 1 && fraction <= 3;
    if (!ok) {
      throw new Fail(start, "not a valid Integer or Decimal");
    }
  }

  private int digits() {
    int start = pos;
    while (pos < in.length() && in.charAt(pos) >= '0' && in.charAt(pos) <= '9' && pos - start <= 15) {
      pos++;
    }
    return pos - start;
  }

  private void string() {
    pos++; // "
    while (pos < in.length()) {
      char c = in.charAt(pos++);
      if (c == '\\') {
        if (pos >= in.length() || in.charAt(pos) != '"' && in.charAt(pos) != '\\') {
          throw new Fail(pos, "only a quote or a backslash may be escaped in a String");
        }
        pos++;
      } else if (c == '"') {
        return;
      } else if (c < 0x20 || c > 0x7E) {
        throw new Fail(pos - 1, "a String holds visible ASCII only");
      }
    }
    throw new Fail(pos, "a String without its closing quote");
  }

  private String token() {
    int start = pos++;
    while (pos < in.length() && isTokenChar(in.charAt(pos))) {
      pos++;
    }
    return in.substring(start, pos);
  }

  private static boolean isTokenChar(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "!#$%&'*+-.^_`|~:/".indexOf(c) >= 0;
  }

  private void byteSequence() {
    pos++; // :
    while (pos < in.length()) {
      char c = in.charAt(pos++);
      if (c == ':') {
        return;
      }
      if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '=')) {
        throw new Fail(pos - 1, "a Byte Sequence holds base64 only");
      }
    }
    throw new Fail(pos, "a Byte Sequence without its closing colon");
  }

  private void displayString() {
    pos++; // %
    if (peek() != '"') {
      throw new Fail(pos, "a Display String starts with a percent sign and a quote");
    }
    pos++;
    while (pos < in.length()) {
      char c = in.charAt(pos++);
      if (c == '"') {
        return;
      }
      if (c == '%') {
        if (pos + 2 > in.length() || !isLowerHex(in.charAt(pos)) || !isLowerHex(in.charAt(pos + 1))) {
          throw new Fail(pos, "a percent sign in a Display String is followed by two lower-case hex digits");
        }
        pos += 2;
      } else if (c < 0x20 || c > 0x7E) {
        throw new Fail(pos - 1, "a Display String holds visible ASCII only");
      }
    }
    throw new Fail(pos, "a Display String without its closing quote");
  }

  private static boolean isLowerHex(char c) {
    return c >= '0' && c <= '9' || c >= 'a' && c <= 'f';
  }

  private char peek() {
    return pos < in.length() ? in.charAt(pos) : '\0';
  }

  private void skipSp() {
    while (pos < in.length() && in.charAt(pos) == ' ') {
      pos++;
    }
  }

  private void skipOws() {
    while (pos < in.length() && (in.charAt(pos) == ' ' || in.charAt(pos) == '\t')) {
      pos++;
    }
  }

  /** A parse failure, caught in {@link #parse}; never escapes. */
  private static final class Fail extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int offset;

    Fail(int offset, String reason) {
      super(reason, null, false, false);
      this.offset = offset;
    }
  }
}
