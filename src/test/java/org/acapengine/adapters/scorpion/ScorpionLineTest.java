package org.acapengine.adapters.scorpion;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScorpionLineTest {

  @ParameterizedTest(name = "''{0}'': {1}, skippable {2}, understood {3}")
  @CsvSource(delimiter = '|', value = {
      "`any comment at all|COMMENT|true|true",
      "`|COMMENT|true|true",
      "@|SECTION|false|true",
      "@<SEARCH>|SECTION|false|true",
      "c/|ALLOW_CRAWL|true|true",
      "C/private/|DISALLOW_CRAWL|false|true",
      "i/|INDEX|true|true",
      "v/drafts/|NO_INDEX|true|true",
      "d/cgi-bin/|DYNAMIC|true|true",
      "Cprivate|DISALLOW_CRAWL|false|false",
      "C|DISALLOW_CRAWL|false|false",
      "c|ALLOW_CRAWL|true|false",
      "' c/'|UNKNOWN|true|false",
      "n20000|ESTIMATED_FILES|true|true",
      "t123|ESTIMATED_SIZE|true|true",
      "N1000|MAX_FILES|false|true",
      "P2|MAX_PARALLEL|false|true",
      "D5|MIN_DELAY|false|true",
      "R604800|RESTART_DELAY|false|true",
      "w86400|POLICY_REFETCH|true|true",
      "N|MAX_FILES|false|false",
      "N1a|MAX_FILES|false|false",
      "N-1|MAX_FILES|false|false",
      "D 5|MIN_DELAY|false|false",
      "D5.5|MIN_DELAY|false|false",
      "n five|ESTIMATED_FILES|true|false",
      "aanything|ARCHIVE|true|false",
      "Xfuture|UNKNOWN|false|false",
      "xfuture|UNKNOWN|true|false",
      "#comment|UNKNOWN|true|false",
      "!bang|UNKNOWN|true|false",
  })
  void commandsParametersAndBit5(String text, String command, boolean skippable, boolean understood) {
    ScorpionLine line = new ScorpionLine(1, text);
    assertThat(line.command().map(Enum::name).orElse("UNKNOWN")).isEqualTo(command);
    assertThat(line.skippableIfNotUnderstood()).isEqualTo(skippable);
    assertThat(line.problem().isEmpty()).isEqualTo(understood);
    assertThat(line.parameter()).isEqualTo(text.substring(1));
  }

  @ParameterizedTest(name = "byte 0x{0}: skippable {1}")
  @CsvSource({"00,false", "1F,false", "20,true", "40,false", "60,true", "7F,true", "80,false", "A0,true", "C0,false", "E0,true", "FF,true"})
  void bit5OfAnyByte(String hex, boolean skippable) {
    ScorpionLine line = new ScorpionLine(1, String.valueOf((char) Integer.parseInt(hex, 16)) + "x");
    assertThat(line.skippableIfNotUnderstood()).isEqualTo(skippable);
  }

  @ParameterizedTest(name = "{0} = {1}, saturated {2}")
  @CsvSource({
      "D0,0,false",
      "D007,7,false",
      "D9223372036854775807,9223372036854775807,false",
      "D0009223372036854775807,9223372036854775807,false",
      "D9223372036854775808,9223372036854775807,true",
      "D99999999999999999999999999,9223372036854775807,true",
  })
  void numbersSaturate(String text, long value, boolean saturated) {
    ScorpionLine line = new ScorpionLine(1, text);
    assertThat(line.numberValue().orElseThrow()).isEqualTo(value);
    assertThat(line.numberSaturated()).isEqualTo(saturated);
  }

  @Test
  void anEmptyLineHasNoCommand() {
    ScorpionLine line = new ScorpionLine(3, "");
    assertThat(line.isEmpty()).isTrue();
    assertThat(line.commandByte()).isEmpty();
    assertThat(line.command()).isEmpty();
    assertThat(line.skippableIfNotUnderstood()).isFalse();
  }
}
