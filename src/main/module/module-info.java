/**
 * acap-engine's declared API. This descriptor is not compiled with the sources: it is added to the
 * library jar after shading, so it names no bundled (relocated) library, and every package it does
 * not export (the command line, the generated parser, helpers, the relocated libraries) stays
 * internal. On the class path, where most crawlers run, it is inert; it still says what the API is,
 * and the build holds to it (LayeringTest, ApiSurfaceTest, ApiCompatibilityTest; README
 * "Compatibility").
 */
module org.acapengine {
  requires java.net.http;

  // What the relocated libraries need from the JDK, as their own descriptors say (Guava and
  // Jackson log through java.util.logging; Jackson's optional java.sql, java.xml and java.beans
  // support; Guava's optional use of sun.misc.Unsafe), and the services Jackson looks up.
  requires java.logging;
  requires static java.desktop;
  requires static java.sql;
  requires static java.xml;
  requires static jdk.unsupported;

  uses org.acapengine.shaded.jackson.databind.Module;
  uses org.acapengine.shaded.jackson.core.ObjectCodec;

  // Optional, never needed by a library caller: the command line and acap serve (the JDK's HTTP
  // server), .scp.zst, the crawler-commons bridge.
  requires static info.picocli;
  requires static jdk.httpserver;
  requires static com.github.luben.zstd_jni;
  requires static crawler.commons;

  exports org.acapengine.model;
  exports org.acapengine.parse;
  exports org.acapengine.hints;
  exports org.acapengine.eval;
  exports org.acapengine.eval.match;
  exports org.acapengine.adapters.aipref;
  exports org.acapengine.adapters.contentsignal;
  exports org.acapengine.adapters.page;
  exports org.acapengine.adapters.rsl;
  exports org.acapengine.adapters.scorpion;
  exports org.acapengine.adapters.tct;
  exports org.acapengine.adapters.tdmrep;
  exports org.acapengine.site;
  exports org.acapengine.load;
  exports org.acapengine.render;
  exports org.acapengine.lint;
  exports org.acapengine.compat.crawlercommons;
}
