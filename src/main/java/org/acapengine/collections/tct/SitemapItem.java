package org.acapengine.collections.tct;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import java.io.IOException;

/**
 * The fields of one llm-sitemap.json item that {@link SitemapFilter} decides by ({@code cUrl},
 * {@code mUrl}, and the validators {@code contentHash} and {@code etag}), read from the item as
 * buffered; {@code problem} says why the item is malformed (not an object, a field repeated or
 * not a string, no {@code cUrl} or {@code mUrl}), null when it is not. Other fields are skipped:
 * the item is written out as it came.
 */
final class SitemapItem {
  String cUrl;
  String mUrl;
  String contentHash;
  String etag;
  String problem;

  /** Reads the fields of an item buffered whole (the filter has already bounded its size). */
  static SitemapItem read(TokenBuffer item) throws IOException {
    SitemapItem f = new SitemapItem();
    try (JsonParser p = item.asParser()) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        f.problem = "item is not a JSON object";
        return f;
      }
      for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        switch (field) {
          case "cUrl":
          case "mUrl":
          case "contentHash":
          case "etag":
            if (f.get(field) != null) {
              f.problem = "more than one \"" + field + "\" field";
              return f;
            }
            if (value != JsonToken.VALUE_STRING) {
              f.problem = "\"" + field + "\" is not a string";
              return f;
            }
            f.set(field, p.getText());
            break;
          default:
            p.skipChildren();
        }
      }
    }
    if (f.cUrl == null) {
      f.problem = "no \"cUrl\"";
    } else if (f.mUrl == null) {
      f.problem = "no \"mUrl\"";
    }
    return f;
  }

  private String get(String field) {
    switch (field) {
      case "cUrl":
        return cUrl;
      case "mUrl":
        return mUrl;
      case "contentHash":
        return contentHash;
      default:
        return etag;
    }
  }

  private void set(String field, String value) {
    switch (field) {
      case "cUrl":
        cUrl = value;
        break;
      case "mUrl":
        mUrl = value;
        break;
      case "contentHash":
        contentHash = value;
        break;
      default:
        etag = value;
    }
  }
}
