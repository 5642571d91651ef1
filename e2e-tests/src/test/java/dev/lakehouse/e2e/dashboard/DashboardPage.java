package dev.lakehouse.e2e.dashboard;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.awaitility.Awaitility;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The pipeline dashboard as a visitor sees it, read from the rendered page: a chart is found by its
 * title ({@code data-test-chart-name}), a table cell by its column ({@code aria-labelledby="header-<column>"}).
 */
public final class DashboardPage {
  private static final Duration RENDER_TIMEOUT = Duration.ofMinutes(2);

  private final ChromeDriver driver;

  private DashboardPage(ChromeDriver driver) {
    this.driver = driver;
  }

  /** Opens {@code url} and waits until every named chart has rendered a figure or a table. */
  public static DashboardPage open(ChromeDriver driver, String url, String bigNumberChart, List<String> tableCharts) {
    driver.get(url);
    DashboardPage page = new DashboardPage(driver);
    Awaitility.await("the dashboard's charts at " + url).atMost(RENDER_TIMEOUT).pollInterval(Duration.ofSeconds(1))
        .ignoreExceptions()
        .until(() -> !page.chart(bigNumberChart).findElements(By.cssSelector(".header-line")).isEmpty()
            && tableCharts.stream().allMatch(name -> !page.chart(name).findElements(By.cssSelector("tbody tr td")).isEmpty()));
    return page;
  }

  /** The figure of a Big Number chart, as displayed (e.g. {@code 1,286}). */
  public String bigNumber(String chart) {
    return chart(chart).findElement(By.cssSelector(".header-line")).getText().strip();
  }

  /** The displayed cells of a table chart, one list per row, in the given column order. */
  public List<List<String>> rows(String chart, String... columns) {
    List<List<String>> rows = new ArrayList<>();
    for (WebElement row : chart(chart).findElements(By.cssSelector("tbody tr"))) {
      List<String> cells = new ArrayList<>();
      for (String column : columns) {
        cells.add(row.findElement(By.cssSelector("td[aria-labelledby='header-" + column + "']")).getText().strip());
      }
      rows.add(cells);
    }
    return rows;
  }

  public void screenshot(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
  }

  private WebElement chart(String name) {
    return driver.findElement(By.cssSelector("[data-test-chart-name='" + name + "']"));
  }
}
