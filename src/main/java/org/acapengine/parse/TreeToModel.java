package org.acapengine.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.CrawlerName;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.DiagnosticCode;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.PurposePattern;
import org.acapengine.model.Qualifier;
import org.acapengine.model.QualifierType;
import org.acapengine.model.QualifierValue;
import org.acapengine.model.ResourceSpec;
import org.acapengine.model.SourceText;
import org.acapengine.model.Span;
import org.acapengine.model.UnparsedLine;
import org.acapengine.model.Usage;
import org.acapengine.model.UsageRef;
import org.acapengine.model.UserAgentLine;
import org.acapengine.parse.grammar.RobotsLexer;
import org.acapengine.parse.grammar.RobotsParser;
import org.acapengine.parse.grammar.RobotsParserBaseVisitor;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * The one class that knows the grammar: runs the ANTLR lexer and parser over the decoded lines
 * and turns the parse tree into the model, through {@link DocumentAssembler}.
 *
 * <p>The parser runs with SLL prediction and a bail-out error strategy: the grammar is total, so
 * a syntax error is a bug, and ANTLR's token insertion/deletion repair must never change what a
 * file says. Should SLL ever fail, the file is parsed again with full LL; should that fail too,
 * every line is kept as an unparsed line with an internal-error diagnostic.
 */
final class TreeToModel extends RobotsParserBaseVisitor<Void> {

  private final List<String> lines;
  private final boolean[] hasSurrogates;
  private final DocumentAssembler out = new DocumentAssembler();

  private TreeToModel(List<String> lines) {
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

  static PolicyDocument build(SourceText source, List<Diagnostic> decodeDiagnostics) {
    TreeToModel walker = new TreeToModel(source.lines());
    decodeDiagnostics.forEach(walker.out::diagnostic);
    String text = source.lines().isEmpty() ? "" : String.join("\n", source.lines()) + "\n";
    RobotsParser.RobotsTxtContext tree = parse(text, PredictionMode.SLL);
    if (tree == null) {
      tree = parse(text, PredictionMode.LL);
    }
    if (tree == null) {
      walker.keepEveryLineUnparsed();
    } else {
      walker.visit(tree);
    }
    return walker.out.finish(source);
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

  private void keepEveryLineUnparsed() {
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).isBlank()) {
        Span span = Span.wholeLine(i + 1, lines.get(i).length());
        out.unparsed(new UnparsedLine(UnparsedLine.Kind.UNRECOGNISED, lines.get(i), span));
      }
    }
    out.diagnostic(DiagnosticCode.UNRECOGNISED_LINE.at(Span.ofLine(1, 1, 1),
        "internal error: the grammar did not accept this file; every line is kept unparsed (please report it)"));
  }

  // ---- structure ----------------------------------------------------------------------------

  @Override
  public Void visitAcapRecord(RobotsParser.AcapRecordContext ctx) {
    out.startRecord(ctx.getStart().getLine());
    visitChildren(ctx);
    out.endRecord(spanOf(ctx));
    return null;
  }

  @Override
  public Void visitStrayAcapField(RobotsParser.StrayAcapFieldContext ctx) {
    ParseTree child = ctx.getChild(0);
    if (child instanceof RobotsParser.UsagePurposePatternFieldContext purpose) {
      Span span = lineSpan(purpose.getStart());
      AcapField field = purpose instanceof RobotsParser.WellFormedUsagePurposeContext
          ? new AcapField.Malformed(purpose.getStart().getText(), lines.get(span.line() - 1).strip(), span)
          : malformed(purpose.getStart(), ((RobotsParser.MalformedUsagePurposeContext) purpose).lineRest());
      out.strayField(field);
      return null;
    }
    out.strayField(field((ParserRuleContext) child));
    return null;
  }

  @Override
  public Void visitCrawlerIdentificationField(RobotsParser.CrawlerIdentificationFieldContext ctx) {
    if (ctx.anyCrawlerIdentificationField() != null) {
      Token star = ctx.anyCrawlerIdentificationField().ASTERISK().getSymbol();
      out.crawler(new CrawlerName("*", tokenSpan(star)));
    } else if (ctx.namedCrawlerIdentificationField() != null) {
      RobotsParser.CrawlerNameContext name = ctx.namedCrawlerIdentificationField().crawlerName();
      out.crawler(new CrawlerName(text(name).strip(), spanOf(name)));
    } else {
      RobotsParser.MalformedCrawlerIdentificationFieldContext bad = ctx.malformedCrawlerIdentificationField();
      malformed(bad.getStart(), bad.lineRest());
      out.crawler(null);
    }
    return null;
  }

  /** The permissions reference a record body starts with (and any that follow it). */
  @Override
  public Void visitWellFormedPermissionsReference(RobotsParser.WellFormedPermissionsReferenceContext ctx) {
    out.recordField(field(ctx));
    return null;
  }

  @Override
  public Void visitMalformedPermissionsReference(RobotsParser.MalformedPermissionsReferenceContext ctx) {
    out.recordField(field(ctx));
    return null;
  }

  @Override
  public Void visitPermissionFields(RobotsParser.PermissionFieldsContext ctx) {
    for (ParseTree child : ctx.children) {
      if (child instanceof RobotsParser.PermissionFieldsItemContext item) {
        out.recordField(field((ParserRuleContext) item.getChild(0)));
      } else if (child instanceof RobotsParser.PermissionsReferenceFieldContext ref) {
        out.recordField(field(ref));
      } else {
        visit(child);
      }
    }
    return null;
  }

  @Override
  public Void visitAcapSubRecord(RobotsParser.AcapSubRecordContext ctx) {
    out.startSubRecord();
    for (ParseTree child : ctx.children) {
      if (child instanceof RobotsParser.WellFormedUsagePurposeContext ok) {
        out.purpose(new PurposePattern(text(ok.usagePurposePattern()), spanOf(ok.usagePurposePattern())), lineSpan(ok.getStart()));
      } else if (child instanceof RobotsParser.MalformedUsagePurposeContext bad) {
        malformed(bad.getStart(), bad.lineRest());
        out.malformedPurpose(lineSpan(bad.getStart()));
      } else if (child instanceof RobotsParser.SubRecordFieldsContext fields) {
        for (ParseTree f : fields.children) {
          if (f instanceof RobotsParser.SubRecordFieldContext field) {
            out.subRecordField(field((ParserRuleContext) field.getChild(0)));
          } else {
            visit(f);
          }
        }
      } else {
        visit(child);
      }
    }
    out.endSubRecord();
    return null;
  }

  // ---- fields of records ----------------------------------------------------------------------

  /** Reads a permission, prohibition, action request or permissions reference field. */
  private AcapField field(ParserRuleContext ctx) {
    if (ctx instanceof RobotsParser.PermissionFieldContext p) {
      return permission(p);
    }
    if (ctx instanceof RobotsParser.WellFormedProhibitionContext p) {
      return prohibition(p);
    }
    if (ctx instanceof RobotsParser.MalformedProhibitionContext p) {
      return malformed(p.getStart(), p.lineRest());
    }
    if (ctx instanceof RobotsParser.WellFormedActionRequestContext a) {
      String key = a.ACAP_REQUEST_KEY().getText().toLowerCase(Locale.ROOT);
      AcapField.ActionType action = key.endsWith("take-down") ? AcapField.ActionType.TAKE_DOWN : AcapField.ActionType.RE_CRAWL;
      return new AcapField.ActionRequest(action, text(a.relativePart()), lineSpan(a.getStart()));
    }
    if (ctx instanceof RobotsParser.MalformedActionRequestContext a) {
      return malformed(a.getStart(), a.lineRest());
    }
    if (ctx instanceof RobotsParser.WellFormedPermissionsReferenceContext r) {
      return new AcapField.PermissionsReference(text(r.resourceLocator()), lineSpan(r.getStart()));
    }
    if (ctx instanceof RobotsParser.MalformedPermissionsReferenceContext r) {
      return malformed(r.getStart(), r.lineRest());
    }
    throw new IllegalStateException("not a record field: " + ctx.getClass().getSimpleName());
  }

  private AcapField permission(RobotsParser.PermissionFieldContext ctx) {
    if (ctx.malformedPermissionField() != null) {
      return malformed(ctx.getStart(), ctx.malformedPermissionField().lineRest());
    }
    RobotsParser.PermissionKeyContext key;
    RobotsParser.ResourceSpecificationContext resource;
    List<RobotsParser.QualifierSpecificationContext> qualifiers;
    if (ctx.basicPermissionField() != null) {
      key = ctx.basicPermissionField().permissionKey();
      resource = ctx.basicPermissionField().resourceSpecification();
      qualifiers = List.of();
    } else {
      key = ctx.qualifiedPermissionField().permissionKey();
      resource = ctx.qualifiedPermissionField().resourceSpecification();
      qualifiers = ctx.qualifiedPermissionField().qualifierSpecification();
    }
    Span span = lineSpan(ctx.getStart());
    UsageRef usage = usageFromKey(key.getStart(), "acap-allow-".length());
    List<Qualifier> read = qualifiers(qualifiers, usage);
    if (usage instanceof UsageRef.Local local && !read.isEmpty()) {
      out.diagnostic(DiagnosticCode.QUALIFIER_ON_LOCAL_USAGE.at(read.get(0).span(),
          "'ACAP-allow-(" + local.name() + ")' has the qualifier '" + read.get(0).typeName() + "=" + read.get(0).value()
              + "'; a locally defined usage takes its qualifiers from its definition (2.4.1.3)"));
    }
    return new AcapField.Permission(usage, resourceSpec(resource), read, span);
  }

  private AcapField prohibition(RobotsParser.WellFormedProhibitionContext ctx) {
    Span span = lineSpan(ctx.getStart());
    UsageRef usage = usageFromKey(ctx.prohibitionKey().getStart(), "acap-disallow-".length());
    if (usage instanceof UsageRef.Local local) {
      out.diagnostic(DiagnosticCode.LOCAL_USAGE_IN_PROHIBITION.at(tokenSpan(ctx.prohibitionKey().getStart()),
          "'ACAP-disallow-(" + local.name() + ")': a prohibition may not name a locally defined usage (2.4.2); it prohibits nothing"));
    }
    List<Qualifier> read = qualifiers(ctx.qualifierSpecification(), usage);
    if (!read.isEmpty()) {
      out.diagnostic(DiagnosticCode.QUALIFIER_ON_PROHIBITION.at(read.get(0).span(),
          "the prohibition has the qualifier '" + read.get(0).typeName() + "=" + read.get(0).value() + "'; prohibitions take no qualifiers (2.4.2) and it is ignored"));
    }
    return new AcapField.Prohibition(usage, resourceSpec(ctx.resourceSpecification()), read, span);
  }

  /** The usage a field name names, after its prefix: a (local) name or a dictionary usage. */
  private UsageRef usageFromKey(Token key, int prefixLength) {
    String name = key.getText().substring(prefixLength);
    if (name.startsWith("(")) {
      String local = name.substring(1, name.length() - 1);
      if (!Names.isName(local)) {
        out.diagnostic(DiagnosticCode.INVALID_NAME.at(tokenSpan(key), "'(" + Names.shorten(local) + ")' is not a valid usage name"));
      }
      return new UsageRef.Local(local);
    }
    Usage usage = Usage.parse(name);
    checkVocabulary(usage, tokenSpan(key));
    return new UsageRef.Standard(usage);
  }

  private void checkVocabulary(Usage usage, Span span) {
    if (usage.isInvalidCombination()) {
      out.diagnostic(DiagnosticCode.INVALID_USAGE_COMBINATION.at(span,
          "'" + usage.name() + "': " + usage.type().orElseThrow().token() + " does not take the used resource type '" + usage.resourceName() + "'"));
    } else if (!usage.isInVocabulary()) {
      out.diagnostic(DiagnosticCode.UNKNOWN_USAGE.at(span, "'" + usage.name() + "' is not a usage type of the ACAP vocabulary"));
    }
  }

  private ResourceSpec resourceSpec(RobotsParser.ResourceSpecificationContext ctx) {
    if (ctx.RESOURCE_SET_REFERENCE() != null) {
      String t = ctx.RESOURCE_SET_REFERENCE().getText();
      String name = t.substring(ResourceSpec.ResourceSetRef.PREFIX.length());
      if (!Names.isName(name)) {
        out.diagnostic(DiagnosticCode.INVALID_NAME.at(tokenSpan(ctx.RESOURCE_SET_REFERENCE().getSymbol()),
            "'" + Names.shorten(t) + "': '" + Names.shorten(name) + "' is not a valid resource set name"));
      }
      return new ResourceSpec.ResourceSetRef(name);
    }
    return new ResourceSpec.PathPattern(text(ctx.resourcePathPattern()));
  }

  /** Reads qualifiers; {@code usage} is the usage they qualify (validity checks when standard). */
  private List<Qualifier> qualifiers(List<RobotsParser.QualifierSpecificationContext> specs, UsageRef usage) {
    List<Qualifier> result = new ArrayList<>(specs.size());
    Set<QualifierType> seen = new HashSet<>();
    boolean modificationAny = false;
    int modifications = 0;
    for (RobotsParser.QualifierSpecificationContext spec : specs) {
      String typeName = spec.qualifierType().getText();
      String value = text(spec.qualifierValue());
      Span span = spanOf(spec);
      Optional<QualifierType> type = QualifierType.fromToken(typeName);
      Optional<QualifierValue> parsed = Optional.empty();
      if (type.isEmpty()) {
        out.diagnostic(DiagnosticCode.UNKNOWN_QUALIFIER.at(span, "'" + Names.shorten(typeName) + "' is not a qualifier type of the ACAP vocabulary"));
      } else {
        QualifierValues.Result r = QualifierValues.parse(type.get(), value);
        parsed = r.value();
        if (parsed.isEmpty()) {
          out.diagnostic(DiagnosticCode.INVALID_QUALIFIER_VALUE.at(span, "'" + Names.shorten(typeName + "=" + value) + "': " + r.problem()));
        } else if (parsed.get() instanceof QualifierValue.UntilRecrawled u && u.spelledUntilRecrawl()) {
          out.diagnostic(DiagnosticCode.UNTIL_RECRAWL_SPELLING.at(span, "'" + typeName + "=" + value + "' is read as time-limit=until-recrawled"));
        }
        if (usage instanceof UsageRef.Standard std && std.usage().isInVocabulary() && !type.get().validFor(std.usage())) {
          out.diagnostic(DiagnosticCode.QUALIFIER_NOT_VALID_FOR_USAGE.at(span,
              "'" + type.get().token() + "' is not a qualifier of '" + std.usage().name() + "' (section 2.5)"));
        }
        if (type.get().repeatable()) {
          modifications++;
          if (parsed.isPresent() && ((QualifierValue.Modification) parsed.get()).type() == QualifierValue.ModificationType.ANY) {
            modificationAny = true;
          }
          if (modifications > 1 && modificationAny) {
            out.diagnostic(DiagnosticCode.REPEATED_QUALIFIER.at(span,
                "prohibited-modification=any stands with other prohibited-modification qualifiers; any already prohibits every modification (2.5.5.2.4)"));
          }
        } else if (!seen.add(type.get())) {
          out.diagnostic(DiagnosticCode.REPEATED_QUALIFIER.at(span, "'" + type.get().token() + "' is given more than once in this field (2.5.5.2)"));
        }
      }
      result.add(new Qualifier(typeName, type, value, parsed, span));
    }
    return result;
  }

  /** A field with an ACAP name but not the field's shape: kept, reported, and applied to nothing. */
  private AcapField.Malformed malformed(Token key, RobotsParser.LineRestContext rest) {
    Span span = lineSpan(key);
    String fieldName = key.getText();
    String lineText = lines.get(key.getLine() - 1).strip();
    Token first = rest.getStart();
    if (first.getType() == RobotsLexer.EOL || first.getType() == RobotsLexer.VALUE_WITHOUT_COLON) {
      out.diagnostic(DiagnosticCode.ACAP_FIELD_WITHOUT_COLON.at(span, "'" + Names.shorten(lineText) + "' has no ':' after the field name '" + fieldName + "'"));
    } else if (first.getType() == RobotsLexer.COLON && onlyBlank(rest)) {
      out.diagnostic(DiagnosticCode.ACAP_FIELD_WITHOUT_VALUE.at(span, "'" + fieldName + ":' has no value"));
    } else {
      out.diagnostic(DiagnosticCode.MALFORMED_ACAP_FIELD.at(span, "'" + Names.shorten(lineText) + "' does not have the syntax of an " + fieldName + " field"));
    }
    return new AcapField.Malformed(fieldName, lineText, span);
  }

  private static boolean onlyBlank(RobotsParser.LineRestContext rest) {
    for (int i = 1; i < rest.getChildCount(); i++) {
      Token t = ((TerminalNode) rest.getChild(i)).getSymbol();
      if (t.getType() != RobotsLexer.WS && t.getType() != RobotsLexer.EOL) {
        return false;
      }
    }
    return true;
  }

  // ---- definitions ----------------------------------------------------------------------------

  @Override
  public Void visitQualifiedUsageDefinitionField(RobotsParser.QualifiedUsageDefinitionFieldContext ctx) {
    String name = definitionName(ctx.qualifiedUsageName());
    Span usageSpan = spanOf(ctx.acapUsageName());
    Usage usage = Usage.parse(ctx.acapUsageName().getText());
    checkVocabulary(usage, usageSpan);
    List<Qualifier> qualifiers = qualifiers(ctx.qualifierSpecification(), new UsageRef.Standard(usage));
    out.definition(new AcapDefinition.QualifiedUsage(name, usage, qualifiers, lineSpan(ctx.getStart())));
    return null;
  }

  @Override
  public Void visitCompositeUsageDefinitionField(RobotsParser.CompositeUsageDefinitionFieldContext ctx) {
    String name = definitionName(ctx.compositeUsageName());
    List<UsageRef> members = new ArrayList<>();
    for (RobotsParser.CompositeUsageMemberContext m : ctx.compositeUsageMember()) {
      if (m.localUsageName() != null) {
        String t = m.localUsageName().getText();
        String local = t.substring(1, t.length() - 1);
        if (!Names.isName(local)) {
          out.diagnostic(DiagnosticCode.INVALID_NAME.at(spanOf(m), "'" + Names.shorten(t) + "' is not a valid usage name"));
        }
        members.add(new UsageRef.Local(local));
      } else {
        Usage usage = Usage.parse(m.getText());
        checkVocabulary(usage, spanOf(m));
        members.add(new UsageRef.Standard(usage));
      }
    }
    out.definition(new AcapDefinition.CompositeUsage(name, members, lineSpan(ctx.getStart())));
    return null;
  }

  @Override
  public Void visitResourceSetDefinitionField(RobotsParser.ResourceSetDefinitionFieldContext ctx) {
    String name = definitionName(ctx.resourceSetName());
    List<String> patterns = new ArrayList<>();
    for (RobotsParser.ResourcePathPatternContext p : ctx.resourcePathPattern()) {
      patterns.add(text(p));
    }
    out.definition(new AcapDefinition.ResourceSet(name, patterns, lineSpan(ctx.getStart())));
    return null;
  }

  @Override
  public Void visitMalformedDefinitionField(RobotsParser.MalformedDefinitionFieldContext ctx) {
    AcapField.Malformed m = malformed(ctx.getStart(), ctx.lineRest());
    out.unparsed(new UnparsedLine(UnparsedLine.Kind.MALFORMED_DEFINITION, m.text(), m.span()));
    return null;
  }

  private String definitionName(ParserRuleContext nameCtx) {
    String name = nameCtx.getText();
    if (!Names.isName(name)) {
      out.diagnostic(DiagnosticCode.INVALID_NAME.at(spanOf(nameCtx), "'" + Names.shorten(name) + "' is not a valid definition name"));
    }
    return name;
  }

  // ---- other lines ------------------------------------------------------------------------------

  @Override
  public Void visitAcapVersionComment(RobotsParser.AcapVersionCommentContext ctx) {
    Token t = ctx.getStart();
    String body = t.getText().strip().substring(2).strip(); // "ACAP version=1.0"
    out.versionComment(versionOf(body.substring(4).strip()), lineSpan(t));
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
    Span span = lineSpan(ctx.getStart());
    if (ctx.lineRest().getStart().getType() != RobotsLexer.EOL) {
      out.diagnostic(DiagnosticCode.IGNORE_CONVENTIONAL_RECORDS_WITH_VALUE.at(span,
          "'" + Names.shorten(lines.get(span.line() - 1)) + "': the directive takes no value; it is applied all the same"));
    }
    out.ignoreConventionalRecords(span);
    return null;
  }

  @Override
  public Void visitUnknownAcapField(RobotsParser.UnknownAcapFieldContext ctx) {
    Span span = lineSpan(ctx.getStart());
    String name = ctx.UNKNOWN_ACAP_KEY().getText();
    out.unparsed(new UnparsedLine(UnparsedLine.Kind.UNKNOWN_ACAP_FIELD, lines.get(span.line() - 1).strip(), span));
    out.diagnostic(DiagnosticCode.UNKNOWN_ACAP_FIELD.at(span, "'" + Names.shorten(name) + "' is no ACAP field; the line is ignored"));
    return null;
  }

  @Override
  public Void visitUnrecognisedLine(RobotsParser.UnrecognisedLineContext ctx) {
    unrecognised(ctx.getStart());
    return null;
  }

  private void unrecognised(Token start) {
    Span span = lineSpan(start);
    String lineText = lines.get(span.line() - 1).strip();
    out.unparsed(new UnparsedLine(UnparsedLine.Kind.UNRECOGNISED, lineText, span));
    out.diagnostic(DiagnosticCode.UNRECOGNISED_LINE.at(span, "'" + Names.shorten(lineText) + "' is no 'name: value' field; the line is ignored"));
  }

  /** google/robotstxt's accepted misspellings are read as the field, with a note (RFC 9309 2.2). */
  private void checkSpelling(Token key, String canonical) {
    String written = key.getText();
    if (!written.equalsIgnoreCase(canonical)) {
      out.diagnostic(DiagnosticCode.MISSPELT_FIELD_NAME.at(tokenSpan(key), "'" + Names.shorten(written) + "' is read as '" + canonical + "'"));
    }
  }

  @Override
  public Void visitUserAgentLine(RobotsParser.UserAgentLineContext ctx) {
    checkSpelling(ctx.getStart(), "User-agent");
    String value = conventionalValue(ctx.getStart(), ctx.conventionalValue());
    if (value != null) {
      out.userAgent(new UserAgentLine(value, lineSpan(ctx.getStart())));
    }
    return null;
  }

  @Override
  public Void visitAllowLine(RobotsParser.AllowLineContext ctx) {
    String value = conventionalValue(ctx.getStart(), ctx.conventionalValue());
    if (value != null) {
      out.rule(true, value, lineSpan(ctx.getStart()));
    }
    return null;
  }

  @Override
  public Void visitDisallowLine(RobotsParser.DisallowLineContext ctx) {
    checkSpelling(ctx.getStart(), "Disallow");
    String value = conventionalValue(ctx.getStart(), ctx.conventionalValue());
    if (value != null) {
      out.rule(false, value, lineSpan(ctx.getStart()));
    }
    return null;
  }

  @Override
  public Void visitSitemapLine(RobotsParser.SitemapLineContext ctx) {
    String value = conventionalValue(ctx.getStart(), ctx.conventionalValue());
    if (value != null) {
      out.extensionField(ctx.getStart().getText(), value, lineSpan(ctx.getStart()), true);
    }
    return null;
  }

  @Override
  public Void visitOtherFieldLine(RobotsParser.OtherFieldLineContext ctx) {
    out.extensionField(ctx.OTHER_KEY().getText(), valueText(ctx.lineRest()), lineSpan(ctx.getStart()), false);
    return null;
  }

  /**
   * The value of a conventional field, or null when the line is not a field after all: with no
   * ':' google/robotstxt accepts whitespace as the separator only when exactly one
   * whitespace-free value follows the name.
   */
  private String conventionalValue(Token key, RobotsParser.ConventionalValueContext ctx) {
    if (ctx.COLON() != null) {
      return valueText(ctx.lineRest());
    }
    TerminalNode v = ctx.VALUE_WITHOUT_COLON();
    String value = v == null ? "" : v.getText().strip();
    boolean single = !value.isEmpty() && value.indexOf(' ') < 0 && value.indexOf('\t') < 0 && value.indexOf(':') < 0;
    if (!single) {
      unrecognised(key);
      return null;
    }
    out.diagnostic(DiagnosticCode.MISSING_COLON.at(lineSpan(key), "'" + Names.shorten(lines.get(key.getLine() - 1)) + "' has no ':'; read as '" + key.getText() + ": " + Names.shorten(value) + "'"));
    return value;
  }

  /** The visible text of the rest of a line (comments are hidden), trimmed. */
  private static String valueText(RobotsParser.LineRestContext rest) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < rest.getChildCount() - 1; i++) {
      sb.append(rest.getChild(i).getText());
    }
    return sb.toString().strip();
  }

  // ---- spans --------------------------------------------------------------------------------

  private static String text(ParserRuleContext ctx) {
    return ctx.getText();
  }

  /** 0-based UTF-16 column of a token (ANTLR counts code points). */
  private int column16(Token t) {
    int line = t.getLine();
    int cp = t.getCharPositionInLine();
    if (line < 1 || line > lines.size() || !hasSurrogates[line - 1]) {
      return cp;
    }
    String s = lines.get(line - 1);
    return s.offsetByCodePoints(0, Math.min(cp, s.codePointCount(0, s.length())));
  }

  private Span tokenSpan(Token t) {
    int col = column16(t) + 1;
    String text = t.getText();
    int len = text.endsWith("\n") ? text.length() - 1 : text.length();
    return Span.ofLine(t.getLine(), col, len);
  }

  /** From the token to the end of its line. */
  private Span lineSpan(Token start) {
    int line = start.getLine();
    int col = column16(start) + 1;
    int lineLength = line <= lines.size() ? lines.get(line - 1).length() : col;
    return new Span(line, col, line, Math.max(col, lineLength));
  }

  /** From the first to the last token of a rule, without the line end. */
  private Span spanOf(ParserRuleContext ctx) {
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
}
