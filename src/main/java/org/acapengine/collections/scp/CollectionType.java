package org.acapengine.collections.scp;

/** SCP collection types ("Collection Metadata"): a full {@code snapshot} or an incremental {@code delta}. */
public enum CollectionType {
  /** A full collection: every page of the section. */
  SNAPSHOT("snapshot"),
  /** An incremental collection: the changes since its {@code since} time. */
  DELTA("delta");

  private final String label;

  CollectionType(String label) {
    this.label = label;
  }

  /**
   * The spelling in the {@code type} field.
   *
   * @return {@code snapshot} or {@code delta}
   */
  public String label() {
    return label;
  }
}
