package org.acapengine.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.acapengine.load.AddressRange;
import org.acapengine.load.FetchOptions;
import org.acapengine.model.UserInputException;
import org.acapengine.render.PlainText;
import org.acapengine.serve.AcapServer;
import org.acapengine.serve.ServeOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code acap serve}: the robots.txt tester page and the decision service, on loopback by default. */
@Command(name = "serve", mixinStandardHelpOptions = true,
    description = {"A local web page (editor with lint findings, URL tester, crawler audit, diff) and a JSON decision service",
        "(POST /v1/decide, /v1/explain, /v1/audit, /v1/lint, /v1/diff; GET /v1/openapi.json). Runs until stopped (Ctrl-C). docs/serve.md."})
public final class ServeCommand implements Callable<Integer> {

  @ParentCommand
  private AcapCommand parent;

  @Option(names = "--port", paramLabel = "N", defaultValue = "" + ServeOptions.DEFAULT_PORT, description = "the port; 0 for any free one; default ${DEFAULT-VALUE}")
  private int port;

  @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
      description = "the address to listen on; default ${DEFAULT-VALUE} (this machine only). Any other is reachable from elsewhere, without authentication: a warning says so")
  private String bind;

  @Option(names = "--allow-addresses", split = ",", paramLabel = "RANGE",
      description = "let the robots URLs of requests (and their redirects) reach these address ranges: loopback, private, link-local or all; default none (public addresses only)")
  private List<String> allowAddresses = new ArrayList<>();

  @Option(names = "--cache-mb", paramLabel = "N", defaultValue = "" + ServeOptions.DEFAULT_CACHE_BYTES / (1024 * 1024),
      description = "the heap, in MiB by estimate, that the robots.txt files fetched for requests may hold at once; the least useful are dropped first and fetched again when asked for; default ${DEFAULT-VALUE}")
  private long cacheMb;

  @Option(names = "--threads", paramLabel = "N", defaultValue = "8", description = "requests answered at once; default ${DEFAULT-VALUE}")
  private int threads;

  @Option(names = "--user-agent", paramLabel = "UA", defaultValue = FetchOptions.DEFAULT_USER_AGENT,
      description = "the User-Agent sent when fetching a robots.txt; default ${DEFAULT-VALUE}")
  private String userAgent;

  private final Consumer<AcapServer> started;

  /** The command as {@code acap} runs it: serves until the process is stopped. */
  public ServeCommand() {
    this(null);
  }

  /**
   * For tests: {@code started} is called with the running server (and may close it, which ends the command).
   *
   * @param started called once the server listens; null to install a shutdown hook instead
   */
  public ServeCommand(Consumer<AcapServer> started) {
    this.started = started;
  }

  @Override
  public Integer call() throws InterruptedException {
    Io io = parent.io();
    if (port < 0 || port > 65535) {
      throw new UserInputException("--port must be 0 to 65535");
    }
    if (threads < 1 || threads > 256) {
      throw new UserInputException("--threads must be 1 to 256");
    }
    if (cacheMb < 1 || cacheMb > Long.MAX_VALUE / (1024 * 1024)) {
      throw new UserInputException("--cache-mb must be a positive number of MiB");
    }
    InetAddress address;
    try {
      address = InetAddress.getByName(bind.strip());
    } catch (UnknownHostException | SecurityException e) {
      throw new UserInputException("--bind: cannot resolve '" + PlainText.shorten(bind, 100) + "'");
    }
    Set<AddressRange> refused = CheckCommand.refusedAddresses(allowAddresses);
    ServeOptions defaults = ServeOptions.defaults();
    FetchOptions fetch;
    try {
      fetch = defaults.fetch().withUserAgent(userAgent).withRefusedAddresses(refused);
    } catch (IllegalArgumentException e) {
      throw new UserInputException("--user-agent: " + e.getMessage());
    }
    ServeOptions options = defaults.withAddress(address, port).withFetch(fetch).withCacheBytes(cacheMb * 1024 * 1024)
        .withThreads(threads, 256);
    AcapServer server;
    try {
      server = AcapServer.start(options, line -> {
        io.err().println(line);
        io.err().flush();
      });
    } catch (IOException e) {
      throw new UserInputException("cannot listen on " + PlainText.shorten(bind, 100) + " port " + port + ": " + PlainText.shorten(String.valueOf(e.getMessage()), 200));
    }
    if (!options.loopbackOnly()) {
      io.err().println("acap serve: warning: listening on " + address.getHostAddress()
          + ", reachable from other machines; the page and the service have no authentication");
    }
    if (refused.size() < AddressRange.values().length) {
      io.err().println("acap serve: warning: --allow-addresses: a request can make this server fetch from these address ranges: "
          + Arrays.stream(AddressRange.values()).filter(r -> !refused.contains(r)).map(AddressRange::label).collect(Collectors.joining(", ")));
    }
    io.out().println("acap serve: " + server.uri() + " (Ctrl-C stops)");
    io.out().flush();
    io.err().flush();
    if (started != null) {
      started.accept(server);
    } else {
      Runtime.getRuntime().addShutdownHook(new Thread(server::close, "acap-serve-stop"));
    }
    Objects.requireNonNull(server).awaitClose();
    return ExitCodes.OK;
  }
}
