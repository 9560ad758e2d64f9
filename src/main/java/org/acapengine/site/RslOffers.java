package org.acapengine.site;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.acapengine.adapters.rsl.RslDocument;
import org.acapengine.adapters.rsl.RslVocabulary;
import org.acapengine.model.Obligation;
import org.acapengine.model.Purpose;
import org.acapengine.model.SourceLine;

/**
 * How each licence of an RSL file reads for one licensee ({@link RslSource}): whether it refuses
 * the licensee or the purpose (user and country terms applied when stated, noted otherwise), the
 * lines that say so, and what it asks for (a licence server, payments, terms) as obligations with
 * their lines. Immutable.
 */
final class RslOffers {

  /** One licence read for a query: whether it refuses, the lines that say so, and what it asks for. */
  record Offer(boolean refused, boolean permitsPurpose, List<SourceLine> evidence, String why, Set<Obligation> obligations,
      List<DecisionNote> notes) {}

  private final String name;
  private final RslSource.Licensee licensee;

  /**
   * Reads licences of the file {@code name} for {@code licensee}.
   *
   * @param name the licence file's name, for the lines
   * @param licensee what the crawler states of itself
   */
  RslOffers(String name, RslSource.Licensee licensee) {
    this.name = name;
    this.licensee = licensee;
  }

  /**
   * Reads one licence for the purpose (when there is one) and the licensee; for a crawl, only what
   * comes with fetching (a licence server, a payment of type crawl) is asked for.
   */
  Offer offer(RslDocument.Content content, RslDocument.License l, Optional<Purpose> purpose, boolean crawlOnly) {
    List<DecisionNote> notes = new ArrayList<>();
    // user and country: applied when stated, noted otherwise
    for (String type : List.of("user", "geo")) {
      Optional<String> stated = type.equals("user") ? licensee.userType() : licensee.country();
      for (RslDocument.Term t : l.prohibits()) {
        if (t.type().equals(type) && stated.isPresent() && t.values().contains(stated.get())) {
          return refused(line(t, "prohibits"), "the licence at line " + l.line() + " prohibits " + label(type) + " " + stated.get());
        }
      }
      List<RslDocument.Term> permits = l.permits().stream().filter(t -> t.type().equals(type)).toList();
      if (!permits.isEmpty() && stated.isPresent() && permits.stream().noneMatch(t -> t.values().contains(stated.get()))) {
        return refused(line(permits.get(0), "permits"), "the licence at line " + l.line() + " permits " + label(type) + " " + String.join(", ", permits.get(0).values())
            + " only, not " + stated.get());
      }
      if (stated.isEmpty()) {
        for (RslDocument.Term t : l.permits()) {
          if (t.type().equals(type)) {
            notes.add(new DecisionNote(unstated(type), "the licence at line " + l.line() + " is for " + label(type) + " " + String.join(", ", t.values())
                + " only, and the crawler states no " + label(type), List.of(line(t, "permits"))));
          }
        }
        for (RslDocument.Term t : l.prohibits()) {
          if (t.type().equals(type)) {
            notes.add(new DecisionNote(unstated(type), "the licence at line " + l.line() + " is not for " + label(type) + " " + String.join(", ", t.values())
                + ", and the crawler states no " + label(type), List.of(line(t, "prohibits"))));
          }
        }
      }
    }
    boolean permitsPurpose = false;
    List<SourceLine> evidence = new ArrayList<>();
    if (purpose.isPresent()) {
      Purpose p = purpose.get();
      for (RslDocument.Term t : l.prohibits()) {
        if (t.type().equals("usage") && t.values().stream().anyMatch(v -> RslVocabulary.purpose(v).map(p::refusedBy).orElse(false))) {
          return refused(line(t, "prohibits"), "the licence at line " + l.line() + " prohibits " + t.text());
        }
      }
      List<RslDocument.Term> usage = l.permits().stream().filter(t -> t.type().equals("usage")).toList();
      for (RslDocument.Term t : usage) {
        if (t.values().stream().anyMatch(v -> RslVocabulary.purpose(v).map(p::allowedBy).orElse(false))) {
          permitsPurpose = true;
          evidence.add(line(t, "permits"));
          break;
        }
      }
      if (!usage.isEmpty() && !permitsPurpose) {
        return refused(line(usage.get(0), "permits"), "the licence at line " + l.line() + " permits " + usage.get(0).text() + " only");
      }
      if (usage.isEmpty()) {
        evidence.add(new SourceLine(name, l.line(), "<license>"));
      }
    }
    Set<Obligation> obligations = EnumSet.noneOf(Obligation.class);
    content.server().ifPresent(s -> {
      obligations.add(Obligation.LICENSE);
      notes.add(new DecisionNote(DecisionNote.OBLIGATION, "a licence must first be obtained from the licence server " + s
          + ", even a free one (the Authorization: License token flow is outside acap-engine)", List.of(new SourceLine(name, content.line(),
              "<content url=\"" + content.url() + "\" server=\"" + s + "\">"))));
    });
    for (RslDocument.Payment pay : l.payments()) {
      if (crawlOnly && !pay.type().equals("crawl")) {
        continue;
      }
      RslVocabulary.obligation(pay.type()).ifPresent(o -> {
        obligations.add(o);
        notes.add(new DecisionNote(DecisionNote.OBLIGATION, describe(pay), List.of(new SourceLine(name, pay.line(), "<payment type=\"" + pay.type() + "\">"))));
      });
    }
    List<RslDocument.Text> texts = new ArrayList<>(content.texts());
    texts.addAll(l.texts());
    for (RslDocument.Text t : texts) {
      if (t.element().equals("terms") && !t.text().isEmpty() && !crawlOnly) {
        obligations.add(Obligation.TERMS);
        notes.add(new DecisionNote(DecisionNote.OBLIGATION, "the licence's terms: " + t.text(), List.of(new SourceLine(name, t.line(), "<terms>"))));
      }
    }
    for (RslDocument.Text t : crawlOnly ? List.<RslDocument.Text>of() : l.legal()) {
      notes.add(new DecisionNote("rsl-legal", "legal (" + t.type() + "): " + t.text(), List.of(new SourceLine(name, t.line(), "<legal type=\"" + t.type() + "\">"))));
    }
    return new Offer(false, permitsPurpose, evidence, "", obligations, notes);
  }

  private static Offer refused(SourceLine line, String why) {
    return new Offer(true, false, List.of(line), why, Set.of(), List.of());
  }

  private static String label(String type) {
    return type.equals("user") ? "user type" : "country";
  }

  /** The code of the note that a term of this type is not applied, the crawler stating nothing it could apply to. */
  private static String unstated(String type) {
    return type.equals("user") ? DecisionNote.USER_TYPE_UNSTATED : DecisionNote.COUNTRY_UNSTATED;
  }

  private static String describe(RslDocument.Payment p) {
    StringBuilder sb = new StringBuilder(p.type().equals("attribution") ? "attribution" : "payment (" + p.type() + ")");
    for (RslDocument.Amount a : p.amounts()) {
      sb.append(' ').append(a.value()).append(a.currency().isEmpty() ? "" : " " + a.currency());
    }
    p.standard().ifPresent(s -> sb.append(", standard terms ").append(s));
    p.custom().ifPresent(s -> sb.append(", custom terms ").append(s));
    return sb.toString();
  }

  private SourceLine line(RslDocument.Term t, String element) {
    return new SourceLine(name, t.line(), "<" + element + " type=\"" + t.type() + "\">" + t.text() + "</" + element + ">");
  }

}
