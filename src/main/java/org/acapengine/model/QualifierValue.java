package org.acapengine.model;

import java.time.LocalDate;
import java.util.Objects;

/** The typed value of a usage qualifier (ACAP 1.0 section 2.5). */
public sealed interface QualifierValue {

  /**
   * time-limit=until-recrawled (2.5.3.1); {@code spelledUntilRecrawl} records the 2.4.1.2 spelling.
   *
   * @param spelledUntilRecrawl true when written {@code until-recrawl} (the 2.4.1.2 spelling)
   */
  record UntilRecrawled(boolean spelledUntilRecrawl) implements QualifierValue {}

  /**
   * time-limit=until-yyyy-mm-dd: until, but not after, that date.
   *
   * @param date the last day the usage is allowed
   */
  record UntilDate(LocalDate date) implements QualifierValue {
    /**
     * Checks that no component is null.
     *
     * @param date the last day the usage is allowed
     */
    public UntilDate {
      Objects.requireNonNull(date, "date");
    }
  }

  /**
   * time-limit=n-days: for n days from first use.
   *
   * @param days how many days, not negative
   */
  record ForDays(long days) implements QualifierValue {
    /**
     * Rejects invalid values (see below).
     *
     * @param days how many days, not negative
     * @throws IllegalArgumentException if {@code days} is negative
     */
    public ForDays {
      if (days < 0) {
        throw new IllegalArgumentException("days must not be negative");
      }
    }
  }

  /**
   * max-length=n-chars or n-words (2.5.5.2.3).
   *
   * @param count the largest number of units, not negative
   * @param unit characters or words
   */
  record MaxLength(long count, LengthUnit unit) implements QualifierValue {
    /**
     * Checks that no component is null; rejects invalid values (see below).
     *
     * @param count the largest number of units, not negative
     * @param unit characters or words
     * @throws IllegalArgumentException if {@code count} is negative
     */
    public MaxLength {
      Objects.requireNonNull(unit, "unit");
      if (count < 0) {
        throw new IllegalArgumentException("count must not be negative");
      }
    }
  }

  /** The units of max-length. */
  enum LengthUnit {
    /** {@code n-chars}: characters. */
    CHARS,
    /** {@code n-words}: words. */
    WORDS
  }

  /**
   * prohibited-modification=mod-type (2.5.5.2.4).
   *
   * @param type the kind of modification prohibited
   */
  record Modification(ModificationType type) implements QualifierValue {
    /**
     * Checks that no component is null.
     *
     * @param type the kind of modification prohibited
     */
    public Modification {
      Objects.requireNonNull(type, "type");
    }
  }

  /** The modification types of 2.5.5.2.4. */
  enum ModificationType {
    /** {@code any}: no modification at all. */
    ANY,
    /** {@code format}: no change of format. */
    FORMAT,
    /** {@code style}: no change of style. */
    STYLE,
    /** {@code translation}: no translation. */
    TRANSLATION,
    /** {@code annotation}: no annotation. */
    ANNOTATION
  }

  /**
   * must-use-resource / must-include-resource: a URI, with the {@code the-acap:} scheme's parts
   * when it uses them (2.5.3.2, 2.5.5.2.5).
   *
   * @param uri the decoded value
   * @param role {@code credit} or {@code link} for a the-acap:credit: or the-acap:link: URI (the
   *     resource-role URIs of 2.5.5.2.5), else empty
   * @param extractKind {@code id}, {@code class} or {@code meta} for an element of the crawled
   *     page, else empty
   * @param target the identifier, class or meta name, or the general URI
   */
  record ResourceLocator(String uri, String role, String extractKind, String target) implements QualifierValue {
    /**
     * Checks that no component is null.
     *
     * @param uri the decoded value
     * @param role {@code credit} or {@code link} for a the-acap:credit: or the-acap:link: URI (the
     *     resource-role URIs of 2.5.5.2.5), else empty
     * @param extractKind {@code id}, {@code class} or {@code meta} for an element of the crawled
     *     page, else empty
     * @param target the identifier, class or meta name, or the general URI
     */
    public ResourceLocator {
      Objects.requireNonNull(uri, "uri");
      Objects.requireNonNull(role, "role");
      Objects.requireNonNull(extractKind, "extractKind");
      Objects.requireNonNull(target, "target");
    }
  }

  /**
   * prohibited-context=within-user-frame / required-context=within-original-frame.
   *
   * @param value {@code within-user-frame} or {@code within-original-frame}
   */
  record FrameContext(String value) implements QualifierValue {
    /**
     * Checks that no component is null.
     *
     * @param value {@code within-user-frame} or {@code within-original-frame}
     */
    public FrameContext {
      Objects.requireNonNull(value, "value");
    }
  }
}
