package dev.lakehouse.streams.runtime;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.common.errors.AuthenticationException;

/**
 * Checks at startup that the topics the topology reads and writes exist. The app does not create
 * them: partitions, replication and retention are the platform's choice (the local stack creates
 * them); without this check Kafka Streams would wait for missing source topics with only a log line.
 */
public final class TopicCheck {
  private final Map<String, Object> adminSettings;
  private final Duration timeout;

  public TopicCheck(Map<String, Object> adminSettings, Duration timeout) {
    this.adminSettings = adminSettings;
    this.timeout = timeout;
  }

  /** Throws a {@link StartupException} naming the missing topics, or saying the brokers did not answer. */
  public void requireTopics(Collection<String> required) {
    Object servers = adminSettings.get("bootstrap.servers");
    Set<String> existing;
    try (Admin admin = Admin.create(adminSettings)) {
      existing = admin.listTopics(new ListTopicsOptions().timeoutMs((int) timeout.toMillis()))
          .names().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof AuthenticationException refused) {
        throw new StartupException("Cannot list the topics on " + servers + ": Kafka refused the connection ("
            + refused.getMessage() + "); check kafka.security.protocol, kafka.sasl.mechanism, kafka.sasl.jaas.config "
            + "(LAKEHOUSE_STREAMS_KAFKA_SASL_JAAS_CONFIG) and the kafka.ssl.truststore.* settings", refused);
      }
      throw new StartupException("Cannot list the topics on " + servers + ": no answer within "
          + timeout.toSeconds() + "s (" + e.getMessage() + "); is Kafka running and kafka.bootstrap.servers right?", e);
    } catch (TimeoutException e) {
      throw new StartupException("Cannot list the topics on " + servers + ": no answer within "
          + timeout.toSeconds() + "s (" + e.getMessage() + "); is Kafka running and kafka.bootstrap.servers right?", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StartupException("Cannot list the topics on " + servers + ": interrupted", e);
    }
    List<String> missing = required.stream().filter(topic -> !existing.contains(topic)).sorted().toList();
    if (!missing.isEmpty()) {
      throw new StartupException("Cannot start: topic(s) " + missing + " do not exist on " + servers
          + "; create them (the local stack does at startup) or set startup.topic-check.enabled=false");
    }
  }
}
