package org.acapengine.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.Qualifier;
import org.acapengine.model.Span;
import org.acapengine.model.Usage;
import org.acapengine.model.UsageRef;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The per-field ACAP rules on text and spans alone, without a parse tree: each row calls one
 * check of {@link FieldChecks} and lists what it reports, as {@code code@column} (the column tells
 * which qualifier a diagnostic points at), and part of what it reads ({@code Type:value}).
 */
class FieldChecksTest {

  private static final Span KEY = Span.ofLine(1, 1, 20);

  static Stream<Arguments> rows() {
    return Stream.of(
        // usage names in field keys (2.4.1.3, 2.5)
        row("dictionary usage", c -> c.usageOfKey("index", KEY), "", "Standard:index"),
        row("usage outside the vocabulary", c -> c.usageOfKey("train", KEY), "unknown-usage@1", "Standard:train"),
        row("resource type the usage does not take", c -> c.usageOfKey("present-banana", KEY), "invalid-usage-combination@1", "Standard:present-banana"),
        row("local usage", c -> c.usageOfKey("(news)", KEY), "", "Local:(news)"),
        row("local usage with an invalid name", c -> c.usageOfKey("(1bad)", KEY), "invalid-name@1", "Local:(1bad)"),
        row("composite member, local", c -> c.localMember("(news)", KEY), "", "Local:(news)"),
        row("composite member, local, invalid", c -> c.localMember("(b@d)", KEY), "invalid-name@1", "Local:(b@d)"),
        row("composite member, standard", c -> c.standardUsage("present-snippet", KEY), "", "Standard:present-snippet"),
        // names (section 3)
        row("definition name", c -> c.definitionName("news-2.x_y", KEY), "", "String:news-2.x_y"),
        row("definition name starting with a digit", c -> c.definitionName("1news", KEY), "invalid-name@1", "String:1news"),
        row("resource set reference", c -> c.resourceSetRef("the-acap:resource-set:photos", KEY), "", "ResourceSetRef:the-acap:resource-set:photos"),
        row("resource set reference without a name", c -> c.resourceSetRef("the-acap:resource-set:", KEY), "invalid-name@1", "ResourceSetRef:the-acap:resource-set:"),
        // qualifiers (2.5)
        row("valid qualifier", c -> c.qualifiers(written("time-limit=3-days"), std("index")), "", "time-limit"),
        row("unknown qualifier type", c -> c.qualifiers(written("foo=bar"), std("index")), "unknown-qualifier@1", "foo"),
        row("malformed value", c -> c.qualifiers(written("time-limit=soon"), std("index")), "invalid-qualifier-value@1", "time-limit"),
        row("until-recrawl spelling", c -> c.qualifiers(written("time-limit=until-recrawl"), std("index")), "until-recrawl-spelling@1", "UntilRecrawled"),
        row("type the usage does not take", c -> c.qualifiers(written("max-length=5-chars"), std("present")), "qualifier-not-valid-for-usage@1", "max-length"),
        row("no validity check for a local usage", c -> c.qualifiers(written("max-length=5-chars"), new UsageRef.Local("x")), "", "max-length"),
        row("no validity check for an unknown usage", c -> c.qualifiers(written("max-length=5-chars"), std("train")), "", "max-length"),
        row("type given twice", c -> c.qualifiers(written("time-limit=3-days", "time-limit=5-days"), std("index")), "repeated-qualifier@2", "time-limit"),
        row("modification repeated", c -> c.qualifiers(written("prohibited-modification=format", "prohibited-modification=style"), std("present")), "", "STYLE"),
        row("same modification twice", c -> c.qualifiers(written("prohibited-modification=format", "prohibited-modification=format"), std("present")), "", "FORMAT"),
        row("any, then another modification", c -> c.qualifiers(written("prohibited-modification=any", "prohibited-modification=style"), std("present")),
            "repeated-qualifier@2", "ANY"),
        row("a modification, then any", c -> c.qualifiers(written("prohibited-modification=style", "prohibited-modification=any"), std("present")),
            "repeated-qualifier@2", "ANY"),
        // where qualifiers and local usages may stand (2.4.1.3, 2.4.2)
        row("qualifier on a local usage", c -> report(() -> c.permissionQualifiers(new UsageRef.Local("x"), read(c, "time-limit=3-days"))),
            "qualifier-on-local-usage@1", "done"),
        row("qualifier on a standard usage", c -> report(() -> c.permissionQualifiers(std("index"), read(c, "time-limit=3-days"))), "", "done"),
        row("local usage without qualifiers", c -> report(() -> c.permissionQualifiers(new UsageRef.Local("x"), List.of())), "", "done"),
        row("local usage in a prohibition", c -> report(() -> c.prohibitionUsage(new UsageRef.Local("x"), KEY)), "local-usage-in-prohibition@1", "done"),
        row("standard usage in a prohibition", c -> report(() -> c.prohibitionUsage(std("index"), KEY)), "", "done"),
        row("qualifiers on a prohibition, the first reported", c -> report(() -> c.prohibitionQualifiers(read(c, "time-limit=3-days", "foo=bar"))),
            "unknown-qualifier@2 qualifier-on-prohibition@1", "done"),
        row("prohibition without qualifiers", c -> report(() -> c.prohibitionQualifiers(List.of())), "", "done"),
        // malformed shapes
        row("no colon", c -> c.malformed("ACAP-allow-crawl", "ACAP-allow-crawl /x", KEY, FieldChecks.MalformedShape.NO_COLON),
            "acap-field-without-colon@1", "Malformed:Malformed[fieldName=ACAP-allow-crawl"),
        row("no value", c -> c.malformed("ACAP-allow-crawl", "ACAP-allow-crawl:", KEY, FieldChecks.MalformedShape.NO_VALUE),
            "acap-field-without-value@1", "Malformed:Malformed[fieldName=ACAP-allow-crawl"),
        row("wrong syntax", c -> c.malformed("ACAP-allow-crawl", "ACAP-allow-crawl: /a /b", KEY, FieldChecks.MalformedShape.WRONG_SYNTAX),
            "malformed-acap-field@1", "Malformed:Malformed[fieldName=ACAP-allow-crawl"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void reportsAndReads(String name, Function<FieldChecks, Object> check, String expectedReports, String readContains) {
    List<Diagnostic> reported = new ArrayList<>();
    Object read = check.apply(new FieldChecks(reported::add));
    assertThat(String.join(" ", reported.stream().map(d -> d.code() + "@" + d.span().column()).toList())).isEqualTo(expectedReports);
    assertThat(read.getClass().getSimpleName() + ":" + read).contains(readContains);
  }

  private static Arguments row(String name, Function<FieldChecks, Object> check, String reports, String readContains) {
    return Arguments.of(name, check, reports, readContains);
  }

  /** Qualifiers as written, the n-th standing at column n. */
  private static List<FieldChecks.WrittenQualifier> written(String... specs) {
    List<FieldChecks.WrittenQualifier> out = new ArrayList<>();
    for (int i = 0; i < specs.length; i++) {
      int eq = specs[i].indexOf('=');
      out.add(new FieldChecks.WrittenQualifier(specs[i].substring(0, eq), specs[i].substring(eq + 1), Span.ofLine(1, i + 1, 1)));
    }
    return out;
  }

  /** Qualifiers read (and checked) for a local usage, which no validity check applies to. */
  private static List<Qualifier> read(FieldChecks checks, String... specs) {
    return checks.qualifiers(written(specs), new UsageRef.Local("any"));
  }

  private static UsageRef.Standard std(String usage) {
    return new UsageRef.Standard(Usage.parse(usage));
  }

  private static Object report(Runnable check) {
    check.run();
    return "done";
  }
}
