package org.acapengine.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.LicenseReference;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.UnparsedLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RSL 1.0's robots.txt {@code License:} line (rslstandard.org/guide/robots-txt): global, not tied
 * to a user agent, one or more, modelled as a licence reference wherever it stands, read alike by
 * the grammar and the conventional fast path.
 */
class LicenseLineTest {

  /** The guide's own example. */
  static final String GUIDE = "License: https://example.com/license.xml\n\nUser-agent: Googlebot\nAllow: /\n";

  @Test
  void theGuidesExampleIsALicenceReferenceAndAGroup() {
    PolicyDocument doc = new RobotsTxtParser().parse(GUIDE, "robots.txt");
    assertThat(doc.licenses()).extracting(LicenseReference::url).containsExactly("https://example.com/license.xml");
    assertThat(doc.licenses().get(0).span().line()).isEqualTo(1);
    assertThat(doc.conventionalGroups()).singleElement().extracting(g -> g.rules().size()).isEqualTo(1);
    assertThat(doc.diagnostics()).isEmpty();
  }

  /** A License line inside a group belongs to the whole file, as a Sitemap line does, and does not end the group. */
  @ParameterizedTest
  @ValueSource(strings = {"grammar", "fast"})
  void aLicenceLineInsideAGroupIsFileWide(String path) {
    String text = (path.equals("grammar") ? "##ACAP version=1.0\n" : "") + "User-agent: *\nLicense: https://example.com/a.xml\nDisallow: /x\n"
        + "User-agent: GPTBot\nlicense:https://cdn.example.net/b.xml # a second licence\nDisallow: /\n";
    PolicyDocument doc = new RobotsTxtParser().parse(text, "robots.txt");
    assertThat(doc.licenses()).extracting(LicenseReference::url).containsExactly("https://example.com/a.xml", "https://cdn.example.net/b.xml");
    assertThat(doc.conventionalGroups()).extracting(ConventionalGroup::fields).allSatisfy(f -> assertThat(f).isEmpty());
    assertThat(doc.conventionalGroups()).extracting(g -> g.rules().size()).containsExactly(1, 1);
  }

  @Test
  void aLicenceLineWithoutAColonIsNoField() {
    PolicyDocument doc = new RobotsTxtParser().parse("License https://example.com/license.xml\n", "robots.txt");
    assertThat(doc.licenses()).isEmpty();
    assertThat(doc.unparsedLines()).extracting(UnparsedLine::kind).containsExactly(UnparsedLine.Kind.UNRECOGNISED);
  }

  @Test
  void otherNamesStartingLicenseAreOtherFields() {
    PolicyDocument doc = new RobotsTxtParser().parse("User-agent: *\nLicenses: x\nLicense-url: y\n", "robots.txt");
    assertThat(doc.licenses()).isEmpty();
    assertThat(doc.conventionalGroups().get(0).fields()).hasSize(2);
    assertThat(List.of(doc.fileFields().size())).containsExactly(0);
  }
}
