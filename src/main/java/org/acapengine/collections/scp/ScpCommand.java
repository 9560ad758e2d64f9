package org.acapengine.collections.scp;

import java.util.Objects;
import org.acapengine.cli.AcapCommand;
import org.acapengine.cli.Io;
import org.acapengine.collections.PagePolicyFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code acap scp}: commands over Site Content Protocol v0.1 collections. Register it in {@link
 * AcapCommand}'s subcommands; it then takes its streams from {@code acap} and its {@link
 * PagePolicyFactory} from the constructor.
 */
@Command(
    name = "scp",
    mixinStandardHelpOptions = true,
    description = "Site Content Protocol (SCP v0.1) collections.",
    subcommands = {ScpFilterCommand.class})
public final class ScpCommand implements Runnable {

  @ParentCommand private AcapCommand acap;

  @Spec private CommandSpec spec;

  private final Io io;
  private final PagePolicyFactory factory;

  /** For registration under {@code acap} with an explicit factory. */
  public ScpCommand(PagePolicyFactory factory) {
    this(null, factory);
  }

  /**
   * For running without {@code acap} (tests, embedding): explicit streams and factory.
   *
   * @param io the streams, used when there is no {@code acap} parent
   * @param factory the policy factory
   */
  public ScpCommand(Io io, PagePolicyFactory factory) {
    this.io = io;
    this.factory = Objects.requireNonNull(factory, "factory");
  }

  /** The streams of this run. */
  public Io io() {
    if (acap != null) {
      return acap.io();
    }
    return Objects.requireNonNull(io, "ScpCommand has neither an acap parent nor its own Io");
  }

  /** The policy factory of this run. */
  public PagePolicyFactory policyFactory() {
    return factory;
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required (try acap scp --help)");
  }
}
