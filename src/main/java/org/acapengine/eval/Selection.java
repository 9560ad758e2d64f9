package org.acapengine.eval;

import java.util.List;
import java.util.Objects;

/**
 * How a crawler's records and groups were chosen, as data: the ACAP records naming it and those
 * for any crawler (ACAP 2.2), what became of their permissions references (ACAP 2.3.2), and the
 * conventional groups RFC 9309 2.2.1 selects. Built once per crawler view; the sentences a person
 * reads are written by the renderer, not here.
 *
 * @param namedRecordLines the lines of the ACAP records naming the crawler, in file order
 * @param anyRecordLines the lines of the ACAP records for any crawler, in file order
 * @param references what became of each permissions reference of those records, in file order
 * @param groups the first {@code User-agent} line of each selected conventional group
 * @param ignoresConventional true when the file says {@code ACAP-ignore-conventional-records} (2.9.1)
 * @param conventionalAppliesTo the usages conventional rules apply to, sorted
 */
public record Selection(List<Integer> namedRecordLines, List<Integer> anyRecordLines, List<Reference> references, List<Group> groups,
    boolean ignoresConventional, List<String> conventionalAppliesTo) {

  /**
   * Copies the collections into immutable ones.
   *
   * @param namedRecordLines the lines of the ACAP records naming the crawler, in file order
   * @param anyRecordLines the lines of the ACAP records for any crawler, in file order
   * @param references what became of each permissions reference of those records, in file order
   * @param groups the first {@code User-agent} line of each selected conventional group
   * @param ignoresConventional true when the file says {@code ACAP-ignore-conventional-records} (2.9.1)
   * @param conventionalAppliesTo the usages conventional rules apply to, sorted
   */
  public Selection {
    namedRecordLines = List.copyOf(namedRecordLines);
    anyRecordLines = List.copyOf(anyRecordLines);
    references = List.copyOf(references);
    groups = List.copyOf(groups);
    conventionalAppliesTo = List.copyOf(conventionalAppliesTo);
  }

  /** What became of one permissions reference (ACAP 2.3.2). */
  public sealed interface Reference permits Failed, Followed, NotFollowed {}

  /**
   * A reference that could not be loaded.
   *
   * @param line the line of the {@code ACAP-permissions-reference} field
   * @param locator the locator as written
   * @param why why it could not be loaded
   */
  public record Failed(int line, String locator, String why) implements Reference {
    /**
     * Checks that no component is null.
     *
     * @param line the line of the {@code ACAP-permissions-reference} field
     * @param locator the locator as written
     * @param why why it could not be loaded
     */
    public Failed {
      Objects.requireNonNull(locator, "locator");
      Objects.requireNonNull(why, "why");
    }
  }

  /**
   * A loaded reference, whose records for the crawler are read as if they stood in the record.
   *
   * @param recordLine the line of the referring record
   * @param file the name of the referenced file
   */
  public record Followed(int recordLine, String file) implements Reference {
    /**
     * Checks that no component is null.
     *
     * @param recordLine the line of the referring record
     * @param file the name of the referenced file
     */
    public Followed {
      Objects.requireNonNull(file, "file");
    }
  }

  /**
   * A reference inside a referenced file: not followed (2.3.2).
   *
   * @param file the referenced file holding it
   * @param recordLine the line of its record in that file
   */
  public record NotFollowed(String file, int recordLine) implements Reference {
    /**
     * Checks that no component is null.
     *
     * @param file the referenced file holding it
     * @param recordLine the line of its record in that file
     */
    public NotFollowed {
      Objects.requireNonNull(file, "file");
    }
  }

  /**
   * A conventional group selected for the crawler (RFC 9309 2.2.1).
   *
   * @param line the line of its first {@code User-agent} line
   * @param userAgent that line's value
   */
  public record Group(int line, String userAgent) {
    /**
     * Checks that no component is null.
     *
     * @param line the line of its first {@code User-agent} line
     * @param userAgent that line's value
     */
    public Group {
      Objects.requireNonNull(userAgent, "userAgent");
    }
  }
}
