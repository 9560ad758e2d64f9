package org.acapengine.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.acapengine.collections.FilterListener;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** The terminal-side parts of the collection commands: byte-size options and the progress bar. */
class CollectionCommandPartsTest {

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
}
