package dev.lakehouse.connect.cli;

import dev.lakehouse.connect.rest.ConnectClient;
import dev.lakehouse.connect.rest.ConnectRequestException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * PUT /connectors/{name}/config, retried with backoff while the worker answers 409 (a rebalance in
 * progress or expected). An identical stored config is left alone: re-writing it would make the
 * worker reconfigure and restart the tasks for nothing.
 */
final class ConfigApplier {
  private static final long FIRST_BACKOFF_MS = 250;
  private static final long MAX_BACKOFF_MS = 4000;

  private ConfigApplier() {}

  /** @return true when the config was written, false when the worker already had it */
  static boolean apply(ConnectClient client, String name, Map<String, String> config, Duration limit) {
    Instant deadline = Instant.now().plus(limit);
    long backoff = FIRST_BACKOFF_MS;
    while (true) {
      try {
        Optional<Map<String, String>> current = client.config(name);
        if (current.isPresent() && current.get().equals(config)) {
          return false;
        }
        client.putConfig(name, config);
        return true;
      } catch (ConnectRequestException e) {
        if (!e.isConflict() || Instant.now().plusMillis(backoff).isAfter(deadline)) {
          throw e;
        }
      }
      Sleeper.sleep(backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    }
  }
}
