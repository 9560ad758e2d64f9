package org.acapengine.parse;

import java.util.List;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.DiagnosticCode;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.SourceText;
import org.acapengine.model.Span;
import org.acapengine.model.UnparsedLine;
import org.acapengine.parse.grammar.RobotsLexer;
import org.acapengine.parse.grammar.RobotsParser;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.atn.PredictionMode;

/**
 * Runs the ANTLR lexer and parser over the decoded lines and hands the tree to {@link TreeToModel}
 * (as Trino's {@code SqlParser} hands its tree to {@code AstBuilder}). A file of RFC 9309 lines
 * only is read by {@link ConventionalLines} instead, which gives the same document faster.
 *
 * <p>The parser runs with SLL prediction and a bail-out error strategy: the grammar is total, so
 * a syntax error is a bug, and ANTLR's token insertion/deletion repair must never change what a
 * file says. Should SLL ever fail, the file is parsed again with full LL; should that fail too,
 * every line is kept as an unparsed line with an internal-error diagnostic.
 */
final class GrammarDriver {

  private GrammarDriver() {}

  static PolicyDocument build(SourceText source, List<Diagnostic> decodeDiagnostics) {
    DocumentAssembler out = new DocumentAssembler();
    decodeDiagnostics.forEach(out::diagnostic);
    if (ConventionalLines.read(source.lines(), out)) {
      return out.finish(source); // only RFC 9309 lines: read as the grammar reads them, without ANTLR
    }
    return parseWithGrammar(source, out);
  }

  /** The document as the grammar alone reads it (the fast path's reference in tests). */
  static PolicyDocument buildWithGrammar(SourceText source, List<Diagnostic> decodeDiagnostics) {
    DocumentAssembler out = new DocumentAssembler();
    decodeDiagnostics.forEach(out::diagnostic);
    return parseWithGrammar(source, out);
  }

  private static PolicyDocument parseWithGrammar(SourceText source, DocumentAssembler out) {
    String text = source.lines().isEmpty() ? "" : String.join("\n", source.lines()) + "\n";
    RobotsParser.RobotsTxtContext tree = parse(text, PredictionMode.SLL);
    if (tree == null) {
      tree = parse(text, PredictionMode.LL);
    }
    if (tree == null) {
      keepEveryLineUnparsed(source.lines(), out);
    } else {
      TreeToModel.walk(tree, source.lines(), out);
    }
    return out.finish(source);
  }

  private static RobotsParser.RobotsTxtContext parse(String text, PredictionMode mode) {
    RobotsLexer lexer = new RobotsLexer(CharStreams.fromString(text));
    lexer.removeErrorListeners();
    lexer.addErrorListener(FAIL);
    RobotsParser parser = new RobotsParser(new CommonTokenStream(lexer));
    parser.removeErrorListeners();
    parser.setErrorHandler(new BailErrorStrategy());
    parser.getInterpreter().setPredictionMode(mode);
    try {
      return parser.robotsTxt();
    } catch (IllegalStateException e) { // includes ParseCancellationException
      return null;
    }
  }

  private static final BaseErrorListener FAIL = new BaseErrorListener() {
    @Override
    public void syntaxError(Recognizer<?, ?> r, Object symbol, int line, int col, String msg, RecognitionException e) {
      throw new IllegalStateException("lexer error at " + line + ":" + col + ": " + msg);
    }
  };

  private static void keepEveryLineUnparsed(List<String> lines, DocumentAssembler out) {
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).isBlank()) {
        Span span = Span.wholeLine(i + 1, lines.get(i).length());
        out.unparsed(new UnparsedLine(UnparsedLine.Kind.UNRECOGNISED, lines.get(i), span));
      }
    }
    out.diagnostic(DiagnosticCode.UNRECOGNISED_LINE.at(Span.ofLine(1, 1, 1),
        "internal error: the grammar did not accept this file; every line is kept unparsed (please report it)"));
  }
}
