package org.acapengine.adapters.scorpion;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The names a crawler answers to in {@code @} lines (scorpion-protocol.txt, "Automated
 * crawling"): the names it was given, always the empty name ("All crawlers MUST have an empty
 * string as one of their names"), and the purpose name of the query's purpose: {@code mirror} →
 * {@code <MIRROR>}, {@code search} → {@code <SEARCH>}, {@code study} → {@code <STUDY>}
 * (case-insensitive; any other purpose adds no name). Names are compared with {@code @}
 * parameters byte for byte.
 *
 * @param names the names in the order given, then the empty name, then the purpose name; no
 *     duplicates
 */
public record ScorpionCrawler(List<String> names) {

  private static final Map<String, String> PURPOSE_NAMES =
      Map.of("mirror", "<MIRROR>", "search", "<SEARCH>", "study", "<STUDY>");

  /**
   * Removes duplicate names, keeping the first occurrence, and makes the list immutable.
   *
   * @param names the names in the order given, then the empty name, then the purpose name; no
   *     duplicates
   * @throws IllegalArgumentException when the empty name is missing
   */
  public ScorpionCrawler {
    names = List.copyOf(new LinkedHashSet<>(names));
    if (!names.contains("")) {
      throw new IllegalArgumentException("every crawler has the empty name");
    }
  }

  /**
   * The crawler with {@code names}, plus the empty name and the purpose's name.
   *
   * @param names the crawler's own names, in order of preference; not null
   * @param purpose the query's purpose ({@code mirror}, {@code search}, {@code study},
   *     case-insensitive); empty, or any other purpose, adds no purpose name
   * @return the crawler, never null
   */
  public static ScorpionCrawler of(Collection<String> names, Optional<String> purpose) {
    Set<String> all = new LinkedHashSet<>(names);
    all.add("");
    purpose.map(p -> PURPOSE_NAMES.get(p.strip().toLowerCase(Locale.ROOT))).ifPresent(all::add);
    return new ScorpionCrawler(new ArrayList<>(all));
  }

  /**
   * True when an {@code @} line with this parameter names this crawler.
   *
   * @param sectionName the parameter of an {@code @} line, compared byte for byte
   * @return true when {@code sectionName} is one of {@link #names()}
   */
  public boolean answersTo(String sectionName) {
    return names.contains(sectionName);
  }
}
