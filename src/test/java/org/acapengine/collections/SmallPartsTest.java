package org.acapengine.collections;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.acapengine.collections.scp.ScpChecksum;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.TypeConversionException;

class SmallPartsTest {

  @TempDir Path dir;

  @Test
  void byteSizes() {
    assertThat(ByteSizeConverter.parse("123")).isEqualTo(123);
    assertThat(ByteSizeConverter.parse("2KiB")).isEqualTo(2048);
    assertThat(ByteSizeConverter.parse("500GB")).isEqualTo(500_000_000_000L);
    assertThat(ByteSizeConverter.parse(" 1 mib ")).isEqualTo(1 << 20);
    for (String bad : List.of("", "0", "-1", "1.5GB", "GB", "12PB", "99999999999999999999", "9000000000TB")) {
      assertThatThrownBy(() -> ByteSizeConverter.parse(bad)).as(bad).isInstanceOf(TypeConversionException.class);
    }
  }

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
  void displayTextIsSafeForTerminals() {
    assertThat(DisplayText.clean("a\u001b[31mb\r\n\u2028c", 100)).isEqualTo("a?[31mb???c");
    assertThat(DisplayText.clean("abcdef", 3)).isEqualTo("abc...");
    assertThat(DisplayText.clean(null, 3)).isEmpty();
  }

  @Test
  void verdictsAndOptionsAreChecked() {
    assertThat(new PageVerdict(true, null, 0, null)).isEqualTo(PageVerdict.byDefault(true));
    assertThatThrownBy(() -> new PageVerdict(true, "robots.txt", -1, "")).isInstanceOf(IllegalArgumentException.class);
    SiteOrigin site = SiteOrigin.parse("https://example.com");
    assertThatThrownBy(() -> new PolicyOptions("r", Optional.empty(), List.of(), "index", Optional.empty(), site))
        .hasMessageContaining("at least one crawler");
    List<String> crawlers = new java.util.ArrayList<>(List.of("a"));
    PolicyOptions options = new PolicyOptions("r", Optional.empty(), crawlers, "index", Optional.empty(), site);
    crawlers.add("b");
    assertThat(options.crawlers()).containsExactly("a");
  }

  @Test
  void statsFoldLinesBeyondTheCapAndSortTheTop() {
    FilterStats stats = new FilterStats();
    for (int i = 0; i < FilterStats.MAX_TRACKED_LINES + 5; i++) {
      stats.read();
      stats.droppedByPolicy(DropReason.USAGE_DISALLOWED, new PageVerdict(false, "robots.txt", i + 1, "line " + i));
    }
    stats.read();
    stats.droppedByPolicy(DropReason.USAGE_DISALLOWED, new PageVerdict(false, "robots.txt", 7, "line 6"));
    stats.read();
    stats.kept();
    FilterSummary s = stats.summary(3);
    assertThat(s.read()).isEqualTo(FilterStats.MAX_TRACKED_LINES + 7);
    assertThat(s.kept()).isEqualTo(1);
    assertThat(s.dropped(DropReason.USAGE_DISALLOWED)).isEqualTo(FilterStats.MAX_TRACKED_LINES + 6);
    assertThat(s.untrackedPolicyDrops()).isEqualTo(5);
    assertThat(s.topDecidingLines()).extracting(DecidingLineCount::line).containsExactly(7, 1, 2);
    assertThat(new DecidingLineCount("", 0, "", 1).location()).isEqualTo("(default)");
  }

  @Test
  void progressMeterDrawsOnlyWhenEnabledAndThrottles() {
    AtomicLong now = new AtomicLong();
    StringWriter text = new StringWriter();
    ProgressMeter meter = new ProgressMeter(new PrintWriter(text), true, "pages", now::get, FilterListener.NONE);
    meter.progress("checking", 1, 10, 1000);
    now.addAndGet(1_000_000);
    meter.progress("checking", 2, 20, 1000);
    now.addAndGet(ProgressMeter.INTERVAL_NANOS);
    meter.progress("checking", 3, 500, 1000);
    meter.clear();
    String drawn = text.toString();
    assertThat(drawn.split("\r", -1).length - 1).isEqualTo(4);
    assertThat(drawn).contains("[#", "  1% checking  1 pages").contains(" 50% checking  3 pages  500 B  2.4 KiB/s  15 pages/s");
    assertThat(drawn).doesNotContain("2 pages");

    StringWriter none = new StringWriter();
    ProgressMeter off = new ProgressMeter(new PrintWriter(none), false, "pages", now::get, FilterListener.NONE);
    off.progress("checking", 1, 10, 1000);
    off.clear();
    assertThat(none.toString()).isEmpty();
    assertThat(ProgressMeter.bytes(5L << 30)).isEqualTo("5.0 GiB");
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
