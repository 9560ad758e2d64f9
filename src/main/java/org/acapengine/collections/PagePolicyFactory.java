package org.acapengine.collections;

import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * Builds the {@link PagePolicy} a collection command filters by, from the options the command
 * parsed. This is the seam the lead implements over the real evaluator: reading {@code
 * --robots} and {@code --llm-policy}, selecting the records for the {@code --crawler} names and
 * the {@code --purpose}.
 *
 * <p>Commands constructed without a factory find one with {@link #load()}: register the
 * implementation in {@code META-INF/services/org.acapengine.collections.PagePolicyFactory}, or
 * pass it to the command group's constructor.
 */
@FunctionalInterface
public interface PagePolicyFactory {

  /**
   * Builds the policy. Throws {@link org.acapengine.cli.UserInputException} for a policy the user
   * got wrong (an unreadable robots.txt, an unknown purpose); the command reports it as one line
   * with exit code 2.
   */
  PagePolicy create(PolicyOptions options);

  /**
   * The factory registered through {@link ServiceLoader}.
   *
   * @throws IllegalStateException when none is registered (a wiring bug, not a user error)
   */
  static PagePolicyFactory load() {
    Iterator<PagePolicyFactory> found = ServiceLoader.load(PagePolicyFactory.class).iterator();
    if (!found.hasNext()) {
      throw new IllegalStateException(
          "no PagePolicyFactory is registered (META-INF/services/" + PagePolicyFactory.class.getName() + ")");
    }
    return found.next();
  }
}
