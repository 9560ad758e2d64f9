package example.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.File;
import java.util.Arrays;
import java.util.List;
import org.acapengine.eval.CompiledPolicy;
import org.junit.jupiter.api.Test;

/**
 * The host's own libraries, as the host project put them on the class path (system properties
 * {@code expect.*} set by its POM), load and work beside acap-engine: the class path holds what the
 * POM says, in the order it says, and the host's Jackson accepts jackson-module-scala's version
 * check (the check that stopped Spark 3.5 from starting when acap-engine brought Jackson 2.18).
 * Reflection only: this jar is compiled against acap-engine alone.
 */
class HostTest {

  static final List<String> CLASS_PATH = Arrays.asList(System.getProperty("surefire.test.class.path", "").split(File.pathSeparator));

  @Test
  void theClassPathIsInTheOrderTheHostDeclared() {
    int acap = index("/acap-engine-");
    assertTrue(acap >= 0, CLASS_PATH.toString());
    for (String host : List.of("/jackson-databind-", "/guava-", "/crawler-commons-")) {
      int at = index(host);
      if (at >= 0) {
        boolean acapFirst = "acap-engine".equals(System.getProperty("expect.first"));
        assertEquals(acapFirst, acap < at, host + " relative to acap-engine: " + CLASS_PATH);
      }
    }
  }

  @Test
  void theLibraryBringsNoJacksonGuavaOrCaffeine() {
    for (String jar : List.of("/jackson-core-", "/jackson-databind-", "/jackson-dataformat-toml-", "/guava-", "/caffeine-")) {
      int at = index(jar);
      String expected = switch (jar) {
        case "/jackson-core-", "/jackson-databind-" -> System.getProperty("expect.jackson", "");
        case "/guava-" -> System.getProperty("expect.guava", "");
        default -> "";
      };
      if (expected.isEmpty()) {
        assertEquals(-1, at, jar + " on the class path: " + CLASS_PATH);
      } else {
        assertTrue(at >= 0 && CLASS_PATH.get(at).contains(jar + expected + (jar.equals("/guava-") ? "" : ".jar")),
            jar + expected + " expected: " + CLASS_PATH);
      }
    }
  }

  @Test
  void jacksonModuleScalaAcceptsTheHostsJackson() throws Exception {
    String version = System.getProperty("expect.jackson", "");
    assumeFalse(version.isEmpty(), "this host has no Jackson");
    Class<?> versionClass = Class.forName("com.fasterxml.jackson.databind.cfg.PackageVersion");
    assertEquals(version, versionClass.getField("VERSION").get(null).toString());
    Object mapper = Class.forName("com.fasterxml.jackson.databind.ObjectMapper").getConstructor().newInstance();
    Class<?> module = Class.forName("com.fasterxml.jackson.module.scala.DefaultScalaModule$");
    Object scala = module.getField("MODULE$").get(null);
    mapper.getClass().getMethod("registerModule", Class.forName("com.fasterxml.jackson.databind.Module")).invoke(mapper, scala);
    Object tree = mapper.getClass().getMethod("readTree", String.class).invoke(mapper, "{\"a\": 1}");
    assertEquals("{\"a\":1}", tree.toString());
    assertTrue(CompiledPolicy.class.getName().startsWith("org.acapengine"));
  }

  @Test
  void theHostsGuavaIsItsOwn() throws Exception {
    String version = System.getProperty("expect.guava", "");
    assumeFalse(version.isEmpty(), "this host has no Guava");
    Class<?> immutableMap = Class.forName("com.google.common.collect.ImmutableMap");
    assertTrue(immutableMap.getProtectionDomain().getCodeSource().getLocation().getPath().endsWith("/guava-" + version + ".jar"));
  }

  @Test
  void theHostsCrawlerCommonsIsItsOwn() throws Exception {
    String version = System.getProperty("expect.crawlerCommons", "");
    assumeFalse(version.isEmpty(), "this host has no crawler-commons");
    Class<?> parser = Class.forName("crawlercommons.robots.SimpleRobotRulesParser");
    assertTrue(parser.getProtectionDomain().getCodeSource().getLocation().getPath().endsWith("/crawler-commons-" + version + ".jar"));
    Class<?> bridge = Class.forName("org.acapengine.compat.crawlercommons.AcapRobotRulesParser");
    Object rules = bridge.getMethod("parseContent", String.class, byte[].class, String.class, java.util.Collection.class)
        .invoke(bridge.getConstructor().newInstance(), "https://example.com/robots.txt",
            "User-agent: *\nDisallow: /private/\n".getBytes(java.nio.charset.StandardCharsets.UTF_8), "text/plain", List.of("examplebot"));
    Object allowed = rules.getClass().getMethod("isAllowed", String.class).invoke(rules, "https://example.com/private/a");
    assertEquals(Boolean.FALSE, allowed);
  }

  private static int index(String jarPrefix) {
    for (int i = 0; i < CLASS_PATH.size(); i++) {
      if (CLASS_PATH.get(i).replace('\\', '/').contains(jarPrefix)) {
        return i;
      }
    }
    return -1;
  }
}
