package org.acapengine.parse;

import java.util.List;
import org.acapengine.model.Span;
import org.acapengine.parse.grammar.RobotsLexer;
import org.acapengine.parse.grammar.RobotsParser;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Span arithmetic over the decoded lines of one file: turns ANTLR's token positions (1-based
 * lines, 0-based columns counted in code points) into model {@link Span}s (1-based, counted in
 * UTF-16 code units), and reads the text of a line or of the rest of one.
 */
final class Spans {

  private final List<String> lines;
  private final boolean[] hasSurrogates;

  Spans(List<String> lines) {
    this.lines = lines;
    this.hasSurrogates = new boolean[lines.size()];
    for (int i = 0; i < lines.size(); i++) {
      String s = lines.get(i);
      for (int j = 0; j < s.length(); j++) {
        if (Character.isSurrogate(s.charAt(j))) {
          hasSurrogates[i] = true;
          break;
        }
      }
    }
  }

  /** The decoded text of a 1-based line, as the file has it. */
  String line(int line) {
    return lines.get(line - 1);
  }

  /** 0-based UTF-16 column of a token (ANTLR counts code points). */
  int column16(Token t) {
    int line = t.getLine();
    int cp = t.getCharPositionInLine();
    if (line < 1 || line > lines.size() || !hasSurrogates[line - 1]) {
      return cp;
    }
    String s = lines.get(line - 1);
    return s.offsetByCodePoints(0, Math.min(cp, s.codePointCount(0, s.length())));
  }

  /** The token itself, without a line end it may carry. */
  Span tokenSpan(Token t) {
    int col = column16(t) + 1;
    String text = t.getText();
    int len = text.endsWith("\n") ? text.length() - 1 : text.length();
    return Span.ofLine(t.getLine(), col, len);
  }

  /** From the token to the end of its line. */
  Span lineSpan(Token start) {
    int line = start.getLine();
    int col = column16(start) + 1;
    int lineLength = line <= lines.size() ? lines.get(line - 1).length() : col;
    return new Span(line, col, line, Math.max(col, lineLength));
  }

  /** From the first to the last token of a rule, without the line end. */
  Span spanOf(ParserRuleContext ctx) {
    Token start = ctx.getStart();
    Token stop = ctx.getStop();
    if (stop == null || stop.getTokenIndex() < start.getTokenIndex()) {
      return tokenSpan(start);
    }
    if (stop.getType() == RobotsLexer.EOL || stop.getType() == RobotsLexer.ACAP_VERSION_COMMENT) {
      int endLine = stop.getLine();
      int endLen = endLine <= lines.size() ? lines.get(endLine - 1).length() : 1;
      int col = column16(start) + 1;
      int endCol = Math.max(1, endLen);
      if (endLine == start.getLine()) {
        endCol = Math.max(col, endCol);
      }
      return new Span(start.getLine(), col, endLine, endCol);
    }
    Span a = tokenSpan(start);
    Span b = tokenSpan(stop);
    return a.union(b);
  }

  /** The visible text of the rest of a line (comments are hidden), trimmed. */
  static String valueText(RobotsParser.LineRestContext rest) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < rest.getChildCount() - 1; i++) {
      sb.append(rest.getChild(i).getText());
    }
    return sb.toString().strip();
  }

  /** True when the rest of a line holds nothing after its first token but whitespace. */
  static boolean onlyBlank(RobotsParser.LineRestContext rest) {
    for (int i = 1; i < rest.getChildCount(); i++) {
      Token t = ((TerminalNode) rest.getChild(i)).getSymbol();
      if (t.getType() != RobotsLexer.WS && t.getType() != RobotsLexer.EOL) {
        return false;
      }
    }
    return true;
  }
}
