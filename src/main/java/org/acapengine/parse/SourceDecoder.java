package org.acapengine.parse;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.DiagnosticCode;
import org.acapengine.model.Span;

/**
 * Turns the bytes of a robots.txt into lines: skips a UTF-8 BOM, splits on LF, CR and CRLF
 * (mixed), decodes each line as UTF-8 leniently (bytes that are not UTF-8 become U+FFFD, and a
 * diagnostic says where), and stops at the size limit.
 */
final class SourceDecoder {

  /** Diagnostics about bad encoding are reported for this many lines; a summary covers the rest. */
  private static final int MAX_ENCODING_DIAGNOSTICS = 10;

  /** The decoded lines up to the size limit; {@code truncated} when content beyond it was dropped. */
  record Decoded(List<String> lines, boolean truncated, boolean byteOrderMark, boolean validUtf8, List<Diagnostic> diagnostics) {}

  private SourceDecoder() {}

  static Decoded decode(byte[] content, ParseOptions options) {
    List<Diagnostic> diagnostics = new ArrayList<>();
    byte[] bytes = content;
    java.nio.charset.Charset utf16 = content.length >= 2 && (content[0] & 0xFF) == 0xFF && (content[1] & 0xFF) == 0xFE ? StandardCharsets.UTF_16LE
        : content.length >= 2 && (content[0] & 0xFF) == 0xFE && (content[1] & 0xFF) == 0xFF ? StandardCharsets.UTF_16BE : null;
    if (utf16 != null) {
      // A UTF-16 file read as UTF-8 has a NUL in every other byte and no field a crawler knows:
      // it would allow everything. Its byte order mark says what it is, so it is read as that,
      // and re-encoded as UTF-8, which the size limit then counts.
      bytes = new String(content, 2, content.length - 2, utf16).getBytes(StandardCharsets.UTF_8);
      diagnostics.add(DiagnosticCode.INVALID_UTF8.at(Span.ofLine(1, 1, 1), "the file is " + utf16.name()
          + " (it starts with a UTF-16 byte order mark): read as " + utf16.name() + ", though RFC 9309 2.2 asks for UTF-8 and crawlers that read it as UTF-8 find no rule in it"));
    }
    int start = 0;
    boolean bom = bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF;
    if (bom) {
      start = 3;
      diagnostics.add(DiagnosticCode.BYTE_ORDER_MARK.at(Span.ofLine(1, 1, 1), "the file starts with a UTF-8 byte order mark (skipped)"));
    }
    long limit = options.maxBytes();
    CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    List<String> lines = new ArrayList<>();
    boolean truncated = false;
    boolean valid = true;
    int badLines = 0;
    int firstBadLine = 0;
    int pos = start;
    int n = bytes.length;
    while (pos < n) {
      int end = pos;
      int high = 0; // any byte of the line with its top bit set: not ASCII
      while (end < n && bytes[end] != '\n' && bytes[end] != '\r') {
        high |= bytes[end];
        end++;
      }
      int next = end;
      if (next < n) {
        next += (bytes[next] == '\r' && next + 1 < n && bytes[next + 1] == '\n') ? 2 : 1;
      }
      if (next > limit) {
        // The limit falls inside this line (or its terminator): neither it nor any later line is parsed.
        truncated = true;
        diagnostics.add(DiagnosticCode.FILE_TRUNCATED.at(Span.ofLine(lines.size() + 1, 1, 1),
            "the file is over the limit of " + limit + " bytes: line " + (lines.size() + 1) + " and all after it are not parsed"));
        break;
      }
      String text;
      try {
        // An ASCII line (nearly every line of a robots.txt) is valid UTF-8 as it is: one copy,
        // without the decoder's buffers.
        text = high >= 0 ? new String(bytes, pos, end - pos, StandardCharsets.ISO_8859_1)
            : strict.decode(ByteBuffer.wrap(bytes, pos, end - pos)).toString();
      } catch (CharacterCodingException e) {
        text = new String(bytes, pos, end - pos, StandardCharsets.UTF_8);
        valid = false;
        badLines++;
        if (firstBadLine == 0) {
          firstBadLine = lines.size() + 1;
        }
        if (badLines <= MAX_ENCODING_DIAGNOSTICS) {
          int column = firstBadColumn(bytes, pos, end);
          diagnostics.add(DiagnosticCode.INVALID_UTF8.at(Span.ofLine(lines.size() + 1, column, 1),
              "line " + (lines.size() + 1) + " is not valid UTF-8 (read leniently; bad bytes became U+FFFD)"));
        }
      }
      lines.add(text);
      pos = next;
    }
    if (badLines > MAX_ENCODING_DIAGNOSTICS) {
      diagnostics.add(DiagnosticCode.INVALID_UTF8.at(Span.ofLine(firstBadLine, 1, 1),
          (badLines - MAX_ENCODING_DIAGNOSTICS) + " more lines are not valid UTF-8"));
    }
    return new Decoded(lines, truncated, bom, valid && utf16 == null, diagnostics);
  }

  /** 1-based column (in UTF-16 units of the leniently decoded line) of the first byte that is not UTF-8. */
  private static int firstBadColumn(byte[] bytes, int from, int to) {
    CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes, from, to - from);
    CharBuffer out = CharBuffer.allocate(to - from + 1);
    d.decode(in, out, true);
    return out.position() + 1;
  }
}
