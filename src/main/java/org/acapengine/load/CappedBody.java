package org.acapengine.load;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Reads a response body as a stream and keeps its first {@code cap} bytes; at the first byte
 * beyond them it cancels the stream (which closes the connection), so the rest is neither
 * buffered nor waited for. A cap of zero discards the body at once (for answers whose body does
 * not matter: redirects and errors). One buffer of the server's is requested at a time.
 */
final class CappedBody implements HttpResponse.BodySubscriber<CappedBody.Body> {

  /** The bytes kept, and whether the body went on beyond them. */
  record Body(byte[] bytes, boolean truncated) {}

  private final int cap;
  private final ByteArrayOutputStream out;
  private final CompletableFuture<Body> result = new CompletableFuture<>();
  private volatile Flow.Subscription subscription;

  CappedBody(int cap) {
    this.cap = cap;
    this.out = new ByteArrayOutputStream(Math.min(cap, 8192));
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    subscription = s;
    if (cap == 0) {
      s.cancel();
      result.complete(new Body(new byte[0], false));
    } else {
      s.request(1);
    }
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    if (result.isDone()) {
      return;
    }
    for (ByteBuffer b : buffers) {
      int room = cap - out.size();
      int n = Math.min(room, b.remaining());
      if (n > 0) {
        byte[] chunk = new byte[n];
        b.get(chunk);
        out.write(chunk, 0, n);
      }
      if (b.hasRemaining()) {
        finish(true);
        return;
      }
    }
    subscription.request(1);
  }

  @Override
  public void onError(Throwable t) {
    result.completeExceptionally(t);
  }

  @Override
  public void onComplete() {
    result.complete(new Body(out.toByteArray(), false));
  }

  @Override
  public CompletionStage<Body> getBody() {
    return result;
  }

  /** Stops reading (the caller gave up waiting). */
  void cancel() {
    Flow.Subscription s = subscription;
    if (s != null) {
      s.cancel();
    }
    result.cancel(false);
  }

  private void finish(boolean truncated) {
    subscription.cancel();
    result.complete(new Body(out.toByteArray(), truncated));
  }
}
