package org.acapengine.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** A test's HTTP client for a server on 127.0.0.1: JSON posts, raw requests, and the answers read back. */
final class Http {

  static final ObjectMapper JSON = new ObjectMapper();

  /** An answer: status, body text, and the body as JSON when it is. */
  record Answer(int status, String body, HttpResponse<String> raw) {
    JsonNode json() {
      try {
        return JSON.readTree(body);
      } catch (IOException e) {
        throw new AssertionError("not JSON: " + body, e);
      }
    }
  }

  final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).version(HttpClient.Version.HTTP_1_1).build();
  final URI base;

  Http(URI base) {
    this.base = base;
  }

  static ObjectNode object() {
    return JSON.createObjectNode();
  }

  static String file(String path) {
    try {
      return Files.readString(Path.of(path), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Answer post(String path, Object body) {
    return post(path, body instanceof String s ? s : write(body), "application/json");
  }

  Answer post(String path, String body, String contentType) {
    return send(HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60)).header("Content-Type", contentType)
        .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build());
  }

  CompletableFuture<Answer> postAsync(String path, Object body) {
    HttpRequest r = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60)).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(write(body), StandardCharsets.UTF_8)).build();
    return client.sendAsync(r, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)).thenApply(a -> new Answer(a.statusCode(), a.body(), a));
  }

  Answer get(String path) {
    return send(HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30)).GET().build());
  }

  Answer send(HttpRequest r) {
    try {
      HttpResponse<String> a = client.send(r, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      return new Answer(a.statusCode(), a.body(), a);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  static String write(Object body) {
    try {
      return JSON.writeValueAsString(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
