package org.acapengine.collections;

import org.acapengine.adapters.page.PageSignals;

/**
 * Decides one URL for one usage: the seam between the collection filters and the policy
 * evaluator. {@link SitePagePolicy} implements it over a site's policy (robots.txt with the ACAP
 * 1.0 extensions and RFC 9309, llm-policy.json, Scorpion); tests use lambdas.
 *
 * <p>Implementations must be deterministic for the duration of one filter run and must not return
 * {@code null}. They are called from one thread, not necessarily the caller's: {@code scp filter}
 * decides on a thread of its own while the caller reads and writes.
 */
@FunctionalInterface
public interface PagePolicy {

  /**
   * Decides whether {@code usage} is permitted on {@code url}.
   *
   * @param url the absolute http(s) URL exactly as the collection or sitemap gives it
   * @param usage an ACAP usage type ({@code crawl}, {@code index}, {@code present}, ...) or a
   *     locally defined usage name, as the caller gives it
   * @return the verdict and the policy line that decided it
   */
  PageVerdict decide(String url, String usage);

  /**
   * Decides whether {@code usage} is permitted on {@code url}, with what the page's own response
   * says about it (its robots tags, preference headers, TDMRep, licences) as well. By default the
   * page's signals are not read.
   *
   * @param url the absolute http(s) URL exactly as the collection gives it
   * @param usage an ACAP usage type or a locally defined usage name
   * @param page the page's signals, {@link PageSignals#NONE} when the collection carries none
   * @return the verdict and the policy line that decided it
   */
  default PageVerdict decide(String url, String usage, PageSignals page) {
    return decide(url, usage);
  }
}
