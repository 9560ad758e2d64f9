package org.acapengine.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.Qualifier;
import org.acapengine.model.ResourceSpec;
import org.acapengine.model.Span;
import org.acapengine.model.UsageRef;
import org.acapengine.parse.grammar.RobotsLexer;
import org.acapengine.parse.grammar.RobotsParser;
import org.acapengine.parse.grammar.RobotsParserBaseVisitor;
import org.antlr.v4.runtime.Token;

/**
 * Builds the value of one ACAP field from its parse tree: each labelled shape of a field rule
 * ({@code # basicPermissionField}, {@code # malformedProhibition}, ...) returns its
 * {@link AcapField}, as Trino's {@code AstBuilder} returns its nodes. The rules that wrap one field
 * ({@code strayAcapField}, {@code permissionFieldsItem}, {@code subRecordField}) yield the field of
 * their one child, by the visitor's default. Definitions, which are no fields, have a method each.
 *
 * <p>Reads text and spans from the tree and leaves every ACAP rule to {@link FieldChecks}; where a
 * field is placed is {@link TreeToModel}'s business.
 */
final class FieldBuilder extends RobotsParserBaseVisitor<AcapField> {

  private final Spans spans;
  private final FieldChecks checks;

  FieldBuilder(Spans spans, FieldChecks checks) {
    this.spans = spans;
    this.checks = checks;
  }

  // ---- permissions and prohibitions (2.4) -------------------------------------------------------

  @Override
  public AcapField visitBasicPermissionField(RobotsParser.BasicPermissionFieldContext ctx) {
    return permission(ctx.getStart(), ctx.permissionKey(), ctx.resourceSpecification(), List.of());
  }

  @Override
  public AcapField visitQualifiedPermissionField(RobotsParser.QualifiedPermissionFieldContext ctx) {
    return permission(ctx.getStart(), ctx.permissionKey(), ctx.resourceSpecification(), ctx.qualifierSpecification());
  }

  @Override
  public AcapField visitMalformedPermissionField(RobotsParser.MalformedPermissionFieldContext ctx) {
    return malformed(ctx.getStart(), ctx.lineRest());
  }

  private AcapField permission(Token start, RobotsParser.PermissionKeyContext key, RobotsParser.ResourceSpecificationContext resource,
      List<RobotsParser.QualifierSpecificationContext> specs) {
    Span span = spans.lineSpan(start);
    UsageRef usage = usageOfKey(key.getStart(), "acap-allow-".length());
    List<Qualifier> qualifiers = qualifiers(specs, usage);
    checks.permissionQualifiers(usage, qualifiers);
    return new AcapField.Permission(usage, resourceSpec(resource), qualifiers, span);
  }

  @Override
  public AcapField visitWellFormedProhibition(RobotsParser.WellFormedProhibitionContext ctx) {
    Span span = spans.lineSpan(ctx.getStart());
    Token key = ctx.prohibitionKey().getStart();
    UsageRef usage = usageOfKey(key, "acap-disallow-".length());
    checks.prohibitionUsage(usage, spans.tokenSpan(key));
    List<Qualifier> qualifiers = qualifiers(ctx.qualifierSpecification(), usage);
    checks.prohibitionQualifiers(qualifiers);
    return new AcapField.Prohibition(usage, resourceSpec(ctx.resourceSpecification()), qualifiers, span);
  }

  @Override
  public AcapField visitMalformedProhibition(RobotsParser.MalformedProhibitionContext ctx) {
    return malformed(ctx.getStart(), ctx.lineRest());
  }

  // ---- action requests (2.6), permissions references (2.3.2), usage purposes (2.3) -------------

  @Override
  public AcapField visitWellFormedActionRequest(RobotsParser.WellFormedActionRequestContext ctx) {
    String key = ctx.ACAP_REQUEST_KEY().getText().toLowerCase(Locale.ROOT);
    AcapField.ActionType action = key.endsWith("take-down") ? AcapField.ActionType.TAKE_DOWN : AcapField.ActionType.RE_CRAWL;
    return new AcapField.ActionRequest(action, ctx.relativePart().getText(), spans.lineSpan(ctx.getStart()));
  }

  @Override
  public AcapField visitMalformedActionRequest(RobotsParser.MalformedActionRequestContext ctx) {
    return malformed(ctx.getStart(), ctx.lineRest());
  }

  @Override
  public AcapField visitWellFormedPermissionsReference(RobotsParser.WellFormedPermissionsReferenceContext ctx) {
    return new AcapField.PermissionsReference(ctx.resourceLocator().getText(), spans.lineSpan(ctx.getStart()));
  }

  @Override
  public AcapField visitMalformedPermissionsReference(RobotsParser.MalformedPermissionsReferenceContext ctx) {
    return malformed(ctx.getStart(), ctx.lineRest());
  }

  /**
   * A usage purpose is a field of its own only where it stands outside any sub-record (a stray
   * one, which applies to nothing): kept as written, with nothing to report about its shape.
   * Inside a sub-record, {@link TreeToModel} reads it as the sub-record's purpose.
   */
  @Override
  public AcapField visitWellFormedUsagePurpose(RobotsParser.WellFormedUsagePurposeContext ctx) {
    Span span = spans.lineSpan(ctx.getStart());
    return new AcapField.Malformed(ctx.getStart().getText(), spans.line(span.line()).strip(), span);
  }

  @Override
  public AcapField visitMalformedUsagePurpose(RobotsParser.MalformedUsagePurposeContext ctx) {
    return malformed(ctx.getStart(), ctx.lineRest());
  }

  /** Any ACAP field without its field's shape: the name, then the rest of the line. */
  AcapField.Malformed malformed(Token key, RobotsParser.LineRestContext rest) {
    Token first = rest.getStart();
    FieldChecks.MalformedShape shape;
    if (first.getType() == RobotsLexer.EOL || first.getType() == RobotsLexer.VALUE_WITHOUT_COLON) {
      shape = FieldChecks.MalformedShape.NO_COLON;
    } else if (first.getType() == RobotsLexer.COLON && Spans.onlyBlank(rest)) {
      shape = FieldChecks.MalformedShape.NO_VALUE;
    } else {
      shape = FieldChecks.MalformedShape.WRONG_SYNTAX;
    }
    return checks.malformed(key.getText(), spans.line(key.getLine()).strip(), spans.lineSpan(key), shape);
  }

  // ---- definitions (2.7) ------------------------------------------------------------------------

  AcapDefinition.QualifiedUsage qualifiedUsage(RobotsParser.QualifiedUsageDefinitionFieldContext ctx) {
    String name = checks.definitionName(ctx.qualifiedUsageName().getText(), spans.spanOf(ctx.qualifiedUsageName()));
    UsageRef.Standard usage = checks.standardUsage(ctx.acapUsageName().getText(), spans.spanOf(ctx.acapUsageName()));
    List<Qualifier> qualifiers = qualifiers(ctx.qualifierSpecification(), usage);
    return new AcapDefinition.QualifiedUsage(name, usage.usage(), qualifiers, spans.lineSpan(ctx.getStart()));
  }

  AcapDefinition.CompositeUsage compositeUsage(RobotsParser.CompositeUsageDefinitionFieldContext ctx) {
    String name = checks.definitionName(ctx.compositeUsageName().getText(), spans.spanOf(ctx.compositeUsageName()));
    List<UsageRef> members = new ArrayList<>();
    for (RobotsParser.CompositeUsageMemberContext m : ctx.compositeUsageMember()) {
      members.add(m.localUsageName() != null
          ? checks.localMember(m.localUsageName().getText(), spans.spanOf(m))
          : checks.standardUsage(m.getText(), spans.spanOf(m)));
    }
    return new AcapDefinition.CompositeUsage(name, members, spans.lineSpan(ctx.getStart()));
  }

  AcapDefinition.ResourceSet resourceSet(RobotsParser.ResourceSetDefinitionFieldContext ctx) {
    String name = checks.definitionName(ctx.resourceSetName().getText(), spans.spanOf(ctx.resourceSetName()));
    List<String> patterns = new ArrayList<>();
    for (RobotsParser.ResourcePathPatternContext p : ctx.resourcePathPattern()) {
      patterns.add(p.getText());
    }
    return new AcapDefinition.ResourceSet(name, patterns, spans.lineSpan(ctx.getStart()));
  }

  // ---- shared pieces ----------------------------------------------------------------------------

  /** The usage a field name names, after its prefix. */
  private UsageRef usageOfKey(Token key, int prefixLength) {
    return checks.usageOfKey(key.getText().substring(prefixLength), spans.tokenSpan(key));
  }

  private List<Qualifier> qualifiers(List<RobotsParser.QualifierSpecificationContext> specs, UsageRef usage) {
    List<FieldChecks.WrittenQualifier> written = new ArrayList<>(specs.size());
    for (RobotsParser.QualifierSpecificationContext spec : specs) {
      written.add(new FieldChecks.WrittenQualifier(spec.qualifierType().getText(), spec.qualifierValue().getText(), spans.spanOf(spec)));
    }
    return checks.qualifiers(written, usage);
  }

  private ResourceSpec resourceSpec(RobotsParser.ResourceSpecificationContext ctx) {
    if (ctx.RESOURCE_SET_REFERENCE() != null) {
      return checks.resourceSetRef(ctx.RESOURCE_SET_REFERENCE().getText(), spans.tokenSpan(ctx.RESOURCE_SET_REFERENCE().getSymbol()));
    }
    return checks.pathPattern(ctx.resourcePathPattern().getText());
  }
}
