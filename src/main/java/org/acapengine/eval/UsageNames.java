package org.acapengine.eval;

import java.util.List;
import java.util.Set;
import org.acapengine.model.AcapDefinition;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.AcapSubRecord;
import org.acapengine.model.PolicyDocument;
import org.acapengine.model.Usage;
import org.acapengine.model.UsageRef;

/** The usage names outside the ACAP dictionary that a document's fields and definitions name. */
final class UsageNames {

  private UsageNames() {}

  /** Adds to {@code out} each out-of-dictionary usage name {@code doc} names, lower-cased. */
  static void collect(PolicyDocument doc, Set<String> out) {
    fields(doc.strayFields(), out);
    for (AcapRecord r : doc.acapRecords()) {
      fields(r.fields(), out);
      for (AcapSubRecord s : r.subRecords()) {
        fields(s.fields(), out);
      }
    }
    for (AcapDefinition d : doc.definitions()) {
      if (d instanceof AcapDefinition.QualifiedUsage q) {
        add(q.usage(), out);
      } else if (d instanceof AcapDefinition.CompositeUsage c) {
        for (UsageRef m : c.members()) {
          ref(m, out);
        }
      }
    }
  }

  private static void fields(List<AcapField> fields, Set<String> out) {
    for (AcapField f : fields) {
      if (f instanceof AcapField.Permission p) {
        ref(p.usage(), out);
      } else if (f instanceof AcapField.Prohibition p) {
        ref(p.usage(), out);
      }
    }
  }

  private static void ref(UsageRef r, Set<String> out) {
    if (r instanceof UsageRef.Standard s) {
      add(s.usage(), out);
    }
  }

  private static void add(Usage u, Set<String> out) {
    if (!u.isInVocabulary()) {
      out.add(u.name());
    }
  }
}
