package org.acapengine.adapters.tdmrep;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Span;

/**
 * Reads a {@code /.well-known/tdmrep.json}: a JSON array of objects with {@code location},
 * {@code tdm-reservation} and {@code tdm-policy}. Total: any text gives a file, perhaps with no
 * rules, and every problem is a diagnostic with line and column. A rule without a usable
 * {@code location} is dropped (it could match nothing); unknown members are reported and ignored.
 * Strict JSON (RFC 8259) through Jackson's streaming parser with nesting and length limits.
 */
public final class TdmRepReader {

  /** Rules beyond this count are not read (a hostile file cannot make matching slow). */
  public static final int MAX_RULES = 10_000;

  private static final JsonFactory FACTORY = JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(16).maxStringLength(64 * 1024).build())
      .build();

  private TdmRepReader() {}

  /**
   * Reads a {@code tdmrep.json}. Total: any text gives a file, its problems as diagnostics.
   *
   * @param sourceName the file's name or URL, for diagnostics
   * @param text the file's content
   * @return the rules that could be read, in array order, with every diagnostic
   */
  public static TdmRepFile read(String sourceName, String text) {
    List<TdmRule> rules = new ArrayList<>();
    List<Diagnostic> diags = new ArrayList<>();
    JsonParser p = null;
    try {
      p = FACTORY.createParser(text);
      JsonToken t = p.nextToken();
      if (t != JsonToken.START_ARRAY) {
        diags.add(error("tdmrep-not-an-array", t == null ? "the file is empty" : "tdmrep.json is a JSON array of rules", span(p)));
        return new TdmRepFile(sourceName, rules, diags);
      }
      while ((t = p.nextToken()) != JsonToken.END_ARRAY && t != null) {
        if (t != JsonToken.START_OBJECT) {
          diags.add(error("tdmrep-rule-not-an-object", "a rule is a JSON object, not " + describe(t), span(p)));
          p.skipChildren();
          continue;
        }
        Optional<TdmRule> r = rule(p, diags);
        if (r.isPresent()) {
          if (rules.size() == MAX_RULES) {
            diags.add(warning("tdmrep-too-many-rules", "rules after the first " + MAX_RULES + " are not read", r.get().span()));
            // The rest of the array is still read as JSON, so that what follows it is checked.
            while ((t = p.nextToken()) != JsonToken.END_ARRAY && t != null) {
              p.skipChildren();
            }
            break;
          }
          rules.add(r.get());
        }
      }
      if (t != null && p.nextToken() != null) {
        diags.add(error("tdmrep-malformed-json", "content after the end of the array", span(p)));
      }
    } catch (JacksonException e) {
      String m = e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage().lines().findFirst().orElse("");
      JsonLocation where = e.getLocation() != null && e.getLocation().getLineNr() > 0 ? e.getLocation() : p == null ? null : p.currentLocation();
      diags.add(error("tdmrep-malformed-json", "not valid JSON: " + m, at(where)));
    } catch (IOException e) {
      diags.add(error("tdmrep-malformed-json", "not readable: " + e.getClass().getSimpleName(), new Span(1, 1, 1, 1)));
    } finally {
      close(p);
    }
    return new TdmRepFile(sourceName, rules, diags);
  }

  private static void close(JsonParser p) {
    if (p != null) {
      try {
        p.close();
      } catch (IOException e) {
        // reading from a String: nothing to release
      }
    }
  }

  private static Optional<TdmRule> rule(JsonParser p, List<Diagnostic> diags) throws IOException {
    Span start = span(p);
    String location = null;
    TdmRule.Reservation reservation = TdmRule.Reservation.UNSET;
    Optional<String> policy = Optional.empty();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      Span nameSpan = span(p);
      JsonToken v = p.nextToken();
      switch (name) {
        case "location" -> {
          if (v == JsonToken.VALUE_STRING && p.getText().startsWith("/")) {
            location = p.getText();
          } else {
            diags.add(error("tdmrep-bad-location", "location is a path starting with '/', not " + shown(p, v), span(p)));
          }
        }
        case "tdm-reservation" -> {
          reservation = v == JsonToken.VALUE_NUMBER_INT ? TdmRule.Reservation.of(p.getText()) : TdmRule.Reservation.UNSET;
          if (reservation == TdmRule.Reservation.UNSET) {
            diags.add(warning("tdmrep-bad-reservation", "tdm-reservation is 0 or 1, not " + shown(p, v) + ": read as unset", span(p)));
          }
        }
        case "tdm-policy" -> {
          if (v == JsonToken.VALUE_STRING) {
            policy = Optional.of(p.getText());
          } else {
            diags.add(warning("tdmrep-bad-policy", "tdm-policy is a URL string, not " + shown(p, v), span(p)));
          }
        }
        default -> diags.add(warning("tdmrep-unknown-member", "unknown member \"" + name + "\" is ignored", nameSpan));
      }
      p.skipChildren();
    }
    if (location == null) {
      diags.add(error("tdmrep-rule-without-location", "a rule without a location applies to nothing", start));
      return Optional.empty();
    }
    return Optional.of(new TdmRule(location, reservation, policy, start));
  }

  private static String shown(JsonParser p, JsonToken t) throws IOException {
    if (t == JsonToken.VALUE_STRING) {
      String s = p.getText();
      return "\"" + (s.length() > 40 ? s.substring(0, 40) + "…" : s) + "\"";
    }
    return t.isScalarValue() ? p.getText() : describe(t);
  }

  private static String describe(JsonToken t) {
    return switch (t) {
      case START_ARRAY -> "an array";
      case START_OBJECT -> "an object";
      case VALUE_STRING -> "a string";
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      case VALUE_NULL -> "null";
      default -> String.valueOf(t);
    };
  }

  private static Span span(JsonParser p) {
    return at(p.currentTokenLocation());
  }

  private static Span at(JsonLocation l) {
    return l == null ? new Span(1, 1, 1, 1) : Span.ofLine(Math.max(l.getLineNr(), 1), Math.max(l.getColumnNr(), 1), 1);
  }

  private static Diagnostic error(String code, String message, Span span) {
    return Diagnostic.error(code, message, "See W3C TDMRep, section 4 (tdmrep.json).", span);
  }

  private static Diagnostic warning(String code, String message, Span span) {
    return Diagnostic.warning(code, message, "See W3C TDMRep, section 4 (tdmrep.json).", span);
  }
}
