package org.acapengine.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.acapengine.model.AcapField;
import org.acapengine.model.AcapRecord;
import org.acapengine.model.ConventionalGroup;
import org.acapengine.model.PolicyDocument;

/**
 * What a {@link CrawlerView} for some crawler names is built from, as a value: the tier each ACAP
 * record has for the names (or none), for a record whose permissions reference loaded the records
 * of the referenced file that apply to the names, and the conventional groups RFC 9309 selects (by
 * their first line). Names with equal keys get equal views, so {@link CompiledPolicy} builds one
 * and shares it: a file with only a {@code *} group gives every crawler the same view.
 */
final class ViewKey {

  private ViewKey() {}

  static List<Object> of(List<String> names, PolicyDocument doc, Map<AcapField.PermissionsReference, ResolvedReference> references) {
    Set<String> keys = CrawlerView.keys(names);
    List<Object> key = new ArrayList<>(doc.acapRecords().size() + 4);
    for (AcapRecord r : doc.acapRecords()) {
      CompiledRule.Tier tier = CrawlerView.tierOf(r, keys);
      key.add(tier);
      if (tier != null && r.permissionsReference().isPresent()) {
        ResolvedReference ref = references.get(r.permissionsReference().get());
        if (ref != null && ref.document().isPresent()) {
          key.add("reference");
          for (AcapRecord rr : ref.document().get().acapRecords()) {
            key.add(CrawlerView.tierOf(rr, keys) != null);
          }
        }
      }
    }
    key.add("groups");
    for (ConventionalGroup g : CrawlerView.selectGroupsByKey(doc.conventionalGroups(), keys)) {
      key.add(g.userAgents().get(0).span().line());
    }
    return key;
  }
}
