package org.acapengine.serve;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.acapengine.internal.json.Json;
import org.acapengine.render.PlainText;

/**
 * {@code acap serve}: the web page (from the jar) and the decision service ({@code /v1/*}) on the
 * JDK's HTTP server, answered by a bounded pool of threads so that a slow request (a robots.txt
 * fetched from a slow origin) holds one thread and the others go on. Safe by default: loopback
 * unless told otherwise, a {@code Host} check against DNS rebinding while on loopback, POST bodies
 * only as {@code application/json} (so a page elsewhere cannot post without a CORS preflight this
 * server never grants), bodies capped, a Content-Security-Policy that allows only the page's own
 * script and style files, and no request path ever read from disk. docs/serve.md.
 */
public final class AcapServer implements AutoCloseable {

  /** The Content-Security-Policy of every answer: the page's own files only, no inline script, no framing. */
  public static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
      + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

  /** Bytes read and dropped past the body limit so that the client can read its 413; past this the connection is closed. */
  private static final long DRAIN_LIMIT = 16L * 1024 * 1024;

  private final ServeOptions options;
  private final DecisionService service;
  private final Assets assets = new Assets();
  private final byte[] openApi = Assets.resource("openapi.json");
  private final HttpServer server;
  private final ThreadPoolExecutor pool;
  private final Consumer<String> log;
  private final java.util.concurrent.CountDownLatch closed = new java.util.concurrent.CountDownLatch(1);
  /** The header deadline of the exchange the current pool thread runs, while it runs one. */
  private final ThreadLocal<HeaderDeadline> headerPhase = new ThreadLocal<>();
  /** Cuts the connections whose headers or bodies have not arrived by their deadline. */
  private final ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "acap-serve-deadlines");
    t.setDaemon(true);
    return t;
  });

  private AcapServer(ServeOptions options, Consumer<String> log) throws IOException {
    this.options = options;
    this.log = log;
    this.service = new DecisionService(options);
    AtomicInteger n = new AtomicInteger();
    this.pool = new ThreadPoolExecutor(options.threads(), options.threads(), 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(options.queue()), r -> {
      Thread t = new Thread(r, "acap-serve-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    this.server = HttpServer.create(new InetSocketAddress(options.bind(), options.port()), 128);
    server.setExecutor(task -> pool.execute(() -> withHeaderDeadline(task)));
    server.createContext("/", this::handle);
  }

  /**
   * Starts a server.
   *
   * @param options where to listen and the limits
   * @param log where one-line notes for the operator go (internal errors)
   * @return the running server
   * @throws IOException when the address cannot be bound (the port is taken, say)
   */
  public static AcapServer start(ServeOptions options, Consumer<String> log) throws IOException {
    AcapServer s = new AcapServer(Objects.requireNonNull(options, "options"), Objects.requireNonNull(log, "log"));
    s.server.start();
    return s;
  }

  /**
   * The port listened on (the one chosen when the options said 0).
   *
   * @return the port
   */
  public int port() {
    return server.getAddress().getPort();
  }

  /**
   * The page's address.
   *
   * @return {@code http://HOST:PORT/}
   */
  public URI uri() {
    String host = server.getAddress().getAddress().getHostAddress();
    return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port() + "/");
  }

  /** Stops listening and ends the threads; requests under way are cut. */
  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow();
    deadlines.shutdownNow();
    closed.countDown();
  }

  /**
   * Waits until {@link #close()} has been called (by a shutdown hook, say).
   *
   * @throws InterruptedException if the waiting thread is interrupted
   */
  public void awaitClose() throws InterruptedException {
    closed.await();
  }

  /**
   * Runs one of the JDK server's exchanges on a pool thread with a deadline for its request line
   * and headers ({@link ServeOptions#headerTimeout()}). The JDK reads them on this thread, before
   * {@link #handle} runs, from a socket channel in blocking mode; a client that drips them would
   * hold the thread as long as it likes. Past the deadline the thread is interrupted, which closes
   * the channel (an {@link java.nio.channels.InterruptibleChannel}) and ends the blocked read; the
   * JDK then drops the connection, with no answer. Once {@link #handle} has begun, the deadline no
   * longer applies (the body has its own).
   */
  private void withHeaderDeadline(Runnable exchange) {
    HeaderDeadline d = new HeaderDeadline(Thread.currentThread());
    headerPhase.set(d);
    ScheduledFuture<?> cut = deadlines.schedule(d::cut, options.headerTimeout().toMillis(), TimeUnit.MILLISECONDS);
    try {
      exchange.run();
    } finally {
      cut.cancel(false);
      d.end();
      headerPhase.remove();
      // an interrupt meant for this exchange must not reach the next one on this thread
      Thread.interrupted();
    }
  }

  /**
   * One exchange's header phase: reading (until {@link #handled}), then handled, cut or ended.
   * The interrupt is sent under the lock, so it can only reach the thread while the exchange it
   * was meant for still runs.
   */
  private static final class HeaderDeadline {
    private static final int READING = 0;
    private static final int HANDLED = 1;
    private static final int CUT = 2;
    private static final int ENDED = 3;
    private final Thread thread;
    private int state = READING;

    HeaderDeadline(Thread thread) {
      this.thread = thread;
    }

    /** The headers arrived in time: the deadline no longer applies. False when it was cut first. */
    synchronized boolean handled() {
      if (state == READING) {
        state = HANDLED;
        return true;
      }
      return false;
    }

    synchronized void cut() {
      if (state == READING) {
        state = CUT;
        thread.interrupt();
      }
    }

    synchronized void end() {
      state = ENDED;
    }
  }

  private void handle(HttpExchange x) {
    HeaderDeadline d = headerPhase.get();
    if (d != null && !d.handled()) {
      // the deadline passed as the headers arrived: the connection is closed already
      x.close();
      return;
    }
    try (x) {
      Headers h = x.getResponseHeaders();
      h.set("Content-Security-Policy", CSP);
      h.set("X-Content-Type-Options", "nosniff");
      h.set("Referrer-Policy", "no-referrer");
      h.set("X-Frame-Options", "DENY");
      h.set("Cache-Control", "no-store");
      try {
        route(x);
      } catch (ApiException e) {
        error(x, e.status(), e.getMessage());
      } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
        log.accept("acap serve: internal error on " + PlainText.shorten(x.getRequestURI().getRawPath(), 100) + ": " + PlainText.shorten(String.valueOf(e), 300));
        error(x, 500, "internal error: " + e.getClass().getSimpleName());
      }
    } catch (IOException e) {
      // the client went away
    }
  }

  private void route(HttpExchange x) throws IOException {
    checkHost(x);
    String path = x.getRequestURI().getRawPath();
    String method = x.getRequestMethod().toUpperCase(Locale.ROOT);
    if (path.startsWith("/v1/")) {
      String name = path.substring(4);
      if (name.equals("openapi.json") || name.equals("vocabulary")) {
        requireMethod(method, "GET");
        send(x, 200, "application/json", name.equals("openapi.json") ? openApi : DecisionService.bytes(service.vocabulary()));
        return;
      }
      if (!service.endpoints().contains(name)) {
        throw new ApiException(404, "no endpoint " + PlainText.shorten(path, 80) + " (see /v1/openapi.json)");
      }
      requireMethod(method, "POST");
      String type = Optional.ofNullable(x.getRequestHeaders().getFirst("Content-Type")).orElse("").toLowerCase(Locale.ROOT);
      if (!type.startsWith("application/json")) {
        throw new ApiException(415, "the body must be sent as Content-Type: application/json");
      }
      byte[] body = body(x);
      send(x, 200, "application/json", DecisionService.bytes(service.answer(name, body)));
      return;
    }
    Optional<Assets.Asset> a = assets.get(path);
    if (a.isEmpty()) {
      throw new ApiException(404, "not found");
    }
    if (!method.equals("GET") && !method.equals("HEAD")) {
      throw new ApiException(405, "only GET");
    }
    send(x, 200, a.get().contentType(), method.equals("HEAD") ? null : a.get().bytes());
  }

  private static void requireMethod(String method, String wanted) {
    if (!method.equals(wanted)) {
      throw new ApiException(405, "use " + wanted);
    }
  }

  /**
   * While on loopback, only a Host header naming loopback is answered: a page elsewhere that
   * rebinds its own host name to 127.0.0.1 still sends that name, and is refused.
   */
  private void checkHost(HttpExchange x) {
    if (!options.loopbackOnly()) {
      return;
    }
    String host = Optional.ofNullable(x.getRequestHeaders().getFirst("Host")).orElse("").strip().toLowerCase(Locale.ROOT);
    String name = host.startsWith("[") ? host.substring(0, host.indexOf(']') + 1) : host.contains(":") ? host.substring(0, host.lastIndexOf(':')) : host;
    if (!(name.equals("localhost") || name.equals("[::1]") || (name.startsWith("127.") && name.chars().allMatch(c -> c == '.' || c >= '0' && c <= '9')))) {
      throw new ApiException(421, "this server answers requests for localhost only");
    }
  }

  /**
   * The request body, read by its deadline ({@link ServeOptions#bodyTimeout()}): a client that
   * sends its headers and then drips the body (or nothing) would hold this thread as long as it
   * likes, so past the deadline the exchange is closed, which — no answer having been started —
   * closes the connection and ends the blocked read.
   */
  private byte[] body(HttpExchange x) throws IOException {
    AtomicBoolean settled = new AtomicBoolean();
    ScheduledFuture<?> cut = deadlines.schedule(() -> {
      if (settled.compareAndSet(false, true)) {
        x.close();
      }
    }, options.bodyTimeout().toMillis(), TimeUnit.MILLISECONDS);
    try {
      return boundedBody(x);
    } finally {
      cut.cancel(false);
      if (!settled.compareAndSet(false, true)) {
        // the deadline closed the connection: nothing can be answered on it
        throw new IOException("the request body did not arrive within " + options.bodyTimeout());
      }
    }
  }

  /** The request body, at most {@link ServeOptions#maxBodyBytes()}; 413 past it. */
  private byte[] boundedBody(HttpExchange x) throws IOException {
    long max = options.maxBodyBytes();
    String declared = x.getRequestHeaders().getFirst("Content-Length");
    long length = -1;
    if (declared != null) {
      try {
        length = Long.parseLong(declared.strip());
      } catch (NumberFormatException e) {
        throw ApiException.badRequest("Content-Length is not a number");
      }
    }
    InputStream in = x.getRequestBody();
    if (length > max) {
      drain(in, length);
      throw tooLarge(max);
    }
    byte[] body = in.readNBytes((int) max + 1);
    if (body.length > max) {
      drain(in, DRAIN_LIMIT);
      throw tooLarge(max);
    }
    return body;
  }

  private static ApiException tooLarge(long max) {
    return new ApiException(413, "the request body is larger than " + max + " bytes (one file may hold 500 KiB, as RFC 9309 2.5 allows)");
  }

  /** Reads and drops up to {@link #DRAIN_LIMIT} bytes, so that a client still sending can read the answer. */
  private static void drain(InputStream in, long upTo) throws IOException {
    if (upTo > DRAIN_LIMIT) {
      return;
    }
    byte[] buf = new byte[64 * 1024];
    long read = 0;
    int n;
    while (read < DRAIN_LIMIT && (n = in.read(buf)) > 0) {
      read += n;
    }
  }

  private static void error(HttpExchange x, int status, String message) throws IOException {
    String line = Json.compact(Json.object().put("error", PlainText.safeLine(message)));
    send(x, status, "application/json", DecisionService.bytes(line));
  }

  private static void send(HttpExchange x, int status, String type, byte[] body) throws IOException {
    x.getResponseHeaders().set("Content-Type", type);
    x.sendResponseHeaders(status, body == null ? -1 : body.length == 0 ? -1 : body.length);
    if (body != null && body.length > 0) {
      x.getResponseBody().write(body);
    }
  }
}
