package org.acapengine.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Span;
import org.acapengine.model.Usage;
import org.acapengine.model.UsageRef;
import org.acapengine.model.UsageType;
import org.junit.jupiter.api.Test;

/**
 * What one parse shares and what it keeps per occurrence (docs/performance.md, "Hostile files"):
 * values without a span are one object per distinct value within a parse, never across parses
 * (except the dictionary's usages, a fixed set); fields and qualifiers, which carry spans, are
 * one per occurrence; a composite's members and a set's patterns, held packed, read back as
 * written.
 */
class SharedValuesTest {

  private static final String FILE = """
      ##ACAP version=1.0
      ACAP-qualified-usage: Short present-snippet max-length=20-words
      ACAP-composite-usage: all crawl u1 (Short) index U2 present-snippet
      ACAP-resource-set: docs /a/ /b/*.pdf /a/ /c$
      ACAP-crawler: *
      ACAP-allow-index: / time-limit=7-days
      ACAP-allow-index: / time-limit=7-days
      ACAP-disallow-u1: /private/
      ACAP-disallow-u1: /private/
      ACAP-allow-(all): the-acap:resource-set:docs
      """;

  private static PolicyDocument parse() {
    return new RobotsTxtParser().parse(FILE, "shared.txt");
  }

  @Test
  void valuesWithoutASpanAreOnePerDistinctValueWithinAParse() {
    List<AcapField> fields = parse().acapRecords().get(0).fields();
    AcapField.Permission first = (AcapField.Permission) fields.get(0);
    AcapField.Permission second = (AcapField.Permission) fields.get(1);
    assertThat(second.usage()).isSameAs(first.usage());
    assertThat(second.resource()).isSameAs(first.resource());
    assertThat(second.qualifiers().get(0).typeName()).isSameAs(first.qualifiers().get(0).typeName());
    assertThat(second.qualifiers().get(0).value()).isSameAs(first.qualifiers().get(0).value());
    assertThat(second.qualifiers().get(0).parsed()).isSameAs(first.qualifiers().get(0).parsed());
    // what carries a span stays per occurrence
    assertThat(second.qualifiers().get(0)).isNotSameAs(first.qualifiers().get(0));
    assertThat(second.span()).isNotEqualTo(first.span());
    assertThat(second.qualifiers().get(0).span()).isEqualTo(Span.ofLine(7, 21, "time-limit=7-days".length()));
    AcapField.Prohibition p1 = (AcapField.Prohibition) fields.get(2);
    AcapField.Prohibition p2 = (AcapField.Prohibition) fields.get(3);
    assertThat(p2.usage()).isSameAs(p1.usage());
  }

  @Test
  void nothingIsSharedAcrossParsesButTheDictionarysUsages() {
    AcapField.Prohibition a = (AcapField.Prohibition) parse().acapRecords().get(0).fields().get(2);
    AcapField.Prohibition b = (AcapField.Prohibition) parse().acapRecords().get(0).fields().get(2);
    assertThat(b.usage()).isEqualTo(a.usage()).isNotSameAs(a.usage());
    assertThat(((UsageRef.Standard) b.usage()).usage()).isNotSameAs(((UsageRef.Standard) a.usage()).usage());
    AcapField.Permission index = (AcapField.Permission) parse().acapRecords().get(0).fields().get(0);
    assertThat(((UsageRef.Standard) index.usage()).usage()).isSameAs(Usage.parse("INDEX")).isSameAs(Usage.of(UsageType.INDEX));
    assertThat(UsageType.fromToken("crawl")).isSameAs(UsageType.fromToken("Crawl"));
  }

  @Test
  void aCompositesMembersAndASetsPatternsReadBackAsWritten() {
    List<AcapDefinition> defs = parse().definitions();
    AcapDefinition.CompositeUsage all = (AcapDefinition.CompositeUsage) defs.get(1);
    assertThat(all.members()).containsExactly(new UsageRef.Standard(Usage.parse("crawl")), new UsageRef.Standard(Usage.parse("u1")),
        new UsageRef.Local("Short"), new UsageRef.Standard(Usage.parse("index")), new UsageRef.Standard(Usage.parse("u2")),
        new UsageRef.Standard(Usage.parse("present-snippet")));
    assertThat(all.members().get(4)).hasToString("u2");
    assertThat(all.members()).hasToString("[crawl, u1, (Short), index, u2, present-snippet]");
    AcapDefinition.ResourceSet docs = (AcapDefinition.ResourceSet) defs.get(2);
    assertThat(docs.patterns()).containsExactly("/a/", "/b/*.pdf", "/a/", "/c$");
    assertThat(docs).isEqualTo(new AcapDefinition.ResourceSet("docs", List.of("/a/", "/b/*.pdf", "/a/", "/c$"), docs.span()));
    assertThatThrownBy(() -> docs.patterns().add("/d/")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> all.members().set(0, new UsageRef.Local("x"))).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> all.members().get(6)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void aMemberMadeByHandIsKeptAsItIs() {
    // not what Usage.parse gives for its name: the list keeps the references, not their names
    Usage odd = new Usage("Crawl", Optional.of(UsageType.CRAWL), "", Optional.empty());
    AcapDefinition.CompositeUsage c = new AcapDefinition.CompositeUsage("c", List.of(new UsageRef.Standard(odd)), Span.ofLine(1, 1, 1));
    assertThat(((UsageRef.Standard) c.members().get(0)).usage()).isSameAs(odd);
    // one of 70 members, past the first 64 bits
    List<UsageRef> many = new java.util.ArrayList<>();
    for (int i = 0; i < 70; i++) {
      many.add(i % 3 == 0 ? new UsageRef.Local("q" + i) : new UsageRef.Standard(Usage.parse("u" + i)));
    }
    assertThat(new AcapDefinition.CompositeUsage("c", many, Span.ofLine(1, 1, 1)).members()).isEqualTo(many);
  }
}
