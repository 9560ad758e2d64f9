package org.acapengine.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A parsed robots.txt: the conventional (RFC 9309) groups and the ACAP records, definitions and
 * flags, the lines that fit neither, and every diagnostic. Immutable; built by
 * {@code org.acapengine.parse.RobotsTxtParser}.
 *
 * @param source the decoded text
 * @param acapVersion the {@code ##ACAP version=} comment, if any
 * @param ignoreConventionalRecords where {@code ACAP-ignore-conventional-records} stands, if it does
 * @param conventionalGroups RFC 9309 groups, in file order
 * @param orphanRules Allow/Disallow lines before any User-agent line
 * @param fileFields Sitemap and License lines (wherever they stand) and other fields outside any group
 * @param definitions ACAP definitions, in file order (wherever they stand)
 * @param acapRecords ACAP records, one per record as the file delimits it, in file order
 * @param strayFields ACAP record fields before the first ACAP-crawler field
 * @param unparsedLines lines the grammar could not place
 * @param diagnostics everything found while parsing and building the model
 */
public record PolicyDocument(
    SourceText source,
    Optional<AcapVersion> acapVersion,
    Optional<Span> ignoreConventionalRecords,
    List<ConventionalGroup> conventionalGroups,
    List<ConventionalRule> orphanRules,
    List<ExtensionField> fileFields,
    List<AcapDefinition> definitions,
    List<AcapRecord> acapRecords,
    List<AcapField> strayFields,
    List<UnparsedLine> unparsedLines,
    List<Diagnostic> diagnostics) {

  /**
   * Checks that no component is null, copies the collections into immutable ones.
   *
   * @param source the decoded text
   * @param acapVersion the {@code ##ACAP version=} comment, if any
   * @param ignoreConventionalRecords where {@code ACAP-ignore-conventional-records} stands, if it does
   * @param conventionalGroups RFC 9309 groups, in file order
   * @param orphanRules Allow/Disallow lines before any User-agent line
   * @param fileFields Sitemap lines and other fields outside any group
   * @param definitions ACAP definitions, in file order (wherever they stand)
   * @param acapRecords ACAP records, one per record as the file delimits it, in file order
   * @param strayFields ACAP record fields before the first ACAP-crawler field
   * @param unparsedLines lines the grammar could not place
   * @param diagnostics everything found while parsing and building the model
   */
  public PolicyDocument {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(acapVersion, "acapVersion");
    Objects.requireNonNull(ignoreConventionalRecords, "ignoreConventionalRecords");
    conventionalGroups = List.copyOf(conventionalGroups);
    orphanRules = List.copyOf(orphanRules);
    fileFields = List.copyOf(fileFields);
    definitions = List.copyOf(definitions);
    acapRecords = List.copyOf(acapRecords);
    strayFields = List.copyOf(strayFields);
    unparsedLines = List.copyOf(unparsedLines);
    diagnostics = List.copyOf(diagnostics);
  }

  /**
   * True when ACAP crawlers are to ignore the conventional records (2.9.1).
   *
   * @return true when the file says {@code ACAP-ignore-conventional-records}
   */
  public boolean ignoresConventionalRecords() {
    return ignoreConventionalRecords.isPresent();
  }

  /**
   * The file's RSL {@code License:} lines, in file order: they are file-wide fields (the parser
   * puts them among {@link #fileFields()} wherever they stand, as it does Sitemap lines).
   *
   * @return the licence references, possibly none
   */
  public List<LicenseReference> licenses() {
    List<LicenseReference> out = new java.util.ArrayList<>(0);
    for (ExtensionField f : fileFields) {
      if (f.key().equals("license")) {
        out.add(new LicenseReference(f.value(), f.span()));
      }
    }
    return List.copyOf(out);
  }

  /**
   * True when the file holds any ACAP record, definition or stray ACAP field.
   *
   * @return true when any ACAP line is present
   */
  public boolean usesAcap() {
    return !acapRecords.isEmpty() || !definitions.isEmpty() || !strayFields.isEmpty() || ignoreConventionalRecords.isPresent()
        || unparsedLines.stream().anyMatch(l -> l.kind() != UnparsedLine.Kind.UNRECOGNISED);
  }
}
