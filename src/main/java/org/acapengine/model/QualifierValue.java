package org.acapengine.model;

import java.time.LocalDate;
import java.util.Objects;

/** The typed value of a usage qualifier (ACAP 1.0 section 2.5). */
public sealed interface QualifierValue {

  /** time-limit=until-recrawled (2.5.3.1); {@code spelledUntilRecrawl} records the 2.4.1.2 spelling. */
  record UntilRecrawled(boolean spelledUntilRecrawl) implements QualifierValue {}

  /** time-limit=until-yyyy-mm-dd: until, but not after, that date. */
  record UntilDate(LocalDate date) implements QualifierValue {
    public UntilDate {
      Objects.requireNonNull(date, "date");
    }
  }

  /** time-limit=n-days: for n days from first use. */
  record ForDays(long days) implements QualifierValue {
    public ForDays {
      if (days < 0) {
        throw new IllegalArgumentException("days must not be negative");
      }
    }
  }

  /** max-length=n-chars or n-words (2.5.5.2.3). */
  record MaxLength(long count, LengthUnit unit) implements QualifierValue {
    public MaxLength {
      Objects.requireNonNull(unit, "unit");
      if (count < 0) {
        throw new IllegalArgumentException("count must not be negative");
      }
    }
  }

  /** The units of max-length. */
  enum LengthUnit {
    CHARS,
    WORDS
  }

  /** prohibited-modification=mod-type (2.5.5.2.4). */
  record Modification(ModificationType type) implements QualifierValue {
    public Modification {
      Objects.requireNonNull(type, "type");
    }
  }

  /** The modification types of 2.5.5.2.4. */
  enum ModificationType {
    ANY,
    FORMAT,
    STYLE,
    TRANSLATION,
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
    public ResourceLocator {
      Objects.requireNonNull(uri, "uri");
      Objects.requireNonNull(role, "role");
      Objects.requireNonNull(extractKind, "extractKind");
      Objects.requireNonNull(target, "target");
    }
  }

  /** prohibited-context=within-user-frame / required-context=within-original-frame. */
  record FrameContext(String value) implements QualifierValue {
    public FrameContext {
      Objects.requireNonNull(value, "value");
    }
  }
}
