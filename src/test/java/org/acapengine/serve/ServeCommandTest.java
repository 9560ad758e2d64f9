package org.acapengine.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;
import org.acapengine.cli.ServeCommand;
import org.acapengine.testing.AcapRun;
import org.junit.jupiter.api.Test;

/** {@code acap serve}'s options: where it listens, the warnings, and bad arguments. */
class ServeCommandTest {

  /** Runs {@code acap serve ARGS}, asks the page once, then stops the server. */
  static AcapRun.Result serve(AtomicReference<Integer> status, String... args) {
    ServeCommand command = new ServeCommand(server -> {
      try {
        status.set(new Http(server.uri()).get("/").status());
      } finally {
        server.close();
      }
    });
    String[] all = new String[args.length + 1];
    all[0] = "serve";
    System.arraycopy(args, 0, all, 1, args.length);
    return AcapRun.setup().replace("serve", command).run(all);
  }

  @Test
  void listensOnLoopbackByDefaultAndSaysWhere() {
    AtomicReference<Integer> status = new AtomicReference<>();
    AcapRun.Result r = serve(status, "--port", "0");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("acap serve: http://127.0.0.1:").endsWith("/ (Ctrl-C stops)\n");
    assertThat(r.err()).isEmpty();
    assertThat(status.get()).isEqualTo(200);
  }

  @Test
  void anotherAddressOrPrivateFetchesAreWarnedAbout() {
    AtomicReference<Integer> status = new AtomicReference<>();
    AcapRun.Result r = serve(status, "--port", "0", "--bind", "0.0.0.0", "--allow-addresses", "private,loopback");
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.errLines()).containsExactly(
        "acap serve: warning: listening on 0.0.0.0, reachable from other machines; the page and the service have no authentication",
        "acap serve: warning: --allow-addresses: a request can make this server fetch from these address ranges: loopback, private");
  }

  @Test
  void badArgumentsExitTwoWithOneLine() {
    for (String[] args : new String[][] {{"serve", "--port", "70000"}, {"serve", "--bind", "no-such-host.invalid"}, {"serve", "--threads", "0"},
        {"serve", "--user-agent", " "}, {"serve", "--allow-addresses", "intranet"}, {"serve", "--cache-mb", "0"}}) {
      AcapRun.Result r = AcapRun.run(args);
      assertThat(r.exitCode()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.errLines()).hasSize(1).allMatch(l -> l.startsWith("acap: "));
    }
  }
}
