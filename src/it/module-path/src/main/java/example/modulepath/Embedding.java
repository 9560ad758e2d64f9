package example.modulepath;

import java.nio.charset.StandardCharsets;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.eval.Decision;
import org.acapengine.eval.Query;
import org.acapengine.parse.RobotsTxtParser;

/** An application module's use of acap-engine: compiled against the exported packages only. */
public final class Embedding {

  private Embedding() {}

  /** Decides a usage of a path for a crawler, by a robots.txt given as text. */
  public static Decision decide(String robots, String crawler, String usage, String path) {
    CompiledPolicy policy = CompiledPolicy.compile(new RobotsTxtParser().parse(robots.getBytes(StandardCharsets.UTF_8), "robots.txt"));
    return policy.decide(Query.builder().crawler(crawler).usage(usage).url(path).build());
  }
}
