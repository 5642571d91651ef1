package dev.lakehouse.e2e.dashboard;

import dev.lakehouse.testkit.Prerequisites;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Headless Chromium from the system's packages (Debian's {@code chromium} and {@code chromium-driver};
 * dashboard/bin/install-browser.sh installs them), driven through its chromedriver. Nothing is
 * downloaded at run time: with both paths given, Selenium does not look for a browser or a driver.
 */
public final class Browser {
  private static final Path CHROMIUM = Path.of(System.getProperty("e2e.chromium", "/usr/bin/chromium"));
  private static final Path CHROMEDRIVER = Path.of(System.getProperty("e2e.chromedriver", "/usr/bin/chromedriver"));

  private Browser() {}

  public static ChromeDriver start() {
    Prerequisites.require(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
        "Chromium and its driver are missing (" + CHROMIUM + ", " + CHROMEDRIVER
            + "); dashboard/bin/install-browser.sh installs them (Debian: apt-get install chromium chromium-driver)");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start
    options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--window-size=1600,1100");
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(CHROMEDRIVER.toString()))
        .usingAnyFreePort().build();
    return new ChromeDriver(service, options);
  }
}
