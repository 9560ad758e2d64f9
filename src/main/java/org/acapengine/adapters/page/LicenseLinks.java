package org.acapengine.adapters.page;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.acapengine.model.SourceLine;

/**
 * Where a page points to its RSL licence (rslstandard.org/guide/http and the HTML head): {@code
 * Link: <URL>; rel="license"; type="application/rsl+xml"} header fields (RFC 8288) and {@code
 * <link rel="license" type="application/rsl+xml" href="URL">} elements. A link without a type is
 * taken too when its relation is {@code license}: RSL's guide always gives the type, but a licence
 * link without one may still be an RSL document, and reading it costs nothing without network.
 */
public final class LicenseLinks {

  /** The RSL media type. */
  public static final String MEDIA_TYPE = "application/rsl+xml";

  /**
   * A link to a licence.
   *
   * @param url the target as written
   * @param typed whether the link names the RSL media type
   * @param line the header field or element it stands in
   */
  public record Link(String url, boolean typed, SourceLine line) {}

  private LicenseLinks() {}

  /**
   * The page's licence links, header fields first.
   *
   * @param page the page's signals
   * @return the links, in order
   */
  public static List<Link> of(PageSignals page) {
    List<Link> out = new ArrayList<>();
    for (PageSignals.Header h : page.headers("link")) {
      SourceLine line = new SourceLine(page.headersSource(), h.line(), h.name() + ": " + h.value());
      for (Parsed p : parse(h.value())) {
        if (hasToken(p.rel(), "license") && (p.type().isEmpty() || p.type().equalsIgnoreCase(MEDIA_TYPE))) {
          out.add(new Link(p.target(), !p.type().isEmpty(), line));
        }
      }
    }
    for (PageSignals.Element e : page.elements()) {
      if (e.tag().equals("link") && hasToken(e.attribute("rel"), "license") && !e.attribute("href").isBlank()
          && (e.attribute("type").isBlank() || e.attribute("type").strip().equalsIgnoreCase(MEDIA_TYPE))) {
        out.add(new Link(e.attribute("href").strip(), !e.attribute("type").isBlank(),
            new SourceLine(page.htmlSource(), e.line(), "<link rel=\"" + e.attribute("rel") + "\" type=\"" + e.attribute("type") + "\" href=\"" + e.attribute("href") + "\">")));
      }
    }
    return out;
  }

  /** One link-value of a Link field: its target, and its rel and type parameters. */
  record Parsed(String target, String rel, String type) {}

  /**
   * The link-values of a Link field value (RFC 8288 3): {@code <target>} then {@code ;
   * name=value} parameters, values quoted or not, link-values separated by commas outside quotes
   * and angle brackets. One pass; anything unreadable is skipped.
   */
  static List<Parsed> parse(String value) {
    List<Parsed> out = new ArrayList<>();
    int i = 0;
    int n = value.length();
    while (i < n) {
      int lt = value.indexOf('<', i);
      if (lt < 0) {
        break;
      }
      int gt = value.indexOf('>', lt + 1);
      if (gt < 0) {
        break;
      }
      String target = value.substring(lt + 1, gt).strip();
      String rel = "";
      String type = "";
      i = gt + 1;
      while (i < n && value.charAt(i) != ',') {
        char c = value.charAt(i);
        if (c != ';') {
          i++;
          continue;
        }
        int eq = i + 1;
        while (eq < n && value.charAt(eq) != '=' && value.charAt(eq) != ';' && value.charAt(eq) != ',') {
          eq++;
        }
        String name = value.substring(i + 1, eq).strip().toLowerCase(Locale.ROOT);
        String v = "";
        i = eq;
        if (eq < n && value.charAt(eq) == '=') {
          int p = eq + 1;
          while (p < n && value.charAt(p) == ' ') {
            p++;
          }
          if (p < n && value.charAt(p) == '"') {
            int close = value.indexOf('"', p + 1);
            v = value.substring(p + 1, close < 0 ? n : close);
            i = close < 0 ? n : close + 1;
          } else {
            int end = p;
            while (end < n && value.charAt(end) != ';' && value.charAt(end) != ',') {
              end++;
            }
            v = value.substring(p, end).strip();
            i = end;
          }
        }
        if (name.equals("rel") && rel.isEmpty()) {
          rel = v;
        } else if (name.equals("type") && type.isEmpty()) {
          type = v.strip();
        }
      }
      out.add(new Parsed(target, rel, type));
      i++;
    }
    return out;
  }

  /** Whether a space-separated relation list holds {@code token} (ignoring case). */
  private static boolean hasToken(String rels, String token) {
    int start = -1;
    for (int i = 0; i <= rels.length(); i++) {
      boolean sep = i == rels.length() || rels.charAt(i) == ' ' || rels.charAt(i) == '\t';
      if (sep && start >= 0) {
        if (rels.regionMatches(true, start, token, 0, token.length()) && i - start == token.length()) {
          return true;
        }
        start = -1;
      } else if (!sep && start < 0) {
        start = i;
      }
    }
    return false;
  }
}
