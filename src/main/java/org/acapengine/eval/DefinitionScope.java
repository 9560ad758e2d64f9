package org.acapengine.eval;

import java.util.HashMap;
import java.util.Map;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.PolicyDocument;

/**
 * The definitions visible in a file, by key, for the rules of its records ({@link
 * RuleTableBuilder}): its own (the first of a name wins), then, for a file loaded through a
 * permissions reference, the referencing file's.
 */
final class DefinitionScope {

  private final Map<String, AcapDefinition> usages = new HashMap<>();
  private final Map<String, AcapDefinition.ResourceSet> sets = new HashMap<>();
  private final DefinitionScope outer;

  DefinitionScope(PolicyDocument doc, DefinitionScope outer) {
    this.outer = outer;
    for (AcapDefinition d : doc.definitions()) {
      if (d instanceof AcapDefinition.ResourceSet s) {
        sets.putIfAbsent(s.key(), s);
      } else {
        usages.putIfAbsent(d.key(), d);
      }
    }
  }

  /** True for a referenced file's definitions (seen through the referencing file's). */
  boolean isReferenced() {
    return outer != null;
  }

  AcapDefinition usage(String key) {
    AcapDefinition d = usages.get(key);
    return d != null || outer == null ? d : outer.usage(key);
  }

  AcapDefinition.ResourceSet set(String key) {
    AcapDefinition.ResourceSet s = sets.get(key);
    return s != null || outer == null ? s : outer.set(key);
  }
}
