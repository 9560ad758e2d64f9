package org.acapengine.collections.scp;

import org.acapengine.collections.DropReason;
import org.acapengine.collections.PageVerdict;
import org.acapengine.model.UserInputException;

/**
 * What deciding one page line found, before it is counted: kept, dropped (with the verdict that
 * refused it, or the warning to print), or a fatal error under {@code --strict}. Deciding makes
 * these on the pipeline's thread; counting, warning and writing happen later, in input order.
 *
 * @param reason why the page is dropped, or null when kept
 * @param verdict the policy's refusal, for a page the policy dropped; else null
 * @param warning the warning's detail, for a page dropped as unusable; else null
 * @param fatal the error to stop at, under {@code --strict}; else null
 */
record PageOutcome(DropReason reason, PageVerdict verdict, String warning, UserInputException fatal) {

  static final PageOutcome KEEP = new PageOutcome(null, null, null, null);

  static PageOutcome dropped(DropReason reason) {
    return new PageOutcome(reason, null, null, null);
  }

  static PageOutcome refused(DropReason reason, PageVerdict verdict) {
    return new PageOutcome(reason, verdict, null, null);
  }

  static PageOutcome unusable(DropReason reason, String detail) {
    return new PageOutcome(reason, null, detail, null);
  }

  static PageOutcome fatal(UserInputException e) {
    return new PageOutcome(null, null, null, e);
  }

  boolean keep() {
    return reason == null && fatal == null;
  }
}
