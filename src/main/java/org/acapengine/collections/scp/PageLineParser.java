package org.acapengine.collections.scp;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.net.URI;
import java.util.Optional;
import org.acapengine.collections.DropReason;
import org.acapengine.collections.SiteOrigin;
import org.acapengine.render.PlainText;

/**
 * Reads what the filter needs from one page line — its {@code url} — with Jackson's streaming
 * parser, never building a tree: every other value is skipped token by token (so the whole line
 * is still checked to be one well-formed JSON object), and the {@code content} array's blocks are
 * counted against the per-page limit. The line itself is never re-serialised.
 */
final class PageLineParser {

  private static final String[] REQUIRED = {"title", "description", "modified", "language", "content"};

  private final JsonFactory factory;
  private final int maxBlocks;

  PageLineParser(JsonFactory factory, int maxBlocks) {
    this.factory = factory;
    this.maxBlocks = maxBlocks;
  }

  /**
   * The result of reading one page line.
   *
   * @param problem why the page cannot be used, or null when it can
   * @param detail what was wrong (clean of control characters), or ""
   * @param url the {@code url} value, when there is one
   * @param uri the parsed URL, when {@code problem} is null
   * @param missingRequired the first required page field ("Page Schema") the line lacks, or null
   * @param headers the page's response header block, when the line carries one ({@code "headers"}:
   *     a string, or an object of names to a string or an array of strings), else null
   * @param html the page's HTML, when the line carries it ({@code "html"}: a string), else null
   */
  record Page(DropReason problem, String detail, String url, URI uri, String missingRequired, String headers, String html) {
    Page(DropReason problem, String detail, String url, URI uri, String missingRequired) {
      this(problem, detail, url, uri, missingRequired, null, null);
    }
  }

  Page parse(byte[] line, int offset, int length) {
    String url = null;
    String headers = null;
    String html = null;
    int required = 0;
    try (JsonParser p = factory.createParser(line, offset, length)) {
      JsonToken first = p.nextToken();
      if (first == null) {
        return malformed("empty line");
      }
      if (first != JsonToken.START_OBJECT) {
        return malformed("not a JSON object");
      }
      for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if (field.equals("url")) {
          if (url != null) {
            return malformed("more than one \"url\" field");
          }
          if (value != JsonToken.VALUE_STRING) {
            return malformed("\"url\" is not a string");
          }
          url = p.getText();
          continue;
        }
        for (int i = 0; i < REQUIRED.length; i++) {
          if (REQUIRED[i].equals(field)) {
            required |= 1 << i;
          }
        }
        // an extension of SCP's page schema: what the page's own response said about it
        if (field.equals("headers") && value == JsonToken.VALUE_STRING) {
          headers = p.getText();
          continue;
        }
        if (field.equals("headers") && value == JsonToken.START_OBJECT) {
          headers = headerObject(p);
          continue;
        }
        if (field.equals("html") && value == JsonToken.VALUE_STRING) {
          html = p.getText();
          continue;
        }
        if (field.equals("content") && value == JsonToken.START_ARRAY) {
          int blocks = 0;
          while (p.nextToken() != JsonToken.END_ARRAY) {
            if (++blocks > maxBlocks) {
              return new Page(DropReason.TOO_MANY_BLOCKS, "more than " + maxBlocks + " content blocks", url, null, null);
            }
            p.skipChildren();
          }
        } else {
          p.skipChildren();
        }
      }
      if (p.nextToken() != null) {
        return malformed("more than one JSON value on the line");
      }
    } catch (JsonProcessingException e) {
      return malformed("not valid JSON (" + PlainText.shorten(e.getOriginalMessage(), 160) + ")");
    } catch (IOException e) {
      return malformed("unreadable (" + PlainText.shorten(e.getMessage(), 160) + ")");
    }
    if (url == null) {
      return malformed("no \"url\" field");
    }
    String missing = null;
    for (int i = 0; i < REQUIRED.length; i++) {
      if ((required & (1 << i)) == 0) {
        missing = REQUIRED[i];
        break;
      }
    }
    Optional<URI> uri = SiteOrigin.parseHttpUrl(url);
    if (uri.isEmpty()) {
      return new Page(DropReason.INVALID_URL, "not an absolute http(s) URL: " + PlainText.shorten(url, 160), url, null, missing);
    }
    return new Page(null, "", url, uri.get(), missing, headers, html);
  }

  /** A {@code "headers"} object as a raw header block: one {@code Name: value} line per value, in order. */
  private static String headerObject(JsonParser p) throws IOException {
    StringBuilder sb = new StringBuilder();
    for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
      String name = p.currentName();
      JsonToken v = p.nextToken();
      if (v == JsonToken.VALUE_STRING) {
        sb.append(name).append(": ").append(p.getText()).append('\n');
      } else if (v == JsonToken.START_ARRAY) {
        for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
          if (e == JsonToken.VALUE_STRING) {
            sb.append(name).append(": ").append(p.getText()).append('\n');
          } else {
            p.skipChildren();
          }
        }
      } else {
        p.skipChildren();
      }
    }
    return sb.toString();
  }

  private static Page malformed(String detail) {
    return new Page(DropReason.MALFORMED, detail, null, null, null);
  }
}
