package org.acapengine.model;

import java.util.List;
import java.util.Objects;

/** A field of an ACAP record or sub-record (ACAP 1.0 2.3 - 2.6). */
public sealed interface AcapField {

  Span span();

  /** ACAP-allow-...: a permission (2.4.1), with its explicit qualifiers. */
  record Permission(UsageRef usage, ResourceSpec resource, List<Qualifier> qualifiers, Span span) implements AcapField {
    public Permission {
      Objects.requireNonNull(usage, "usage");
      Objects.requireNonNull(resource, "resource");
      qualifiers = List.copyOf(qualifiers);
      Objects.requireNonNull(span, "span");
    }
  }

  /** ACAP-disallow-...: a prohibition (2.4.2). Qualifiers are kept only so they can be reported. */
  record Prohibition(UsageRef usage, ResourceSpec resource, List<Qualifier> qualifiers, Span span) implements AcapField {
    public Prohibition {
      Objects.requireNonNull(usage, "usage");
      Objects.requireNonNull(resource, "resource");
      qualifiers = List.copyOf(qualifiers);
      Objects.requireNonNull(span, "span");
    }
  }

  /** ACAP-request-take-down / ACAP-request-re-crawl (2.6; not ready for implementation). */
  record ActionRequest(ActionType action, String path, Span span) implements AcapField {
    public ActionRequest {
      Objects.requireNonNull(action, "action");
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(span, "span");
    }
  }

  /** ACAP-permissions-reference (2.3.2). */
  record PermissionsReference(String locator, Span span) implements AcapField {
    public PermissionsReference {
      Objects.requireNonNull(locator, "locator");
      Objects.requireNonNull(span, "span");
    }
  }

  /**
   * A line whose name is an ACAP field name but whose value does not have the field's shape
   * ({@code ACAP-allow-crawl:} with no value, no ':', ...). It grants and forbids nothing.
   */
  record Malformed(String fieldName, String text, Span span) implements AcapField {
    public Malformed {
      Objects.requireNonNull(fieldName, "fieldName");
      Objects.requireNonNull(text, "text");
      Objects.requireNonNull(span, "span");
    }
  }

  /** The actions of 2.6. */
  enum ActionType {
    TAKE_DOWN("take-down"),
    RE_CRAWL("re-crawl");

    private final String token;

    ActionType(String token) {
      this.token = token;
    }

    public String token() {
      return token;
    }
  }
}
