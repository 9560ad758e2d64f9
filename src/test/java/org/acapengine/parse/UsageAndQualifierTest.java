package org.acapengine.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import org.acapengine.model.AcapField;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Qualifier;
import org.acapengine.model.QualifierValue;
import org.acapengine.model.Usage;
import org.acapengine.model.UsageRef;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Usage names as the dictionary splits them, and qualifier values as section 2.5 reads them. */
class UsageAndQualifierTest {

  // ---- usage names (the NOTE on used-resource-type-name: the dictionary decides the split) ----

  @ParameterizedTest(name = "ACAP-allow-{0}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      # name                | usage type | resource type | in vocabulary | diagnostics
      crawl                 | crawl      | -             | true          | -
      follow                | follow     | -             | true          | -
      index                 | index      | -             | true          | -
      preserve              | preserve   | -             | true          | -
      present               | present    | -             | true          | -
      other                 | other      | -             | true          | -
      CRAWL                 | crawl      | -             | true          | -
      present-original      | present    | original      | true          | -
      present-currentcopy   | present    | currentcopy   | true          | -
      present-oldcopy       | present    | oldcopy       | true          | -
      present-snippet       | present    | snippet       | true          | -
      Present-Snippet       | present    | snippet       | true          | -
      present-thumbnail     | present    | thumbnail     | true          | -
      present-oldsnippet    | present    | oldsnippet    | true          | -
      present-oldthumbnail  | present    | oldthumbnail  | true          | -
      present-link          | present    | link          | true          | -
      present-banana        | present    | banana        | false         | invalid-usage-combination
      present-snippet-x     | present    | snippet-x     | false         | invalid-usage-combination
      index-foo             | index      | foo           | false         | invalid-usage-combination
      crawl-snippet         | crawl      | snippet       | false         | invalid-usage-combination
      present-              | -          | -             | false         | unknown-usage
      crawl-                | -          | -             | false         | unknown-usage
      train                 | -          | -             | false         | unknown-usage
      presents              | -          | -             | false         | unknown-usage
      ai-train              | -          | -             | false         | unknown-usage
      snippet               | -          | -             | false         | unknown-usage
      """)
  void usageNamesSplitByTheDictionary(String name, String type, String resource, boolean inVocabulary, String code) {
    PolicyDocument doc = ModelLines.parse("ACAP-crawler: bot\nACAP-allow-" + name + ": /x/\n");
    AcapField.Permission p = (AcapField.Permission) doc.acapRecords().get(0).fields().get(0);
    Usage usage = ((UsageRef.Standard) p.usage()).usage();
    assertThat(usage.name()).isEqualTo(name.toLowerCase(Locale.ROOT));
    assertThat(usage.type().map(t -> t.token()).orElse(null)).isEqualTo(type);
    String resourceName = usage.resourceType().map(r -> r.token()).orElse(usage.resourceName().isEmpty() ? null : usage.resourceName());
    assertThat(resourceName).isEqualTo(resource);
    assertThat(usage.isInVocabulary()).isEqualTo(inVocabulary);
    assertThat(ModelLines.codes(doc)).isEqualTo(code == null ? List.of() : List.of(code));
    // the same split in a prohibition and in definitions
    PolicyDocument other = ModelLines.parse("ACAP-composite-usage: c " + name + "\nACAP-crawler: bot\nACAP-disallow-" + name + ": /x/\n");
    assertThat(ModelLines.codes(other)).isEqualTo(code == null ? List.of() : List.of(code, code));
  }

  @ParameterizedTest(name = "ACAP-allow-({0})")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      # local name    | diagnostics
      defined         | -
      DEFINED         | -
      undefined       | undefined-local-usage
      1bad            | invalid-name undefined-local-usage
      ''              | invalid-name undefined-local-usage
      a.b_c-d         | undefined-local-usage
      """)
  void localUsageNames(String name, String codes) {
    String local = name == null ? "" : name;
    PolicyDocument doc = ModelLines.parse("ACAP-qualified-usage: defined index time-limit=3-days\nACAP-crawler: bot\nACAP-allow-(" + local + "): /x/\n");
    AcapField.Permission p = (AcapField.Permission) doc.acapRecords().get(0).fields().get(0);
    assertThat(p.usage()).isEqualTo(new UsageRef.Local(local));
    assertThat(ModelLines.codes(doc)).isEqualTo(codes == null ? List.of() : List.of(codes.split(" ")));
  }

  // ---- qualifiers (section 2.5) -----------------------------------------------------------------

  @ParameterizedTest(name = "ACAP-allow-{0}: /x/ {1}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      # usage            | qualifiers as written                                  | typed values                                  | diagnostics
      # time-limit: until-recrawled, until-yyyy-mm-dd, n-days (2.5.3.1)
      index              | time-limit=until-recrawled                             | until-recrawled                               | -
      index              | time-limit=UNTIL-RECRAWLED                             | until-recrawled                               | -
      preserve           | time-limit=until-recrawl                               | until-recrawled                               | until-recrawl-spelling
      index              | time-limit=until-2007-12-31                            | until 2007-12-31                              | -
      index              | time-limit=until-2024-02-29                            | until 2024-02-29                              | -
      index              | time-limit=until-2023-02-29                            | invalid                                       | invalid-qualifier-value
      index              | time-limit=until-2023-02-30                            | invalid                                       | invalid-qualifier-value
      index              | time-limit=until-2023-13-01                            | invalid                                       | invalid-qualifier-value
      index              | time-limit=until-2023-2-3                              | invalid                                       | invalid-qualifier-value
      index              | time-limit=until-23-02-03                              | invalid                                       | invalid-qualifier-value
      index              | time-limit=until-20230203                              | invalid                                       | invalid-qualifier-value
      index              | time-limit=until-                                      | invalid                                       | invalid-qualifier-value
      index              | time-limit=3-days                                      | 3 days                                        | -
      index              | time-limit=0-days                                      | 0 days                                        | -
      index              | time-limit=007-days                                    | 7 days                                        | -
      index              | time-limit=999999999-days                              | 999999999 days                                | -
      index              | time-limit=9999999999-days                             | invalid                                       | invalid-qualifier-value
      index              | time-limit=-3-days                                     | invalid                                       | invalid-qualifier-value
      index              | time-limit=3-day                                       | invalid                                       | invalid-qualifier-value
      index              | time-limit=three-days                                  | invalid                                       | invalid-qualifier-value
      index              | time-limit=3                                           | invalid                                       | invalid-qualifier-value
      index              | time-limit=forever                                     | invalid                                       | invalid-qualifier-value
      index              | time-limit=3%2Ddays                                    | 3 days                                        | -
      present-snippet    | time-limit=3-days                                      | 3 days                                        | -
      crawl              | time-limit=3-days                                      | 3 days                                        | qualifier-not-valid-for-usage
      follow             | time-limit=3-days                                      | 3 days                                        | qualifier-not-valid-for-usage
      # max-length: n-chars, n-words, only on present-snippet and present-oldsnippet (2.5.5.2.3)
      present-snippet    | max-length=250-chars                                   | 250 chars                                     | -
      present-oldsnippet | max-length=30-words                                    | 30 words                                      | -
      present-snippet    | max-length=30-WORDS                                    | 30 words                                      | -
      present-snippet    | max-length=250                                         | invalid                                       | invalid-qualifier-value
      present-snippet    | max-length=12-lines                                    | invalid                                       | invalid-qualifier-value
      present-snippet    | max-length=-chars                                      | invalid                                       | invalid-qualifier-value
      present-snippet    | max-length=1234567890-chars                            | invalid                                       | invalid-qualifier-value
      present            | max-length=250-chars                                   | 250 chars                                     | qualifier-not-valid-for-usage
      present-thumbnail  | max-length=250-chars                                   | 250 chars                                     | qualifier-not-valid-for-usage
      # prohibited-modification: repeatable, except with any (2.5.5.2.4)
      present            | prohibited-modification=any                            | modification any                              | -
      present            | prohibited-modification=format                         | modification format                           | -
      present-original   | prohibited-modification=style                          | modification style                            | -
      present-currentcopy| prohibited-modification=format prohibited-modification=translation | modification format, modification translation | -
      present-oldcopy    | prohibited-modification=annotation prohibited-modification=annotation | modification annotation, modification annotation | -
      present            | prohibited-modification=format prohibited-modification=any | modification format, modification any     | repeated-qualifier
      present            | prohibited-modification=any prohibited-modification=style | modification any, modification style       | repeated-qualifier
      present            | prohibited-modification=any prohibited-modification=any | modification any, modification any          | repeated-qualifier
      present            | prohibited-modification=colour                         | invalid                                       | invalid-qualifier-value
      present-snippet    | prohibited-modification=style                          | modification style                            | qualifier-not-valid-for-usage
      # must-use-resource: a URI or the-acap:extract:(id|class|meta):name (2.5.3.2)
      index              | must-use-resource=/page-image-index.txt                | uri /page-image-index.txt                     | -
      index              | must-use-resource=http://example.com/terms.txt         | uri http://example.com/terms.txt              | -
      index              | must-use-resource=the-acap:extract:id:summary          | extract id summary                            | -
      index              | must-use-resource=the-acap:extract:class:abstract      | extract class abstract                        | -
      index              | must-use-resource=THE-ACAP:EXTRACT:META:description    | extract meta description                      | -
      index              | must-use-resource=the-acap:extract:name:x              | invalid                                       | invalid-qualifier-value
      index              | must-use-resource=the-acap:extract:id:                 | invalid                                       | invalid-qualifier-value
      index              | must-use-resource=the-acap:extract:id                  | invalid                                       | invalid-qualifier-value
      index              | must-use-resource=the-acap:resource-set:x              | invalid                                       | invalid-qualifier-value
      index              | must-use-resource=/index%20terms%23x.txt               | uri /index terms#x.txt                        | -
      present-thumbnail  | must-use-resource=/book/cover.jpg                      | uri /book/cover.jpg                           | -
      preserve           | must-use-resource=/x.txt                               | uri /x.txt                                    | qualifier-not-valid-for-usage
      # must-include-resource: a URI or the-acap:(credit|link):locator (2.5.5.2.5)
      present            | must-include-resource=http://example.com/credit.html   | uri http://example.com/credit.html            | -
      present            | must-include-resource=the-acap:credit:id:photo-credit  | credit id photo-credit                        | -
      present            | must-include-resource=the-acap:credit:class:byline     | credit class byline                           | -
      present            | must-include-resource=the-acap:credit:meta:author      | credit meta author                            | -
      present            | must-include-resource=the-acap:link:http://e.com/terms | link uri http://e.com/terms                   | -
      present            | must-include-resource=the-acap:LINK:/register          | link uri /register                            | -
      present            | must-include-resource=the-acap:resource-role:credit:id:c | credit id c                                 | -
      present            | must-include-resource=the-acap:author:id:x             | invalid                                       | invalid-qualifier-value
      present            | must-include-resource=the-acap:credit:                 | invalid                                       | invalid-qualifier-value
      present            | must-include-resource=the-acap:credit:id:              | invalid                                       | invalid-qualifier-value
      present            | must-include-resource=the-acap:resource-role:x:y       | invalid                                       | invalid-qualifier-value
      index              | must-include-resource=http://e.com/x                   | uri http://e.com/x                            | qualifier-not-valid-for-usage
      # prohibited-context and required-context, on present-original/-currentcopy/-oldcopy (2.5.5.2.6-7)
      present-original   | prohibited-context=within-user-frame                   | context within-user-frame                     | -
      present-oldcopy    | required-context=within-original-frame                 | context within-original-frame                 | -
      present-currentcopy| required-context=WITHIN-ORIGINAL-FRAME                 | context within-original-frame                 | -
      present-original   | prohibited-context=within-original-frame               | invalid                                       | invalid-qualifier-value
      present-original   | required-context=within-user-frame                     | invalid                                       | invalid-qualifier-value
      present            | prohibited-context=within-user-frame                   | context within-user-frame                     | qualifier-not-valid-for-usage
      present-snippet    | required-context=within-original-frame                 | context within-original-frame                 | qualifier-not-valid-for-usage
      # several, repeated, unknown; spacing around '='
      present-snippet    | time-limit=5-days max-length=250-chars                 | 5 days, 250 chars                             | -
      present-snippet    | time-limit = 5-days    max-length= 250-chars           | 5 days, 250 chars                             | -
      index              | time-limit=3-days time-limit=5-days                    | 3 days, 5 days                                | repeated-qualifier
      index              | colour=blue                                            | unknown                                       | unknown-qualifier
      index              | TIME-LIMIT=3-days                                      | 3 days                                        | -
      train              | time-limit=3-days                                      | 3 days                                        | unknown-usage
      """)
  void qualifierValues(String usage, String written, String typed, String codes) {
    PolicyDocument doc = ModelLines.parse("ACAP-crawler: bot\nACAP-allow-" + usage.strip() + ": /x/ " + written + "\n");
    AcapField field = doc.acapRecords().get(0).fields().get(0);
    assertThat(field).as("the field of '%s'", written).isInstanceOf(AcapField.Permission.class);
    List<Qualifier> qualifiers = ((AcapField.Permission) field).qualifiers();
    assertThat(qualifiers.stream().map(UsageAndQualifierTest::typed).toList()).isEqualTo(List.of(typed.split(", ")));
    assertThat(ModelLines.codes(doc)).isEqualTo(codes == null ? List.of() : List.of(codes.split(" ")));
  }

  /** A typed qualifier value in words: "3 days", "until 2007-12-31", "credit id photo-credit". */
  static String typed(Qualifier q) {
    if (q.type().isEmpty()) {
      return "unknown";
    }
    if (q.parsed().isEmpty()) {
      return "invalid";
    }
    QualifierValue v = q.parsed().get();
    if (v instanceof QualifierValue.UntilRecrawled) {
      return "until-recrawled";
    } else if (v instanceof QualifierValue.UntilDate d) {
      return "until " + d.date();
    } else if (v instanceof QualifierValue.ForDays d) {
      return d.days() + " days";
    } else if (v instanceof QualifierValue.MaxLength m) {
      return m.count() + " " + m.unit().name().toLowerCase(Locale.ROOT);
    } else if (v instanceof QualifierValue.Modification m) {
      return "modification " + m.type().name().toLowerCase(Locale.ROOT);
    } else if (v instanceof QualifierValue.FrameContext c) {
      return "context " + c.value();
    }
    QualifierValue.ResourceLocator r = (QualifierValue.ResourceLocator) v;
    String where = r.extractKind().isEmpty() ? "uri " + r.target() : r.extractKind() + " " + r.target();
    if (!r.role().isEmpty()) {
      return r.role() + " " + where;
    }
    return r.extractKind().isEmpty() ? where : "extract " + where;
  }

  // ---- where qualifiers may not stand --------------------------------------------------------------

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # line                                                   | diagnostics
      ACAP-disallow-index: /x/ time-limit=3-days                 | qualifier-on-prohibition
      ACAP-disallow-index: /x/ time-limit=3-days colour=red      | qualifier-on-prohibition unknown-qualifier
      ACAP-allow-(cache): /x/ time-limit=3-days                  | qualifier-on-local-usage
      ACAP-disallow-(cache): /x/                                 | local-usage-in-prohibition
      ACAP-allow-index: /x/ =3-days                              | malformed-acap-field
      ACAP-allow-index: /x/ time-limit=                          | malformed-acap-field
      ACAP-allow-index: /x/ time-limit                           | malformed-acap-field
      """)
  void qualifiersWhereTheyMayNotStand(String line, String codes) {
    PolicyDocument doc = ModelLines.parse("ACAP-qualified-usage: cache preserve time-limit=until-recrawled\nACAP-crawler: bot\n" + line + "\n");
    assertThat(ModelLines.codes(doc)).isEqualTo(List.of(codes.split(" ")));
  }

  // ---- resource specifications (2.4.3, 2.4.4) -----------------------------------------------------

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      # resource specification as written   | model                          | diagnostics
      /news/                                 | pattern /news/                 | -
      /*.pdf$                                | pattern /*.pdf$                | -
      *                                      | pattern *                      | -
      /a=b                                   | pattern /a=b                   | -
      the-acap:resource-set:news             | set news                       | -
      THE-ACAP:RESOURCE-SET:News             | set News                       | -
      the-acap:resource-set:nosuchset        | set nosuchset                  | undefined-resource-set
      the-acap:resource-set:                 | set                            | undefined-resource-set invalid-name
      the-acap:resource-set:a/b              | set a/b                        | undefined-resource-set invalid-name
      the-acap:resource-sets:news            | pattern the-acap:resource-sets:news | -
      """)
  void resourceSpecifications(String written, String model, String codes) {
    PolicyDocument doc = ModelLines.parse("ACAP-resource-set: news /news/\nACAP-crawler: bot\nACAP-allow-index: " + written + "\n");
    AcapField.Permission p = (AcapField.Permission) doc.acapRecords().get(0).fields().get(0);
    String actual = p.resource() instanceof org.acapengine.model.ResourceSpec.ResourceSetRef set ? "set " + set.name() : "pattern " + p.resource();
    assertThat(actual.strip()).isEqualTo(model.strip());
    assertThat(ModelLines.codes(doc)).isEqualTo(codes == null ? List.of() : List.of(codes.split(" ")));
  }
}
