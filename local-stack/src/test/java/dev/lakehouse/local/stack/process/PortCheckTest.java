package dev.lakehouse.local.stack.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.local.stack.LocalStack;
import dev.lakehouse.local.stack.PortsTakenException;
import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.components.ServicesComponent;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.testkit.FreePorts;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortCheckTest {

  @Test
  void aPortSomeoneListensOnIsTakenAndItsMessageNamesPortAndSetting() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();

      assertThat(PortCheck.isFree(port)).isFalse();
      assertThatThrownBy(() -> PortCheck.requireFree("the Kafka Connect worker", port, Setting.CONNECT_PORT))
          .isInstanceOf(StackException.class)
          .hasMessage("Cannot start the Kafka Connect worker: port " + port + " is already in use by another program. "
              + "Stop that program (`ss -ltnp 'sport = :" + port + "'` shows it) or choose another port: "
              + "set connect.port in lakehouse.properties or the environment variable LAKEHOUSE_CONNECT_PORT.");
    }
  }

  @Test
  void aClosedPortIsFree() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    assertThat(PortCheck.isFree(port)).isTrue();
  }

  @Test
  void upRefusesToStartAnythingWhenAPortIsTaken(@TempDir Path repo) throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int s3Port = taken.getLocalPort();
      StackConfig config = StackConfig.of(repo, Map.of(
          Setting.KAFKA_PORT, Integer.toString(FreePorts.pickWithNext()), Setting.S3_PORT, Integer.toString(s3Port)));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      LocalStack stack = new LocalStack(config, List.of(new ServicesComponent("unused")), new PrintStream(out, true));

      assertThatThrownBy(stack::up)
          .isInstanceOfSatisfying(PortsTakenException.class, e -> assertThat(e.ports()).containsExactly(s3Port))
          .hasMessage("Cannot start Kafka broker, S3 server, catalog and topics: port " + s3Port
              + " is already in use by another program. Stop that program (`ss -ltnp 'sport = :" + s3Port
              + "'` shows it) or choose another port: set s3.port in lakehouse.properties or the environment variable"
              + " LAKEHOUSE_S3_PORT.");
      assertThat(out.toString()).isEmpty();
      assertThat(config.layout().pidFile(ServicesComponent.NAME)).doesNotExist();
    }
  }
}
