package dev.lakehouse.local.stack.components;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectWorkerComponentTest {
  @TempDir Path repo;

  @Test
  void keepsTheTemplateAndPutsInThisStacksAddresses() throws Exception {
    Path template = repo.resolve("connect-config/config/worker.properties");
    Files.createDirectories(template.getParent());
    Files.writeString(template, "bootstrap.servers=127.0.0.1:19092\nlisteners=http://127.0.0.1:18083\n"
        + "plugin.path=connect-config/target/plugin\noffset.flush.interval.ms=1000\nconfig.providers=env,file\n");
    StackConfig config = StackConfig.of(repo, Map.of(Setting.KAFKA_PORT, "29092", Setting.CONNECT_PORT, "28083"));

    assertThat(ConnectWorkerComponent.workerProperties(config))
        .containsEntry("bootstrap.servers", "127.0.0.1:29092")
        .containsEntry("listeners", "http://127.0.0.1:28083")
        .containsEntry("rest.advertised.port", "28083")
        .containsEntry("plugin.path", repo.toAbsolutePath().resolve("connect-config/target/plugin").toString())
        .containsEntry("offset.flush.interval.ms", "1000")
        .containsEntry("config.providers", "env,file");
  }

  @Test
  void aMissingTemplateSaysWhatToDo() {
    StackConfig config = StackConfig.of(repo, Map.of());

    assertThatThrownBy(() -> ConnectWorkerComponent.workerProperties(config))
        .isInstanceOf(StackException.class)
        .hasMessage("Cannot start Kafka Connect worker: " + repo.toAbsolutePath().resolve("connect-config/config/worker.properties")
            + " is missing; build the project first with ./lakehouse setup (or mvn -B install -DskipTests)");
  }
}
