package org.acapengine.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One ACAP record as the file delimits it (2.3): from its first ACAP-crawler field to the next
 * ACAP-crawler field that follows some other field, or the end of the file.
 *
 * @param crawlers the crawler names; {@code *} among them means "any crawler"
 * @param permissionsReference the reference when the record's body starts with one (2.3.2)
 * @param fields the general fields, in file order (further references and malformed fields too)
 * @param subRecords the purpose-specific sub-records, in file order
 * @param span from the first crawler field to the last line of the record
 */
public record AcapRecord(
    List<CrawlerName> crawlers,
    Optional<AcapField.PermissionsReference> permissionsReference,
    List<AcapField> fields,
    List<AcapSubRecord> subRecords,
    Span span) {

  /**
   * Checks that no component is null, copies the collections into immutable ones.
   *
   * @param crawlers the crawler names; {@code *} among them means "any crawler"
   * @param permissionsReference the reference when the record's body starts with one (2.3.2)
   * @param fields the general fields, in file order (further references and malformed fields too)
   * @param subRecords the purpose-specific sub-records, in file order
   * @param span from the first crawler field to the last line of the record
   */
  public AcapRecord {
    crawlers = List.copyOf(crawlers);
    Objects.requireNonNull(permissionsReference, "permissionsReference");
    fields = List.copyOf(fields);
    subRecords = List.copyOf(subRecords);
    Objects.requireNonNull(span, "span");
  }

  /**
   * True when the record is addressed to any crawler ({@code ACAP-crawler: *}).
   *
   * @return true for {@code ACAP-crawler: *}
   */
  public boolean isAnyCrawler() {
    return crawlers.stream().anyMatch(CrawlerName::isAnyCrawler);
  }

  /**
   * The first line of the record (its first crawler field).
   *
   * @return the 1-based line number
   */
  public int line() {
    return span.line();
  }
}
