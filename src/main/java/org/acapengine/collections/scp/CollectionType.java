package org.acapengine.collections.scp;

/** SCP collection types ("Collection Metadata"): a full {@code snapshot} or an incremental {@code delta}. */
public enum CollectionType {
  SNAPSHOT("snapshot"),
  DELTA("delta");

  private final String label;

  CollectionType(String label) {
    this.label = label;
  }

  /** The spelling in the {@code type} field. */
  public String label() {
    return label;
  }
}
