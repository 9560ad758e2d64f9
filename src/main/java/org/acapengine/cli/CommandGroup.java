package org.acapengine.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * A command that only groups subcommands, such as {@code acap scp}: run bare, it asks for a
 * subcommand; its subcommands reach the streams of the run through it. The groups differ only in
 * their annotations, so each is a nested class of a few lines.
 */
public abstract class CommandGroup implements Runnable {

  @ParentCommand private AcapCommand acap;

  @Spec private CommandSpec spec;

  /** The streams of this run. */
  Io io() {
    return acap.io();
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "a subcommand is required (try " + spec.qualifiedName(" ") + " --help)");
  }

  /** {@code acap scp}: commands over Site Content Protocol v0.1 collections. */
  @Command(name = "scp", mixinStandardHelpOptions = true,
      description = "Site Content Protocol (SCP v0.1) collections.",
      subcommands = {ScpFilterCommand.class})
  public static final class Scp extends CommandGroup {}

  /** {@code acap tct}: commands over the Collaboration Tunnel Protocol's {@code llm-sitemap.json}. */
  @Command(name = "tct", mixinStandardHelpOptions = true,
      description = "Collaboration Tunnel Protocol (TCT) sitemaps.",
      subcommands = {TctSitemapCommand.class})
  public static final class Tct extends CommandGroup {}
}
