package org.acapengine.parse;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import org.acapengine.model.QualifierType;
import org.acapengine.model.ResourceSpec;
import org.acapengine.model.Usage;
import org.acapengine.model.UsageRef;

/**
 * One object per distinct value within one parse: a file that names {@code index} or {@code /}
 * or {@code max-length} ten thousand times holds each once. What stays per occurrence is what
 * carries a span (fields, qualifiers, crawler names, diagnostics); what carries none (usage names
 * and their usages, path patterns, qualifier types and values, resource set references) is shared.
 *
 * <p>Lives as long as one parse, and holds nothing the document does not hold: no global cache,
 * so that memory stays linear in the file and nothing outlives it.
 */
final class SharedValues {

  private final Map<String, String> strings = new HashMap<>();
  private final Map<String, Usage> usages = new HashMap<>();
  private final Map<Usage, UsageRef.Standard> standards = new HashMap<>();
  private final Map<String, UsageRef.Local> locals = new HashMap<>();
  private final Map<String, ResourceSpec.PathPattern> patterns = new HashMap<>();
  private final Map<String, ResourceSpec.ResourceSetRef> setRefs = new HashMap<>();
  private final Map<QualifierType, Map<String, QualifierValues.Result>> values = new EnumMap<>(QualifierType.class);

  /** The one string equal to {@code s} in this parse. */
  String string(String s) {
    String kept = strings.putIfAbsent(s, s);
    return kept != null ? kept : s;
  }

  /** The usage a name names ({@link Usage#parse}), one per name in this parse (the dictionary's one in all). */
  Usage usage(String written) {
    Usage kept = usages.get(written);
    if (kept == null) {
      Usage parsed = Usage.parse(written);
      kept = usages.computeIfAbsent(parsed.name(),
          n -> parsed.isInVocabulary() ? parsed : new Usage(string(n), parsed.type(), string(parsed.resourceName()), parsed.resourceType()));
      usages.put(string(written), kept);
    }
    return kept;
  }

  /** A reference to a usage of the dictionary, one per usage in this parse. */
  UsageRef.Standard standard(Usage usage) {
    return standards.computeIfAbsent(usage, UsageRef.Standard::new);
  }

  /** A reference to a locally defined usage, one per name as written in this parse. */
  UsageRef.Local local(String name) {
    return locals.computeIfAbsent(name, n -> new UsageRef.Local(string(n)));
  }

  /** A path pattern as a resource specification, one per pattern in this parse. */
  ResourceSpec.PathPattern pathPattern(String pattern) {
    return patterns.computeIfAbsent(pattern, p -> new ResourceSpec.PathPattern(string(p)));
  }

  /** A reference to a resource set, one per name as written in this parse. */
  ResourceSpec.ResourceSetRef setRef(String name) {
    return setRefs.computeIfAbsent(name, n -> new ResourceSpec.ResourceSetRef(string(n)));
  }

  /** A qualifier value read ({@link QualifierValues#parse}) once per type and value in this parse. */
  QualifierValues.Result qualifierValue(QualifierType type, String written) {
    return values.computeIfAbsent(type, t -> new HashMap<>()).computeIfAbsent(written, w -> QualifierValues.parse(type, w));
  }
}
