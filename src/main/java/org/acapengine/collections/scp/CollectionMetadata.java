package org.acapengine.collections.scp;

import java.util.Objects;
import java.util.Optional;

/**
 * The first line of an SCP collection, its {@code collection} object ("Collection Metadata" and
 * the "Collection Metadata Schema"), as validated by {@link MetadataLine#parse}.
 *
 * @param id the collection's identifier ({@code [a-zA-Z0-9_-]+})
 * @param section the section it belongs to ({@code [a-zA-Z0-9_-]+})
 * @param type snapshot or delta
 * @param generated when it was generated (RFC 3339 date-time, as given)
 * @param since for a delta, the time its changes start from (required for deltas)
 * @param checksum the {@code checksum} value as given ({@code sha256:<64 hex>}), if any
 * @param version the SCP version as given ({@code MAJOR.MINOR})
 * @param majorVersion its major part
 * @param minorVersion its minor part
 */
public record CollectionMetadata(
    String id,
    String section,
    CollectionType type,
    String generated,
    Optional<String> since,
    Optional<String> checksum,
    String version,
    int majorVersion,
    int minorVersion) {

  /** The major version this implementation supports (SCP v0.1, "Version Compatibility" rule 4). */
  public static final int SUPPORTED_MAJOR = 0;
  /** The highest minor version this implementation was written against. */
  public static final int SUPPORTED_MINOR = 1;

  /**
   * Checks that no component is null.
   *
   * @param id the collection's identifier ({@code [a-zA-Z0-9_-]+})
   * @param section the section it belongs to ({@code [a-zA-Z0-9_-]+})
   * @param type snapshot or delta
   * @param generated when it was generated (RFC 3339 date-time, as given)
   * @param since for a delta, the time its changes start from (required for deltas)
   * @param checksum the {@code checksum} value as given ({@code sha256:<64 hex>}), if any
   * @param version the SCP version as given ({@code MAJOR.MINOR})
   * @param majorVersion its major part
   * @param minorVersion its minor part
   */
  public CollectionMetadata {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(section, "section");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(generated, "generated");
    Objects.requireNonNull(since, "since");
    Objects.requireNonNull(checksum, "checksum");
    Objects.requireNonNull(version, "version");
  }

  /**
   * True when the minor version is newer than this implementation knows (accepted, per rule 3).
   *
   * @return true when {@link #minorVersion()} is above {@link #SUPPORTED_MINOR}
   */
  public boolean newerMinorVersion() {
    return majorVersion == SUPPORTED_MAJOR && minorVersion > SUPPORTED_MINOR;
  }
}
