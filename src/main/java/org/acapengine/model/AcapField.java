package org.acapengine.model;

import java.util.List;
import java.util.Objects;

/** A field of an ACAP record or sub-record (ACAP 1.0 2.3 - 2.6). */
public sealed interface AcapField {

  /**
   * Where the field stands.
   *
   * @return the field's span
   */
  Span span();

  /**
   * ACAP-allow-...: a permission (2.4.1), with its explicit qualifiers.
   *
   * @param usage the usage permitted, standard or local
   * @param resource the resource path pattern or resource set
   * @param qualifiers the explicit qualifiers of the field
   * @param span where the field stands
   */
  record Permission(UsageRef usage, ResourceSpec resource, List<Qualifier> qualifiers, Span span) implements AcapField {
    /**
     * Checks that no component is null, copies the collections into immutable ones.
     *
     * @param usage the usage permitted, standard or local
     * @param resource the resource path pattern or resource set
     * @param qualifiers the explicit qualifiers of the field
     * @param span where the field stands
     */
    public Permission {
      Objects.requireNonNull(usage, "usage");
      Objects.requireNonNull(resource, "resource");
      qualifiers = List.copyOf(qualifiers);
      Objects.requireNonNull(span, "span");
    }
  }

  /**
   * ACAP-disallow-...: a prohibition (2.4.2). Qualifiers are kept only so they can be reported.
   *
   * @param usage the usage prohibited, standard or local
   * @param resource the resource path pattern or resource set
   * @param qualifiers qualifiers written on the field, which have no effect (kept to report)
   * @param span where the field stands
   */
  record Prohibition(UsageRef usage, ResourceSpec resource, List<Qualifier> qualifiers, Span span) implements AcapField {
    /**
     * Checks that no component is null, copies the collections into immutable ones.
     *
     * @param usage the usage prohibited, standard or local
     * @param resource the resource path pattern or resource set
     * @param qualifiers qualifiers written on the field, which have no effect (kept to report)
     * @param span where the field stands
     */
    public Prohibition {
      Objects.requireNonNull(usage, "usage");
      Objects.requireNonNull(resource, "resource");
      qualifiers = List.copyOf(qualifiers);
      Objects.requireNonNull(span, "span");
    }
  }

  /**
   * ACAP-request-take-down / ACAP-request-re-crawl (2.6; not ready for implementation).
   *
   * @param action take-down or re-crawl
   * @param path the path the request is for
   * @param span where the field stands
   */
  record ActionRequest(ActionType action, String path, Span span) implements AcapField {
    /**
     * Checks that no component is null.
     *
     * @param action take-down or re-crawl
     * @param path the path the request is for
     * @param span where the field stands
     */
    public ActionRequest {
      Objects.requireNonNull(action, "action");
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(span, "span");
    }
  }

  /**
   * ACAP-permissions-reference (2.3.2).
   *
   * @param locator the referenced file, as written (a path or URL)
   * @param span where the field stands
   */
  record PermissionsReference(String locator, Span span) implements AcapField {
    /**
     * Checks that no component is null.
     *
     * @param locator the referenced file, as written (a path or URL)
     * @param span where the field stands
     */
    public PermissionsReference {
      Objects.requireNonNull(locator, "locator");
      Objects.requireNonNull(span, "span");
    }
  }

  /**
   * A line whose name is an ACAP field name but whose value does not have the field's shape
   * ({@code ACAP-allow-crawl:} with no value, no ':', ...). It grants and forbids nothing.
   *
   * @param fieldName the ACAP field name, as written
   * @param text the whole line
   * @param span where the line stands
   */
  record Malformed(String fieldName, String text, Span span) implements AcapField {
    /**
     * Checks that no component is null.
     *
     * @param fieldName the ACAP field name, as written
     * @param text the whole line
     * @param span where the line stands
     */
    public Malformed {
      Objects.requireNonNull(fieldName, "fieldName");
      Objects.requireNonNull(text, "text");
      Objects.requireNonNull(span, "span");
    }
  }

  /** The actions of 2.6. */
  enum ActionType {
    /** {@code ACAP-request-take-down}: remove the resource from the crawler's stores. */
    TAKE_DOWN("take-down"),
    /** {@code ACAP-request-re-crawl}: crawl the resource again. */
    RE_CRAWL("re-crawl");

    private final String token;

    ActionType(String token) {
      this.token = token;
    }

    /**
     * The action's name in the field name.
     *
     * @return {@code take-down} or {@code re-crawl}
     */
    public String token() {
      return token;
    }
  }
}
