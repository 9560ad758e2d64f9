package org.acapengine.collections.scp;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Optional;
import org.acapengine.model.UserInputException;
import org.acapengine.render.PlainText;

/**
 * The metadata line of a collection: its validated {@link CollectionMetadata} and its original
 * bytes, which are written out unchanged except for the {@code checksum} value. The value is
 * spliced in at the byte offsets Jackson reports for the original token (or added before the
 * closing brace of the {@code collection} object when the input had none), so unknown fields,
 * their order, spacing and escapes pass through as the publisher wrote them.
 */
final class MetadataLine {

  private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  private final byte[] bytes;
  private final CollectionMetadata metadata;
  private final int checksumStart;
  private final int checksumEnd;
  private final int collectionEnd;

  private MetadataLine(byte[] bytes, CollectionMetadata metadata, int checksumStart, int checksumEnd, int collectionEnd) {
    this.bytes = bytes;
    this.metadata = metadata;
    this.checksumStart = checksumStart;
    this.checksumEnd = checksumEnd;
    this.collectionEnd = collectionEnd;
  }

  CollectionMetadata metadata() {
    return metadata;
  }

  /** A copy of the original line, terminator included. */
  byte[] original() {
    return bytes.clone();
  }

  boolean sameBytes(byte[] other, int length) {
    return Arrays.equals(bytes, 0, bytes.length, other, 0, length);
  }

  /** The line with its checksum set to {@code checksum} ({@code sha256:<hex>}); all else unchanged. */
  byte[] withChecksum(String checksum) {
    byte[] value = ('"' + checksum + '"').getBytes(StandardCharsets.US_ASCII);
    if (checksumStart >= 0) {
      return splice(checksumStart, checksumEnd, value);
    }
    byte[] field = (",\"checksum\":\"" + checksum + '"').getBytes(StandardCharsets.US_ASCII);
    return splice(collectionEnd, collectionEnd, field);
  }

  private byte[] splice(int from, int to, byte[] insert) {
    byte[] out = new byte[bytes.length - (to - from) + insert.length];
    System.arraycopy(bytes, 0, out, 0, from);
    System.arraycopy(insert, 0, out, from, insert.length);
    System.arraycopy(bytes, to, out, from + insert.length, bytes.length - to);
    return out;
  }

  /**
   * Parses and validates the metadata line against the "Collection Metadata Schema" and the
   * "Version Compatibility" rules.
   *
   * @param line the line's bytes, terminator included
   * @param name how messages name the input
   * @throws UserInputException when the line is not valid collection metadata, or its major
   *     version is above {@link CollectionMetadata#SUPPORTED_MAJOR}
   */
  static MetadataLine parse(byte[] line, int length, JsonFactory factory, String name) throws UserInputException {
    String where = name + ": line 1 (collection metadata): ";
    if (length >= 3 && Arrays.equals(line, 0, 3, UTF8_BOM, 0, 3)) {
      throw new UserInputException(where + "starts with a byte order mark, which JSON text must not (RFC 8259 section 8.1)");
    }
    Fields f = new Fields();
    try (JsonParser p = factory.createParser(line, 0, length)) {
      p.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new UserInputException(where + "not a JSON object; an SCP collection starts with its metadata");
      }
      boolean sawCollection = false;
      for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if (field.equals("collection")) {
          if (value != JsonToken.START_OBJECT) {
            throw new UserInputException(where + "\"collection\" is not an object");
          }
          readCollection(p, f, where);
          sawCollection = true;
        } else {
          p.skipChildren();
        }
      }
      if (p.nextToken() != null) {
        throw new UserInputException(where + "more than one JSON value on the line");
      }
      if (!sawCollection) {
        throw new UserInputException(where + "no \"collection\" object; an SCP collection starts with its metadata");
      }
    } catch (JsonProcessingException e) {
      throw new UserInputException(where + "not valid JSON (" + PlainText.shorten(e.getOriginalMessage(), 200) + ")");
    } catch (UserInputException e) {
      throw e;
    } catch (IOException e) {
      throw new UserInputException(where + e.getMessage(), e);
    }
    CollectionMetadata metadata = validate(f, where);
    return new MetadataLine(Arrays.copyOf(line, length), metadata, f.checksumStart, f.checksumEnd, f.collectionEnd);
  }

  private static final class Fields {
    String id;
    String section;
    String type;
    String generated;
    String since;
    String checksum;
    String version;
    int checksumStart = -1;
    int checksumEnd = -1;
    int collectionEnd = -1;
  }

  private static void readCollection(JsonParser p, Fields f, String where) throws IOException {
    for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
      String field = p.currentName();
      JsonToken value = p.nextToken();
      switch (field) {
        case "id":
          f.id = string(p, value, field, where);
          break;
        case "section":
          f.section = string(p, value, field, where);
          break;
        case "type":
          f.type = string(p, value, field, where);
          break;
        case "generated":
          f.generated = string(p, value, field, where);
          break;
        case "since":
          f.since = string(p, value, field, where);
          break;
        case "version":
          f.version = string(p, value, field, where);
          break;
        case "checksum":
          f.checksumStart = (int) p.currentTokenLocation().getByteOffset();
          f.checksum = string(p, value, field, where);
          f.checksumEnd = (int) p.currentLocation().getByteOffset();
          break;
        default:
          p.skipChildren(); // unknown fields are ignored ("Version Compatibility" rule 3)
      }
    }
    f.collectionEnd = (int) p.currentTokenLocation().getByteOffset();
  }

  private static String string(JsonParser p, JsonToken value, String field, String where) throws IOException {
    if (value != JsonToken.VALUE_STRING) {
      throw new UserInputException(where + "collection." + field + " must be a string");
    }
    return p.getText();
  }

  private static CollectionMetadata validate(Fields f, String where) throws UserInputException {
    require(f.id, "id", where);
    require(f.section, "section", where);
    require(f.type, "type", where);
    require(f.generated, "generated", where);
    require(f.version, "version", where);
    identifier(f.id, "id", where);
    identifier(f.section, "section", where);
    CollectionType type;
    if (f.type.equals("snapshot")) {
      type = CollectionType.SNAPSHOT;
    } else if (f.type.equals("delta")) {
      type = CollectionType.DELTA;
    } else {
      throw new UserInputException(where + "collection.type must be \"snapshot\" or \"delta\", not \"" + PlainText.shorten(f.type, 40) + "\"");
    }
    dateTime(f.generated, "generated", where);
    if (type == CollectionType.DELTA && f.since == null) {
      throw new UserInputException(where + "a delta collection requires collection.since");
    }
    if (f.since != null) {
      dateTime(f.since, "since", where);
    }
    int[] version = version(f.version, where);
    if (version[0] > CollectionMetadata.SUPPORTED_MAJOR) {
      throw new UserInputException(
          where + "SCP version " + PlainText.shorten(f.version, 20) + " is not supported: its major version is above "
              + CollectionMetadata.SUPPORTED_MAJOR + " (Version Compatibility rule 2)");
    }
    if (f.checksum != null && ScpChecksum.parseHex(f.checksum).isEmpty()) {
      throw new UserInputException(where + "collection.checksum must be \"sha256:\" followed by 64 hex digits");
    }
    return new CollectionMetadata(
        f.id, f.section, type, f.generated, Optional.ofNullable(f.since), Optional.ofNullable(f.checksum), f.version, version[0], version[1]);
  }

  private static void require(String value, String field, String where) throws UserInputException {
    if (value == null) {
      throw new UserInputException(where + "collection." + field + " is required");
    }
  }

  private static void identifier(String value, String field, String where) throws UserInputException {
    boolean ok = !value.isEmpty();
    for (int i = 0; ok && i < value.length(); i++) {
      char c = value.charAt(i);
      ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    }
    if (!ok) {
      throw new UserInputException(where + "collection." + field + " must be letters, digits, '-' or '_'");
    }
  }

  private static void dateTime(String value, String field, String where) throws UserInputException {
    try {
      DateTimeFormatter.ISO_OFFSET_DATE_TIME.parse(value);
    } catch (DateTimeParseException e) {
      throw new UserInputException(
          where + "collection." + field + " is not an RFC 3339 date-time: \"" + PlainText.shorten(value, 40) + "\"");
    }
  }

  /** Parses {@code MAJOR.MINOR}, both non-negative decimal integers ("Version Compatibility" rule 1). */
  private static int[] version(String value, String where) throws UserInputException {
    int dot = value.indexOf('.');
    if (dot <= 0 || dot == value.length() - 1 || value.indexOf('.', dot + 1) >= 0) {
      throw badVersion(value, where);
    }
    return new int[] {number(value, 0, dot, where), number(value, dot + 1, value.length(), where)};
  }

  private static int number(String value, int from, int to, String where) throws UserInputException {
    long n = 0;
    for (int i = from; i < to; i++) {
      char c = value.charAt(i);
      if (c < '0' || c > '9') {
        throw badVersion(value, where);
      }
      n = Math.min(Integer.MAX_VALUE, n * 10 + (c - '0'));
    }
    return (int) n;
  }

  private static UserInputException badVersion(String value, String where) {
    return new UserInputException(where + "collection.version must be MAJOR.MINOR, not \"" + PlainText.shorten(value, 40) + "\"");
  }
}
