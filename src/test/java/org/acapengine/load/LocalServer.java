package org.acapengine.load;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A JDK {@code HttpServer} on 127.0.0.1 (port 0) whose answer per path a test sets: a status,
 * headers and a body, a redirect, an endless body, or a slow drip. Records every request path and
 * {@code User-Agent}.
 */
final class LocalServer implements AutoCloseable {

  /** What the server does for one path. */
  @FunctionalInterface
  interface Answer {
    void answer(HttpExchange x) throws IOException;
  }

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "local-server");
    t.setDaemon(true);
    return t;
  });
  private final Map<String, Answer> answers = new ConcurrentHashMap<>();
  final List<String> requests = new CopyOnWriteArrayList<>();
  final List<String> userAgents = new CopyOnWriteArrayList<>();
  /** The client's port of each request: one client's keep-alive connection shows as one port. */
  final List<Integer> clientPorts = new CopyOnWriteArrayList<>();

  LocalServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(threads);
    server.createContext("/", x -> {
      try {
        requests.add(x.getRequestURI().getPath());
        userAgents.add(String.valueOf(x.getRequestHeaders().getFirst("User-Agent")));
        clientPorts.add(x.getRemoteAddress().getPort());
        Answer a = answers.get(x.getRequestURI().getPath());
        if (a == null) {
          x.sendResponseHeaders(404, -1);
        } else {
          a.answer(x);
        }
      } catch (IOException e) {
        // the client went away (a cut-off body, a timeout): expected in these tests
      } finally {
        x.close();
      }
    });
    server.start();
  }

  int port() {
    return server.getAddress().getPort();
  }

  /** The origin http://127.0.0.1:port. */
  Origin origin() {
    return new Origin("http", "127.0.0.1", port());
  }

  /** The same server under another host name (localhost), so another origin. */
  String otherHost(String path) {
    return "http://localhost:" + port() + path;
  }

  LocalServer on(String path, Answer a) {
    answers.put(path, a);
    return this;
  }

  static Answer text(int status, String body, String... headers) {
    return x -> {
      for (int i = 0; i + 1 < headers.length; i += 2) {
        x.getResponseHeaders().add(headers[i], headers[i + 1]);
      }
      byte[] b = body.getBytes(StandardCharsets.UTF_8);
      x.sendResponseHeaders(status, b.length == 0 ? -1 : b.length);
      if (b.length > 0) {
        x.getResponseBody().write(b);
      }
    };
  }

  static Answer redirect(int status, String location) {
    return x -> {
      x.getResponseHeaders().add("Location", location);
      x.sendResponseHeaders(status, -1);
    };
  }

  /** A 200 whose body never ends: "User-agent: *", "Disallow: /x", then comment lines until the client goes away. */
  static Answer endless() {
    return x -> {
      x.sendResponseHeaders(200, 0);
      OutputStream out = x.getResponseBody();
      out.write("User-agent: *\nDisallow: /x\n".getBytes(StandardCharsets.US_ASCII));
      byte[] line = "# filler\n".repeat(256).getBytes(StandardCharsets.US_ASCII);
      for (long sent = 0; sent < 1L << 34; sent += line.length) {
        out.write(line);
      }
    };
  }

  /** A 200 that sends one byte every 50 ms, for at most 10 seconds. */
  static Answer drip() {
    return x -> {
      x.sendResponseHeaders(200, 0);
      OutputStream out = x.getResponseBody();
      for (int i = 0; i < 200; i++) {
        out.write('#');
        out.flush();
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    };
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
