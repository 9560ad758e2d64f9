package org.acapengine.site;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.acapengine.adapters.page.LicenseLinks;
import org.acapengine.adapters.page.PageSignals;
import org.acapengine.adapters.rsl.RslDocument;
import org.acapengine.adapters.rsl.RslReader;
import org.acapengine.adapters.tdmrep.TdmRule;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.SourceLine;

/**
 * The policy sources one page states about itself (docs/formats.md, "Page-level signals"): its
 * robots tags ({@link RobotsTagSource}), its {@code Content-Usage} and {@code Content-Signal}
 * response headers, its TDMRep {@code tdm-reservation} (and {@code tdm-policy}) header or meta
 * tag, and the RSL licences it embeds; and where it points to licences it does not embed ({@code
 * Link: <…>; rel="license"}, {@code <link rel="license">}), for a loader to fetch or match with a
 * local copy. Each source speaks for that page only, so a caller adds them to the site's sources
 * for queries about the page's URL.
 *
 * @param sources the page's sources, in the order above
 * @param licenseLinks the licences it points to
 * @param diagnostics the embedded licences' diagnostics, each with its file
 */
public record PageSources(List<PolicySource> sources, List<LicenseLinks.Link> licenseLinks, List<Located> diagnostics) {

  /**
   * A diagnostic and the file it is about.
   *
   * @param source the file's name
   * @param diagnostic the diagnostic
   */
  public record Located(String source, Diagnostic diagnostic) {}

  /**
   * Copies the lists.
   *
   * @param sources the sources
   * @param licenseLinks the licence links
   * @param diagnostics the diagnostics
   */
  public PageSources {
    sources = List.copyOf(sources);
    licenseLinks = List.copyOf(licenseLinks);
    diagnostics = List.copyOf(diagnostics);
  }

  /**
   * The sources of a page's signals.
   *
   * @param page the page's headers and HTML head
   * @param licensee what the crawler states of itself, for the RSL licences it embeds
   * @return the sources, the licence links, the embedded licences' diagnostics
   */
  public static PageSources of(PageSignals page, RslSource.Licensee licensee) {
    Objects.requireNonNull(page, "page");
    List<PolicySource> sources = new ArrayList<>();
    List<Located> diags = new ArrayList<>();
    if (RobotsTagSource.presentIn(page)) {
      sources.add(new RobotsTagSource(page));
    }
    for (PageSignals.Header h : page.headers("content-usage")) {
      sources.add(ContentUsageSource.header(line(page, h), h.value()));
    }
    for (PageSignals.Header h : page.headers("content-signal")) {
      sources.add(ContentSignalSource.header(line(page, h), h.value()));
    }
    tdm(page).ifPresent(sources::add);
    for (PageSignals.Element e : page.elements()) {
      if (e.tag().equals("script")) {
        String name = page.htmlSource() + ":" + e.line() + " <script type=\"application/rsl+xml\">";
        RslDocument doc = new RslReader().read(e.text().getBytes(StandardCharsets.UTF_8), name);
        doc.diagnostics().forEach(d -> diags.add(new Located(name, d)));
        sources.add(new RslSource(doc, licensee, "embedded in " + page.htmlSource() + " line " + e.line()));
      }
    }
    return new PageSources(sources, LicenseLinks.of(page), diags);
  }

  /**
   * TDMRep's page statement: the {@code tdm-reservation} header, else the meta tag, with the
   * {@code tdm-policy} beside it (W3C TDMRep, "TDM Reservation Protocol", HTTP and HTML).
   */
  private static Optional<PolicySource> tdm(PageSignals page) {
    List<PageSignals.Header> reservation = page.headers("tdm-reservation");
    if (!reservation.isEmpty()) {
      PageSignals.Header h = reservation.get(0);
      Optional<String> policy = page.headers("tdm-policy").stream().findFirst().map(PageSignals.Header::value);
      return Optional.of(TdmRepSource.page(line(page, h), TdmRule.Reservation.of(h.value()), policy));
    }
    List<PageSignals.Element> meta = page.metas(List.of("tdm-reservation"));
    if (!meta.isEmpty()) {
      PageSignals.Element e = meta.get(0);
      Optional<String> policy = page.metas(List.of("tdm-policy")).stream().findFirst().map(m -> m.attribute("content"));
      SourceLine line = new SourceLine(page.htmlSource(), e.line(), "<meta name=\"" + e.attribute("name") + "\" content=\"" + e.attribute("content") + "\">");
      return Optional.of(TdmRepSource.page(line, TdmRule.Reservation.of(e.attribute("content")), policy));
    }
    return Optional.empty();
  }

  private static SourceLine line(PageSignals page, PageSignals.Header h) {
    return new SourceLine(page.headersSource(), h.line(), h.name() + ": " + h.value());
  }
}
