package dev.lakehouse.local.stack.config;

import dev.lakehouse.connect.cli.ConnectConfigCli;
import dev.lakehouse.local.stack.InvalidInputException;
import java.util.regex.Pattern;

/**
 * One replay of the inputs beside the live pipeline (docs/operations.md "Replaying history"): its
 * own Streams application id, output topics under a prefix, connector and namespace, all named
 * after its id as the IAM templates expect.
 */
public record Replay(String id) {
  private static final Pattern ID = Pattern.compile("[a-z0-9]{1,16}");

  public Replay {
    if (id == null || !ID.matcher(id).matches()) {
      throw new InvalidInputException("Cannot use replay id '" + id + "': expected 1 to 16 lowercase letters or digits,"
          + " such as 2 (it names the namespace lakehouse_replay_2 and the topics replay-2.*)");
    }
  }

  public String namespace() {
    return "lakehouse_replay_" + id;
  }

  /** What the replay's Streams app writes its outputs under ({@code output.topic-prefix}). */
  public String topicPrefix() {
    return "replay-" + id + ".";
  }

  public String applicationId(StackConfig config) {
    return config.streamsApplicationId() + "-replay-" + id;
  }

  public String connectorName() {
    return ConnectConfigCli.DEFAULT_CONNECTOR_NAME + "-replay-" + id;
  }
}
