package org.acapengine.parse;

import java.util.List;
import org.acapengine.model.AcapField;
import org.acapengine.model.CrawlerName;
import org.acapengine.model.DiagnosticCode;
import org.acapengine.model.PurposePattern;
import org.acapengine.model.Span;
import org.acapengine.model.UnparsedLine;
import org.acapengine.model.UserAgentLine;
import org.acapengine.parse.grammar.RobotsLexer;
import org.acapengine.parse.grammar.RobotsParser;
import org.acapengine.parse.grammar.RobotsParserBaseVisitor;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Walks the parse tree in file order and feeds each line to {@link DocumentAssembler}: where a
 * line stands (preamble, record, sub-record, interlude) is decided here, what an ACAP field says
 * by {@link FieldBuilder}, and the conventional lines (RFC 9309 2.2) are read here. Every shape of
 * a line is a labelled alternative of the grammar, so each has its own {@code visit} method.
 * {@link GrammarDriver} runs the parser and calls {@link #walk}.
 */
final class TreeToModel extends RobotsParserBaseVisitor<Void> {

  private final Spans spans;
  private final FieldBuilder fields;
  private final DocumentAssembler out;

  private TreeToModel(Spans spans, DocumentAssembler out) {
    this.spans = spans;
    this.fields = new FieldBuilder(spans, new FieldChecks(out::diagnostic, new SharedValues()));
    this.out = out;
  }

  static void walk(RobotsParser.RobotsTxtContext tree, List<String> lines, DocumentAssembler out) {
    new TreeToModel(new Spans(lines), out).visit(tree);
  }

  // ---- records (2.3) --------------------------------------------------------------------------

  @Override
  public Void visitAcapRecord(RobotsParser.AcapRecordContext ctx) {
    out.startRecord(ctx.getStart().getLine());
    visitChildren(ctx);
    out.endRecord(spans.spanOf(ctx));
    return null;
  }

  @Override
  public Void visitAnyCrawlerIdentificationField(RobotsParser.AnyCrawlerIdentificationFieldContext ctx) {
    out.crawler(new CrawlerName("*", spans.tokenSpan(ctx.ASTERISK().getSymbol())));
    return null;
  }

  @Override
  public Void visitNamedCrawlerIdentificationField(RobotsParser.NamedCrawlerIdentificationFieldContext ctx) {
    out.crawler(new CrawlerName(ctx.crawlerName().getText().strip(), spans.spanOf(ctx.crawlerName())));
    return null;
  }

  @Override
  public Void visitMalformedCrawlerIdentificationField(RobotsParser.MalformedCrawlerIdentificationFieldContext ctx) {
    fields.malformed(ctx.getStart(), ctx.lineRest());
    out.crawler(null);
    return null;
  }

  /** A permissions reference in the record body (first, or among the permission fields). */
  @Override
  public Void visitWellFormedPermissionsReference(RobotsParser.WellFormedPermissionsReferenceContext ctx) {
    out.recordField(fields.visit(ctx));
    return null;
  }

  @Override
  public Void visitMalformedPermissionsReference(RobotsParser.MalformedPermissionsReferenceContext ctx) {
    out.recordField(fields.visit(ctx));
    return null;
  }

  @Override
  public Void visitPermissionFieldsItem(RobotsParser.PermissionFieldsItemContext ctx) {
    out.recordField(fields.visit(ctx));
    return null;
  }

  @Override
  public Void visitAcapSubRecord(RobotsParser.AcapSubRecordContext ctx) {
    out.startSubRecord();
    visitChildren(ctx);
    out.endSubRecord();
    return null;
  }

  @Override
  public Void visitWellFormedUsagePurpose(RobotsParser.WellFormedUsagePurposeContext ctx) {
    RobotsParser.UsagePurposePatternContext pattern = ctx.usagePurposePattern();
    out.purpose(new PurposePattern(pattern.getText(), spans.spanOf(pattern)), spans.lineSpan(ctx.getStart()));
    return null;
  }

  @Override
  public Void visitMalformedUsagePurpose(RobotsParser.MalformedUsagePurposeContext ctx) {
    out.malformedPurpose(fields.malformed(ctx.getStart(), ctx.lineRest()).span());
    return null;
  }

  @Override
  public Void visitSubRecordField(RobotsParser.SubRecordFieldContext ctx) {
    out.subRecordField(fields.visit(ctx));
    return null;
  }

  /** A record field before the first ACAP-crawler field. */
  @Override
  public Void visitStrayAcapField(RobotsParser.StrayAcapFieldContext ctx) {
    out.strayField(fields.visit(ctx));
    return null;
  }

  // ---- definitions (2.7) ------------------------------------------------------------------------

  @Override
  public Void visitQualifiedUsageDefinitionField(RobotsParser.QualifiedUsageDefinitionFieldContext ctx) {
    out.definition(fields.qualifiedUsage(ctx));
    return null;
  }

  @Override
  public Void visitCompositeUsageDefinitionField(RobotsParser.CompositeUsageDefinitionFieldContext ctx) {
    out.definition(fields.compositeUsage(ctx));
    return null;
  }

  @Override
  public Void visitResourceSetDefinitionField(RobotsParser.ResourceSetDefinitionFieldContext ctx) {
    out.definition(fields.resourceSet(ctx));
    return null;
  }

  @Override
  public Void visitMalformedDefinitionField(RobotsParser.MalformedDefinitionFieldContext ctx) {
    AcapField.Malformed m = fields.malformed(ctx.getStart(), ctx.lineRest());
    out.unparsed(new UnparsedLine(UnparsedLine.Kind.MALFORMED_DEFINITION, m.text(), m.span()));
    return null;
  }

  // ---- other lines ------------------------------------------------------------------------------

  @Override
  public Void visitAcapVersionComment(RobotsParser.AcapVersionCommentContext ctx) {
    Token t = ctx.getStart();
    String body = t.getText().strip().substring(2).strip(); // "ACAP version=1.0"
    out.versionComment(versionOf(body.substring(4).strip()), spans.lineSpan(t));
    return null;
  }

  /**
   * The version a "##ACAP ..." comment names: the first word after "version", optional
   * whitespace and "=" ("version=1.0", "version = 1.0"), or else the first word after "##ACAP".
   * A '#' ends the word (the rest of a comment line is commentary too).
   */
  static String versionOf(String afterAcap) {
    String rest = afterAcap;
    if (rest.regionMatches(true, 0, "version", 0, "version".length())) {
      String r = rest.substring("version".length()).stripLeading();
      if (r.startsWith("=")) {
        rest = r.substring(1).stripLeading();
      }
    }
    int end = 0;
    while (end < rest.length() && rest.charAt(end) != ' ' && rest.charAt(end) != '\t' && rest.charAt(end) != '#') {
      end++;
    }
    return rest.substring(0, end);
  }

  @Override
  public Void visitAcapIgnoreConventionalRecords(RobotsParser.AcapIgnoreConventionalRecordsContext ctx) {
    Span span = spans.lineSpan(ctx.getStart());
    if (ctx.lineRest().getStart().getType() != RobotsLexer.EOL) {
      out.diagnostic(DiagnosticCode.IGNORE_CONVENTIONAL_RECORDS_WITH_VALUE.at(span,
          "'" + Names.shorten(spans.line(span.line())) + "': the directive takes no value; it is applied all the same"));
    }
    out.ignoreConventionalRecords(span);
    return null;
  }

  @Override
  public Void visitUnknownAcapField(RobotsParser.UnknownAcapFieldContext ctx) {
    Span span = spans.lineSpan(ctx.getStart());
    String name = ctx.UNKNOWN_ACAP_KEY().getText();
    out.unparsed(new UnparsedLine(UnparsedLine.Kind.UNKNOWN_ACAP_FIELD, spans.line(span.line()).strip(), span));
    out.diagnostic(DiagnosticCode.UNKNOWN_ACAP_FIELD.at(span, "'" + Names.shorten(name) + "' is no ACAP field; the line is ignored"));
    return null;
  }

  @Override
  public Void visitUnrecognisedLine(RobotsParser.UnrecognisedLineContext ctx) {
    unrecognised(ctx.getStart());
    return null;
  }

  private void unrecognised(Token start) {
    Span span = spans.lineSpan(start);
    String lineText = spans.line(span.line()).strip();
    out.unparsed(new UnparsedLine(UnparsedLine.Kind.UNRECOGNISED, lineText, span));
    out.diagnostic(DiagnosticCode.UNRECOGNISED_LINE.at(span, "'" + Names.shorten(lineText) + "' is no 'name: value' field; the line is ignored"));
  }

  /** google/robotstxt's accepted misspellings are read as the field, with a note (RFC 9309 2.2). */
  private void checkSpelling(Token key, String canonical) {
    String written = key.getText();
    if (!written.equalsIgnoreCase(canonical)) {
      out.diagnostic(DiagnosticCode.MISSPELT_FIELD_NAME.at(spans.tokenSpan(key), "'" + Names.shorten(written) + "' is read as '" + canonical + "'"));
    }
  }

  @Override
  public Void visitUserAgentLine(RobotsParser.UserAgentLineContext ctx) {
    checkSpelling(ctx.getStart(), "User-agent");
    String value = conventionalValue(ctx.getStart(), ctx.conventionalValue());
    if (value != null) {
      out.userAgent(new UserAgentLine(value, spans.lineSpan(ctx.getStart())));
    }
    return null;
  }

  @Override
  public Void visitAllowLine(RobotsParser.AllowLineContext ctx) {
    String value = conventionalValue(ctx.getStart(), ctx.conventionalValue());
    if (value != null) {
      out.rule(true, value, spans.lineSpan(ctx.getStart()));
    }
    return null;
  }

  @Override
  public Void visitDisallowLine(RobotsParser.DisallowLineContext ctx) {
    checkSpelling(ctx.getStart(), "Disallow");
    String value = conventionalValue(ctx.getStart(), ctx.conventionalValue());
    if (value != null) {
      out.rule(false, value, spans.lineSpan(ctx.getStart()));
    }
    return null;
  }

  @Override
  public Void visitSitemapLine(RobotsParser.SitemapLineContext ctx) {
    String value = conventionalValue(ctx.getStart(), ctx.conventionalValue());
    if (value != null) {
      out.extensionField(ctx.getStart().getText(), value, spans.lineSpan(ctx.getStart()), true);
    }
    return null;
  }

  @Override
  public Void visitLicenseLine(RobotsParser.LicenseLineContext ctx) {
    out.extensionField(ctx.LICENSE_KEY().getText(), Spans.valueText(ctx.lineRest()), spans.lineSpan(ctx.getStart()), true);
    return null;
  }

  @Override
  public Void visitOtherFieldLine(RobotsParser.OtherFieldLineContext ctx) {
    out.extensionField(ctx.OTHER_KEY().getText(), Spans.valueText(ctx.lineRest()), spans.lineSpan(ctx.getStart()), false);
    return null;
  }

  /**
   * The value of a conventional field, or null when the line is not a field after all: with no
   * ':' google/robotstxt accepts whitespace as the separator only when exactly one
   * whitespace-free value follows the name.
   */
  private String conventionalValue(Token key, RobotsParser.ConventionalValueContext ctx) {
    if (ctx.COLON() != null) {
      return Spans.valueText(ctx.lineRest());
    }
    TerminalNode v = ctx.VALUE_WITHOUT_COLON();
    String value = v == null ? "" : v.getText().strip();
    boolean single = !value.isEmpty() && value.indexOf(' ') < 0 && value.indexOf('\t') < 0 && value.indexOf(':') < 0;
    if (!single) {
      unrecognised(key);
      return null;
    }
    out.diagnostic(DiagnosticCode.MISSING_COLON.at(spans.lineSpan(key), "'" + Names.shorten(spans.line(key.getLine())) + "' has no ':'; read as '" + key.getText() + ": " + Names.shorten(value) + "'"));
    return value;
  }
}
