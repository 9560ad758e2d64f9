package org.acapengine.load;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.acapengine.eval.CompiledPolicy;
import org.acapengine.model.Diagnostic;
import org.acapengine.model.DiagnosticCode;
import org.acapengine.model.Severity;
import org.acapengine.site.PolicySource;
import org.acapengine.site.RobotsSource;
import org.acapengine.site.SitePolicy;

/**
 * What {@link SiteLoader#load} gave for a whole site: the policy, each file's load, and the
 * notices a person deciding with it should see.
 *
 * @param policy the site's policy; empty when a file could not be read
 * @param files every file's load, in the order read (robots.txt first); each value is the source
 *     made of it, or empty when the file could not be read or was rejected whole
 * @param notices the findings of every file but the robots.txt at warning or above, each with the
 *     name of its file: a misspelt llm-policy.json flag silently drops a prohibition, and a file
 *     rejected whole is read as if the site had none, so both must be shown. The robots.txt's own
 *     findings are {@code acap lint}'s to report, but one: a robots.txt (or a file it references)
 *     cut at the size limit ({@code file-truncated}), since what was not read decides nothing.
 * @param robots the robots.txt's compiled policy, when one was read or fetched (none for a URL
 *     that was unavailable or unreachable): what {@code explain} traces and {@code diff} compares
 */
public record LoadedSite(Optional<SitePolicy> policy, List<Loaded<PolicySource>> files, List<Notice> notices, Optional<CompiledPolicy> robots) {

  /**
   * The code of the notice that an RSL licence the site names (a {@code License:} line, a page's
   * link) was not fetched because network access is off ({@link LoadOptions#fetchReferences()}):
   * its decisions go without the licence's terms.
   */
  public static final String LICENCE_NOT_FETCHED = "rsl-not-fetched";

  /**
   * One finding about one of a site's files.
   *
   * @param source the file's name as given
   * @param diagnostic the finding, with its place in the file
   */
  public record Notice(String source, Diagnostic diagnostic) {
    /**
     * Checks that no component is null.
     *
     * @param source the file's name as given
     * @param diagnostic the finding
     */
    public Notice {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(diagnostic, "diagnostic");
    }
  }

  /**
   * Copies the lists.
   *
   * @param policy the site's policy; empty when a file could not be read
   * @param files every file's load, in the order read
   * @param notices the findings to show
   * @param robots the robots.txt's compiled policy, when one was read or fetched
   */
  public LoadedSite {
    Objects.requireNonNull(policy, "policy");
    files = List.copyOf(files);
    notices = List.copyOf(notices);
    Objects.requireNonNull(robots, "robots");
  }

  /**
   * Why the site could not be had: the first file that could not be read.
   *
   * @return the failure of the first file that failed, one line; empty when every file was read
   */
  public Optional<String> failure() {
    return files.stream().flatMap(l -> l.failure().stream()).findFirst();
  }

  /**
   * The policy; on a failure, the exception {@code toThrow} makes of the reason. For callers that
   * stop on an unreadable file (the command line's "exit 2").
   *
   * @param <X> the type of exception thrown
   * @param toThrow makes the exception from the failure's text
   * @return the policy
   */
  public <X extends RuntimeException> SitePolicy orElseThrow(Function<String, X> toThrow) {
    return policy.orElseThrow(() -> toThrow.apply(failure().orElse("the site could not be loaded")));
  }

  /**
   * A site policy of one robots.txt source (none when empty) and other sources, in the order
   * {@link LoadedSite} lists them.
   *
   * @param robots the robots.txt source, if any
   * @param others the other sources, in order
   * @param clock the clock dated sources are read by
   * @return the policy
   */
  static SitePolicy assemble(Optional<PolicySource> robots, List<PolicySource> others, java.time.Clock clock) {
    SitePolicy.Builder b = SitePolicy.builder().clock(clock);
    robots.ifPresent(b::robots);
    others.forEach(b::source);
    return b.build();
  }

  /**
   * The findings among {@code diagnostics} that say content was cut at the size limit ({@code
   * file-truncated}).
   *
   * @param diagnostics a file's findings
   * @return those about truncation, in order
   */
  public static List<Diagnostic> truncations(List<Diagnostic> diagnostics) {
    return diagnostics.stream().filter(d -> d.code().equals(DiagnosticCode.FILE_TRUNCATED.code())).collect(Collectors.toList());
  }

  /** Collects the files of a site as {@link SiteLoader#load} reads them, in order. */
  static final class Parts {
    private final List<Loaded<PolicySource>> files = new ArrayList<>();
    private final List<Notice> notices = new ArrayList<>();
    private Loaded<PolicySource> robots;
    private Optional<CompiledPolicy> compiled = Optional.empty();

    /**
     * The robots.txt as read: its source and compiled policy. Its findings are lint's, not
     * notices, but for being cut at the size limit.
     */
    void robots(SiteFileReader.Robots r, String name) {
      robots = r.source(name);
      compiled = r.compiled() == null ? Optional.empty() : r.compiled().value();
      files.add(robots);
      if (r.compiled() != null) {
        notices(name, truncations(r.compiled().diagnostics()));
      }
    }

    /**
     * A robots.txt source the caller holds; its compiled policy, when it has one, and then a notice
     * when that file was cut at the size limit (a fetched file's body past the limit), as for a file read.
     */
    void robots(PolicySource source) {
      robots = Loaded.of(source.name(), source, List.of());
      compiled = source instanceof RobotsSource r ? Optional.of(r.policy()) : Optional.empty();
      files.add(robots);
      compiled.ifPresent(c -> notices(source.name(), truncations(c.document().diagnostics())));
    }

    /** The robots.txt's compiled policy, once {@link #robots} has read one. */
    Optional<CompiledPolicy> compiled() {
      return compiled;
    }

    /** Another file, made into a source when it was read and not rejected whole. */
    <T> void add(Loaded<T> l, Function<? super T, ? extends PolicySource> source) {
      files.add(new Loaded<>(l.source(), l.value().map(source), l.diagnostics(), l.failure()));
      notices(l.source(), l.diagnostics());
    }

    /** Findings about a file, of which those at warning or above are shown. */
    void notices(String source, List<Diagnostic> diagnostics) {
      for (Diagnostic d : diagnostics) {
        if (d.severity().atLeast(Severity.WARNING)) {
          notices.add(new Notice(source, d));
        }
      }
    }

    LoadedSite site(Clock clock) {
      boolean failed = files.stream().anyMatch(l -> l.failure().isPresent());
      Optional<SitePolicy> policy = Optional.empty();
      if (!failed) {
        List<PolicySource> others = new ArrayList<>();
        for (Loaded<PolicySource> l : files) {
          if (l != robots) {
            l.value().ifPresent(others::add);
          }
        }
        policy = Optional.of(assemble(robots == null ? Optional.empty() : robots.value(), others, clock));
      }
      return new LoadedSite(policy, files, notices, compiled);
    }
  }
}
