package org.acapengine.serve;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;

/**
 * The web page's files, read from the jar ({@code web/} beside this class) once, at start: a fixed
 * map from request path to bytes. No request path ever names a file on disk, and nothing is
 * fetched from elsewhere at run time.
 */
final class Assets {

  /** One file: its content type and bytes. */
  record Asset(String contentType, byte[] bytes) {}

  private final Map<String, Asset> byPath;

  Assets() {
    Asset index = read("index.html", "text/html; charset=utf-8");
    byPath = Map.of("/", index, "/index.html", index, "/app.js", read("app.js", "text/javascript; charset=utf-8"), "/app.css",
        read("app.css", "text/css; charset=utf-8"));
  }

  Optional<Asset> get(String path) {
    return Optional.ofNullable(byPath.get(path));
  }

  static byte[] resource(String name) {
    try (InputStream in = Assets.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the bundled " + name + " is missing from the jar");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Asset read(String name, String type) {
    return new Asset(type, resource("web/" + name));
  }
}
