package org.acapengine.collections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.acapengine.collections.scp.ScpChecksum;
import org.acapengine.model.SourceLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SmallPartsTest {

  @TempDir Path dir;

  @Test
  void siteOrigins() {
    SiteOrigin site = SiteOrigin.parse("https://Example.COM");
    assertThat(site).isEqualTo(new SiteOrigin("https", "example.com", 443));
    assertThat(site.toString()).isEqualTo("https://example.com");
    assertThat(SiteOrigin.parse("http://example.com:8080/robots.txt").toString()).isEqualTo("http://example.com:8080");
    assertThat(site.contains(URI.create("https://example.com/a"))).isTrue();
    assertThat(site.contains(URI.create("HTTPS://EXAMPLE.com:443/a"))).isTrue();
    assertThat(site.contains(URI.create("http://example.com/a"))).isFalse();
    assertThat(site.contains(URI.create("https://example.com:444/a"))).isFalse();
    assertThat(site.contains(URI.create("https://sub.example.com/a"))).isFalse();
    assertThat(site.contains(URI.create("https://user@example.com/a"))).isTrue();
    assertThat(SiteOrigin.parseHttpUrl("https://[::1]:8443/x")).isPresent();
    for (String bad : new String[] {"ftp://example.com/", "mailto:a@example.com", "/relative", "https://", "https:///x",
        "https://exa mple.com/", "javascript:alert(1)", "", "https://ex_ample.com/"}) {
      assertThat(SiteOrigin.parseHttpUrl(bad)).as(bad).isEmpty();
    }
    assertThatThrownBy(() -> SiteOrigin.parse("example.com")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void checksums() {
    String hex = "ab".repeat(32);
    assertThat(ScpChecksum.parseHex("sha256:" + hex)).contains(hex);
    assertThat(ScpChecksum.parseHex("sha256:" + hex.toUpperCase(java.util.Locale.ROOT))).contains(hex);
    assertThat(ScpChecksum.parseHex("SHA256:" + hex)).isEmpty();
    assertThat(ScpChecksum.parseHex("sha256:" + hex + "0")).isEmpty();
    assertThat(ScpChecksum.parseHex("sha256:" + "g".repeat(64))).isEmpty();
    assertThat(ScpChecksum.parseHex("sha256:" + "\uFF21".repeat(64))).isEmpty();
    assertThat(ScpChecksum.format(ScpChecksum.newDigest().digest()))
        .isEqualTo("sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  }

  @Test
  void verdictsCarryTheirLineOrTheirBasis() {
    SourceLine line = new SourceLine("robots.txt", 3, "Disallow: /");
    assertThat(PageVerdict.byLine(false, line).reportedLine()).isEqualTo(line);
    assertThat(PageVerdict.byLine(false, line).basis()).isEmpty();
    assertThat(PageVerdict.byBasis(true, "default-allow").reportedLine()).isEqualTo(new SourceLine("", 0, "default-allow"));
    assertThat(new PageVerdict(true, Optional.empty(), null)).isEqualTo(PageVerdict.byDefault(true));
    assertThat(new PageVerdict(true, Optional.of(line), "ignored").basis()).isEmpty();
    assertThatThrownBy(() -> new PageVerdict(true, null, "")).isInstanceOf(NullPointerException.class);
  }

  @Test
  void statsFoldLinesBeyondTheCapAndSortTheTop() {
    FilterStats stats = new FilterStats();
    for (int i = 0; i < FilterStats.MAX_TRACKED_LINES + 5; i++) {
      stats.read();
      stats.droppedByPolicy(DropReason.USAGE_DISALLOWED, PageVerdict.byLine(false, new SourceLine("robots.txt", i + 1, "line " + i)));
    }
    stats.read();
    stats.droppedByPolicy(DropReason.USAGE_DISALLOWED, PageVerdict.byLine(false, new SourceLine("robots.txt", 7, "line 6")));
    stats.read();
    stats.kept();
    FilterSummary s = stats.summary(3);
    assertThat(s.read()).isEqualTo(FilterStats.MAX_TRACKED_LINES + 7);
    assertThat(s.kept()).isEqualTo(1);
    assertThat(s.dropped(DropReason.USAGE_DISALLOWED)).isEqualTo(FilterStats.MAX_TRACKED_LINES + 6);
    assertThat(s.untrackedPolicyDrops()).isEqualTo(5);
    assertThat(s.topDecidingLines()).extracting(c -> c.line().line()).containsExactly(7, 1, 2);
    assertThat(new DecidingLineCount(new SourceLine("", 0, ""), 1).location()).isEqualTo("(default)");
  }

  @Test
  void atomicOutputAppearsOnlyOnCommit() throws IOException {
    Path target = dir.resolve("out.txt");
    try (AtomicOutput out = AtomicOutput.create(target)) {
      out.stream().write("partial".getBytes(java.nio.charset.StandardCharsets.UTF_8));
      assertThat(out.tempFile()).exists();
    }
    assertThat(target).doesNotExist();
    try (AtomicOutput out = AtomicOutput.create(target)) {
      out.stream().write("done".getBytes(java.nio.charset.StandardCharsets.UTF_8));
      out.commit();
    }
    assertThat(target).hasContent("done");
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactly(target);
    }
    assertThatThrownBy(() -> AtomicOutput.create(dir.resolve("missing/out.txt"))).hasMessageContaining("does not exist");
  }
}
