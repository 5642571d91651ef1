package dev.lakehouse.local.stack.components;

import dev.lakehouse.local.stack.Progress;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.Http;
import dev.lakehouse.testkit.DashboardScripts;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The pipeline dashboard (Apache Superset, {@code dashboard/}) on dbt's serving views through the
 * local Trino: started and stopped through {@code dashboard/bin/start.sh} and {@code stop.sh}, which
 * provision it from the definition in {@code dashboard/assets} on every start.
 */
public final class DashboardComponent extends ScriptedComponent {
  public static final String NAME = "dashboard";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "Dashboard (Superset)";
  }

  @Override
  public Optional<String> skipReason(StackConfig config) {
    if (!config.enabled(Setting.DASHBOARD_ENABLED)) {
      return Optional.of("dashboard.enabled=false");
    }
    Optional<String> models = new DbtComponent().skipReason(config);
    if (models.isPresent()) {
      return Optional.of("needs the dbt models, which are left out: " + models.get());
    }
    return DashboardScripts.missing(config.repoDir());
  }

  @Override
  public List<PortUse> ports(StackConfig config) {
    return List.of(new PortUse(config.dashboardPort(), Setting.DASHBOARD_PORT));
  }

  @Override
  public boolean isRunning(StackConfig config) {
    return Http.isOk(DashboardScripts.health(DashboardScripts.baseUrl(config.dashboardPort())));
  }

  @Override
  public String start(StackConfig config, Progress progress) {
    runScript(config, "start.sh", progress);
    return DashboardScripts.page(DashboardScripts.baseUrl(config.dashboardPort())) + ", refreshes every minute";
  }

  @Override
  protected Path script(StackConfig config, String name) {
    return DashboardScripts.script(config.repoDir(), name);
  }

  @Override
  protected Map<String, String> environment(StackConfig config) {
    return DashboardScripts.environment(config.dataDir(), config.dashboardPort(), config.trinoPort());
  }
}
