package org.acapengine.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The page of {@code acap serve} in a real headless Chromium, as a site owner uses it: paste the
 * spec's worked example, test three URLs and see the deciding lines lit, open the explanation, the
 * audit matrix and the diff; a robots.txt carrying {@code <script>} stays text. One browser for
 * the class; screenshots of each view in target/screenshots/.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ServeBrowserTest {

  static final String WORKED = Http.file("grammars-samples/spec-2-1-worked-example.robots.txt");
  static ChromeDriver browser;
  static AcapServer server;

  @BeforeAll
  static void start() throws IOException {
    browser = Browser.start();
    if (browser == null) {
      return;
    }
    server = AcapServer.start(ServeOptions.defaults().withAddress(InetAddress.getLoopbackAddress(), 0), l -> {});
    browser.get(server.uri().toString());
  }

  @BeforeEach
  void needsTheBrowser() {
    Browser.skipWithout(browser);
  }

  @AfterAll
  static void stop() {
    try {
      Path profile = Browser.quit(browser);
      if (profile != null) {
        assertThat(Browser.processesUsing(profile)).as("Chromium processes still running with " + profile).isEmpty();
        assertThat(profile).as("the browser's profile directory, once it has quit").doesNotExist();
      }
    } finally {
      if (server != null) {
        server.close();
      }
    }
  }

  static WebElement id(String id) {
    return browser.findElement(By.id(id));
  }

  static WebElement line(int n) {
    return browser.findElement(By.cssSelector("#lines-robots_txt [data-line='" + n + "']"));
  }

  static List<WebElement> results() {
    return browser.findElements(By.cssSelector("#results tbody tr"));
  }

  /** Replaces the robots.txt in the editor by typing {@code text} into it. */
  static void type(String text) {
    WebElement editor = id("text-robots_txt");
    editor.click();
    editor.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE);
    editor.sendKeys(text);
    int lines = text.split("\n", -1).length - (text.endsWith("\n") ? 1 : 0);
    Browser.until("the editor's " + lines + " lines", () -> browser.findElements(By.cssSelector("#lines-robots_txt .ln")).size() == lines);
  }

  /** Replaces the robots.txt in the editor as a paste does: the whole text at once, then an input event. */
  static void paste(String text) {
    browser.executeScript("const t = arguments[0]; t.focus(); t.value = arguments[1];"
        + " t.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertFromPaste'}));", id("text-robots_txt"), text);
    int lines = text.split("\n", -1).length - (text.endsWith("\n") ? 1 : 0);
    Browser.until("the editor's " + lines + " lines", () -> browser.findElements(By.cssSelector("#lines-robots_txt .ln")).size() == lines);
  }

  static void test(String crawler, String usage, String... urls) {
    id("crawler").clear();
    id("crawler").sendKeys(crawler);
    id("usage").clear();
    id("usage").sendKeys(usage);
    id("urls").clear();
    id("urls").sendKeys(String.join("\n", urls));
    id("test").click();
    Browser.until(urls.length + " results", () -> results().size() == urls.length && results().get(0).findElement(By.cssSelector("td.url")).getText().equals(urls[0]));
  }

  @Test
  @Order(1)
  void thePageLoadsWithItsEditorAndLint() {
    assertThat(browser.getTitle()).isEqualTo("acap-engine: robots.txt tester");
    Browser.until("the first lint", () -> !id("lint-count").getText().isEmpty());
    Browser.until("the crawler suggestions", () -> browser.findElements(By.cssSelector("#crawler-list option")).size() > 20);
    assertThat(line(1).getText()).isEqualTo("User-agent: *");
  }

  @Test
  @Order(2)
  void theWorkedExampleDecidesThreeUrlsWithTheirLinesLit() {
    type(WORKED);
    test("named-crawler", "crawl", "/public/report.html", "/private/secret.html", "/news/today.html");
    List<WebElement> rows = results();
    assertThat(rows).extracting(r -> r.findElement(By.cssSelector("td.verdict")).getText()).containsExactly("✓ allowed", "✗ prohibited", "✓ allowed");
    assertThat(rows).extracting(r -> r.getAttribute("data-line")).containsExactly("38", "33", "38");
    assertThat(rows.get(1).findElement(By.cssSelector("td.where")).getText()).isEqualTo("line 33: ACAP-disallow-crawl: /");
    assertThat(line(38).getAttribute("class")).contains("decided", "decided-allowed");
    assertThat(line(33).getAttribute("class")).contains("decided", "decided-prohibited");
    assertThat(line(34).getAttribute("class")).doesNotContain("decided");
    assertThat(id("text-robots_txt").getAttribute("scrollTop")).as("the text stays over its line backgrounds").isEqualTo("0");
    // a result selects its line in the editor; the explanation is one click away
    rows.get(1).click();
    Browser.until("line 33 selected", () -> line(33).getAttribute("class").contains("selected"));
    rows.get(1).findElement(By.cssSelector("button.explain")).click();
    Browser.until("the explanation", () -> id("explanation").isDisplayed() && id("explanation-text").getText().contains("verdict: PROHIBITED"));
    assertThat(id("explanation-text").getText()).contains("robots.txt:33: ACAP-disallow-crawl: /", "why:");
    Browser.screenshot(browser, "tester");
  }

  @Test
  @Order(3)
  void lintFindingsStandOnTheirLines() {
    paste(WORKED.replace("ACAP-disallow-crawl: /", "ACAP-disalow-crawl: /"));
    Browser.until("a finding on line 33", () -> line(33).getAttribute("class").contains("sev-error"));
    WebElement finding = browser.findElement(By.cssSelector("#findings li[data-line='33']"));
    assertThat(finding.getText()).contains("unknown-acap-field", "did you mean 'ACAP-disallow-crawl'?", "fix: ");
    WebElement gutter = browser.findElement(By.cssSelector("#editor-robots_txt .gutter [data-line='33']"));
    assertThat(gutter.getText()).contains("✖");
    assertThat(gutter.getAttribute("title")).contains("unknown-acap-field");
    Browser.screenshot(browser, "editor");
    paste(WORKED);
  }

  @Test
  @Order(4)
  void aContentSignalHeaderAddedBesideTheFileDecidesAPurpose() {
    id("add-source").findElement(By.cssSelector("option[value='content_signal']")).click();
    Browser.until("the Content-Signal editor", () -> id("text-content_signal").isDisplayed());
    id("text-content_signal").sendKeys("search=yes, ai-train=no");
    id("purpose").sendKeys("ai-train");
    test("named-crawler", "index", "/public/report.html");
    WebElement row = results().get(0);
    assertThat(row.findElement(By.cssSelector("td.verdict")).getText()).isEqualTo("✗ prohibited");
    assertThat(row.findElement(By.cssSelector("td.where")).getText()).isEqualTo("Content-Signal header: search=yes, ai-train=no");
    id("purpose").clear();
    id("source-content_signal").findElement(By.cssSelector(".remove")).click();
    Browser.until("the robots.txt editor again", () -> id("text-robots_txt").isDisplayed());
  }

  @Test
  @Order(5)
  void theAuditShowsAMatrixWithSymbolsAndALegend() {
    id("tab-audit").click();
    id("run-audit").click();
    Browser.until("the audit", () -> browser.findElements(By.cssSelector("#audit-table tbody tr")).size() > 20);
    WebElement gpt = browser.findElement(By.cssSelector("#audit-table tbody tr[data-crawler='GPTBot']"));
    List<WebElement> cells = gpt.findElements(By.tagName("td"));
    assertThat(cells.get(1).getText()).isEqualTo("OpenAI");
    assertThat(cells.get(2).getText()).isEqualTo("Scrapes data to train OpenAI's products.");
    assertThat(id("audit-table").findElements(By.cssSelector("thead th"))).extracting(WebElement::getText)
        .startsWith("crawler", "operator", "function", "crawl /");
    assertThat(cells.get(3).getText()).isEqualTo("✗ prohibited");
    assertThat(cells.get(3).getAttribute("class")).contains("v-prohibited");
    assertThat(cells.get(3).getAttribute("title")).isEqualTo("robots.txt:33: ACAP-disallow-crawl: /");
    assertThat(browser.findElement(By.cssSelector("#audit-table tbody tr[data-crawler='Googlebot']"))).isNotNull();
    // kept out of the site: the purposes nobody states are blocked (crawl), a look of their own
    assertThat(cells.subList(4, cells.size())).extracting(WebElement::getText).contains("⊘ blocked (crawl)");
    assertThat(cells.subList(4, cells.size())).filteredOn(c -> c.getText().equals("⊘ blocked (crawl)"))
        .allSatisfy(c -> assertThat(c.getAttribute("class")).contains("v-blocked").doesNotContain("v-prohibited"));
    // the legend in acap audit's words, each label with its symbol
    assertThat(browser.findElements(By.cssSelector("#legend li"))).extracting(WebElement::getText).containsExactlyElementsOf(
        org.acapengine.audit.AuditReport.LEGEND.stream().map(l -> l.labels().stream().map(x -> org.acapengine.report.AuditLegend.of(x).symbol() + " " + x)
            .collect(java.util.stream.Collectors.joining(" ")) + " " + l.meaning()).toList());
    Browser.screenshot(browser, "audit");
  }

  @Test
  @Order(6)
  void theDiffShowsWhatAnEditChanges() {
    id("tab-diff").click();
    id("diff-from-editor").click();
    WebElement after = id("diff-after");
    after.click();
    after.sendKeys(Keys.chord(Keys.CONTROL, Keys.END), "\nACAP-crawler: GPTBot\nACAP-allow-crawl: /news/\n");
    id("run-diff").click();
    Browser.until("the changes", () -> !browser.findElements(By.cssSelector("#diff-table tbody tr")).isEmpty());
    assertThat(id("diff-summary").getText()).contains("verdict");
    assertThat(browser.findElements(By.cssSelector("#diff-table tbody tr"))).extracting(WebElement::getText)
        .anyMatch(t -> t.startsWith("GPTBot crawl /news/") && t.contains("✗ prohibited") && t.contains("✓ allowed"));
    Browser.screenshot(browser, "diff");
  }

  @Test
  @Order(7)
  void aScriptInTheFileShowsAsTextAndNeverRuns() {
    id("tab-editor").click();
    String hostile = "# <script>alert(1)</script>\nUser-agent: *\nDisallow: /<img src=x onerror=alert(2)>\nACAP-crawler: *\nACAP-disalow-<b>x</b>: /\n";
    paste(hostile);
    test("<script>alert(3)</script>", "crawl", "/<img src=x onerror=alert(4)>");
    results().get(0).findElement(By.cssSelector("button.explain")).click();
    Browser.until("the explanation", () -> id("explanation").isDisplayed());
    Browser.until("the findings", () -> id("findings").getText().contains("ACAP-disalow-<b>x</b>"));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> browser.switchTo().alert()).isInstanceOf(NoAlertPresentException.class);
    assertThat(line(1).getText()).isEqualTo("# <script>alert(1)</script>");
    assertThat(results().get(0).findElement(By.cssSelector("td.url")).getText()).isEqualTo("/<img src=x onerror=alert(4)>");
    assertThat(browser.findElements(By.tagName("script"))).hasSize(1);
    assertThat(browser.findElements(By.tagName("img"))).isEmpty();
    assertThat(browser.findElements(By.tagName("b"))).isEmpty();
    Browser.screenshot(browser, "escaping");
  }
}
