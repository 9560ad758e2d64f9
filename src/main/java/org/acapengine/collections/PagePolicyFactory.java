package org.acapengine.collections;

/**
 * Builds the {@link PagePolicy} a collection command filters by, from the options the command
 * parsed. This is the seam the lead implements over the real evaluator: reading {@code
 * --robots} and {@code --llm-policy}, selecting the records for the {@code --crawler} names and
 * the {@code --purpose}.
 * The command groups take it in their constructor ({@code AcapCommand} passes the real one).
 */
@FunctionalInterface
public interface PagePolicyFactory {

  /**
   * Builds the policy. Throws {@link org.acapengine.cli.UserInputException} for a policy the user
   * got wrong (an unreadable robots.txt, an unknown purpose); the command reports it as one line
   * with exit code 2.
   */
  PagePolicy create(PolicyOptions options);
}
