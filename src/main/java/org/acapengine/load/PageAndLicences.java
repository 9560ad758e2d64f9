package org.acapengine.load;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.acapengine.adapters.page.LicenseLinks;
import org.acapengine.adapters.page.PageSignals;
import org.acapengine.adapters.page.PageSignalsReader;
import org.acapengine.adapters.rsl.RslDocument;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.LicenseReference;
import org.acapengine.model.SourceLine;
import org.acapengine.model.Span;
import org.acapengine.site.PageSources;
import org.acapengine.site.PolicySource;
import org.acapengine.site.RslSource;

/**
 * The part of {@link SiteLoader#load} that reads what a page says of itself and the RSL licences
 * a site names: a page's signals are sources, and they can name licences as the robots.txt's
 * {@code License:} lines do.
 */
final class PageAndLicences {

  private PageAndLicences() {}

  /** Adds the page's sources, then the licences (given, or named by the robots.txt and the page). */
  static void add(SiteLoader loader, SiteFiles files, LoadedSite.Parts parts) {
    licences(loader, files, parts, pageSources(loader, files, parts));
  }

  /** The page's own signals (--page-headers, --page), each a source of its own; empty when none are given or they cannot be read. */
  private static Optional<PageSources> pageSources(SiteLoader loader, SiteFiles files, LoadedSite.Parts parts) {
    if (files.pageHeaders().isEmpty() && files.page().isEmpty()) {
      return Optional.empty();
    }
    Loaded<PageSignals> l = loader.page(files.pageHeaders().orElse(null), files.page().orElse(null));
    if (l.value().isEmpty()) {
      parts.add(l, x -> null);
      return Optional.empty();
    }
    PageSources page = PageSources.of(l.value().get(), files.licensee());
    parts.notices(l.source(), l.diagnostics());
    for (PageSources.Located d : page.diagnostics()) {
      parts.notices(d.source(), List.of(d.diagnostic()));
    }
    for (PolicySource s : page.sources()) {
      parts.add(Loaded.of(l.source(), s, List.of()), x -> x);
    }
    return Optional.of(page);
  }

  /**
   * The site's RSL licences: the local copies given ({@link SiteFiles#rsl()}), which stand for
   * those the site names; else every licence the robots.txt's {@code License:} lines and the
   * page's links name (relative addresses resolved against a robots.txt URL), fetched only when
   * network access is allowed ({@link LoadOptions#fetchReferences()}). A licence that is not read
   * is a source that says so ({@link RslSource#unread}), never silence: docs/formats.md, RSL; one
   * not fetched because network access is off is also a notice ({@link
   * LoadedSite#LICENCE_NOT_FETCHED}), for a caller to say how to allow it.
   */
  private static void licences(SiteLoader loader, SiteFiles files, LoadedSite.Parts parts, Optional<PageSources> page) {
    if (!files.rsl().isEmpty()) {
      for (String f : files.rsl()) {
        parts.add(loader.rsl(f), doc -> new RslSource(doc, files.licensee(), doc.sourceName()));
      }
      return;
    }
    List<String> named = new ArrayList<>();
    List<SourceLine> vias = new ArrayList<>();
    String robotsName = files.robots().orElse(null);
    parts.compiled().ifPresent(c -> {
      for (LicenseReference ref : c.document().licenses()) {
        named.add(ref.url());
        vias.add(new SourceLine(robotsName, ref.span().line(), "License: " + ref.url()));
      }
    });
    page.ifPresent(p -> {
      for (LicenseLinks.Link link : p.licenseLinks()) {
        named.add(link.url());
        vias.add(link.line());
      }
    });
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < named.size(); i++) {
      String url = resolveAgainst(robotsName, named.get(i));
      if (!seen.add(url)) {
        continue;
      }
      PolicySource source;
      if (!SiteLoader.isHttpUrl(url)) {
        source = RslSource.unread(url, vias.get(i), "it is not an absolute http(s) URL");
      } else if (!loader.options().fetchReferences()) {
        source = RslSource.unread(url, vias.get(i), NOT_FETCHED);
        // a notice at the line that names the licence
        parts.notices(vias.get(i).source(), List.of(Diagnostic.warning(LoadedSite.LICENCE_NOT_FETCHED,
            "the licence " + url + " was not fetched: network access is off; decisions go without its terms", "",
            Span.ofLine(Math.max(1, vias.get(i).line()), 1, 1))));
      } else {
        Loaded<RslDocument> l = loader.rsl(url);
        if (l.value().isEmpty()) {
          source = RslSource.unread(url, vias.get(i), l.failure().orElse("it could not be fetched"));
        } else {
          parts.notices(url, l.diagnostics());
          source = new RslSource(l.value().get(), files.licensee(), vias.get(i).toString());
        }
      }
      parts.add(Loaded.of(url, source, List.of()), x -> x);
    }
  }

  /** Why a licence a site names was not read when network access is off. */
  private static final String NOT_FETCHED = "network access is off, so it was not fetched";

  /** A licence address relative to a robots.txt fetched from a URL, resolved against it. */
  private static String resolveAgainst(String robots, String url) {
    if (robots == null || !SiteLoader.isHttpUrl(robots) || SiteLoader.isHttpUrl(url)) {
      return url;
    }
    try {
      return URI.create(robots.strip()).resolve(url.strip()).toString();
    } catch (IllegalArgumentException e) {
      return url;
    }
  }

  /** A page's header block and HTML, as {@link SiteLoader#page} reads them. */
  static Loaded<PageSignals> page(FileReads reads, String headers, String html) {
    byte[] h = null;
    byte[] b = null;
    if (headers != null) {
      Loaded<byte[]> l = reads.read(headers, PageSignalsReader.MAX_HEADER_BYTES);
      if (l.value().isEmpty()) {
        return l.map(x -> null);
      }
      h = l.value().get();
    }
    if (html != null) {
      Loaded<byte[]> l = reads.read(html, PageSignalsReader.MAX_HTML_BYTES);
      if (l.value().isEmpty()) {
        return l.map(x -> null);
      }
      b = l.value().get();
    }
    PageSignals p = PageSignalsReader.read(h, headers == null ? "" : headers, b, html == null ? "" : html);
    return Loaded.of(headers != null && !p.headersSource().isEmpty() ? headers : html, p, p.diagnostics());
  }
}
