package dev.lakehouse.streams.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StreamsPropertiesTest {
  @Test
  void defaultsToExactlyOnceWithExplicitNames() {
    Properties props = StreamsProperties.of(new AppConfig(Map.of()));

    assertThat(props)
        .containsEntry(StreamsConfig.APPLICATION_ID_CONFIG, "lakehouse-streams")
        .containsEntry(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:19092")
        .containsEntry(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, "exactly_once_v2")
        .containsEntry(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true)
        .containsEntry(StreamsConfig.REPLICATION_FACTOR_CONFIG, -1)
        .doesNotContainKey(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG)
        .containsEntry("producer.transaction.timeout.ms", 60_000)
        .containsEntry("producer.batch.size", 262_144)
        .containsEntry(StreamsConfig.STATE_DIR_CONFIG,
            Path.of(".local/streams/streams-state").toAbsolutePath().toString());
  }

  @Test
  void tunedProducerDefaultsAreTheProducerOnesWithoutTheirPrefix() {
    assertThat(StreamsProperties.tunedProducerDefaults())
        .containsOnlyKeys("transaction.timeout.ms", "batch.size")
        .containsEntry("batch.size", 262_144);
  }

  @Test
  void theGlobalConsumerWaitsKafkasDefaultForAFetchWhateverTheOtherConsumersWaitUnlessItIsSetItself() {
    StreamsConfig longerWait = new StreamsConfig(StreamsProperties.of(new AppConfig(Map.of(
        "streams.consumer.fetch.max.wait.ms", "5000"))));
    assertThat(longerWait.getGlobalConsumerConfigs("app")).containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 500);
    assertThat(longerWait.getMainConsumerConfigs("app", "app-1", 0))
        .containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "5000");

    StreamsConfig setItself = new StreamsConfig(StreamsProperties.of(new AppConfig(Map.of(
        "streams.consumer.fetch.max.wait.ms", "5000", "streams.global.consumer.fetch.max.wait.ms", "1000"))));
    assertThat(setItself.getGlobalConsumerConfigs("app")).containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "1000");
  }

  @Test
  void anInstanceIdMakesEveryStreamThreadAStaticMemberOfBothClientsGroupsWithALongerSession() {
    AppConfig config = new AppConfig(Map.of("instance.id", "lakehouse-streams-2"));
    StreamsConfig pipeline = new StreamsConfig(StreamsProperties.of(config, 4));
    StreamsConfig checks = new StreamsConfig(StreamsProperties.referenceChecks(config));

    assertThat(pipeline.getMainConsumerConfigs("lakehouse-streams", "c-1", 0))
        .containsEntry(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, "lakehouse-streams-2-0")
        .containsEntry(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 60_000);
    assertThat(pipeline.getMainConsumerConfigs("lakehouse-streams", "c-2", 1))
        .containsEntry(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, "lakehouse-streams-2-1");
    assertThat(checks.getMainConsumerConfigs("lakehouse-streams-reference-checks", "c-3", 0))
        .containsEntry(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, "lakehouse-streams-2-0");
    // a consumer without a group must not get an instance id
    assertThat(pipeline.getRestoreConsumerConfigs("c-1")).doesNotContainKey(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
    assertThat(pipeline.getGlobalConsumerConfigs("c-1")).doesNotContainKey(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
  }

  @Test
  void withoutAnInstanceIdMembershipStaysDynamicWithKafkasSessionTimeout() {
    StreamsConfig dynamic = new StreamsConfig(StreamsProperties.of(new AppConfig(Map.of())));

    assertThat(dynamic.getMainConsumerConfigs("lakehouse-streams", "c-1", 0))
        .doesNotContainKey(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG)
        .doesNotContainKey(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG);
  }

  @Test
  void aSessionTimeoutSetByTheUserWinsOverTheStaticMembersDefault() {
    StreamsConfig set = new StreamsConfig(StreamsProperties.of(new AppConfig(Map.of(
        "instance.id", "streams-0", "streams.consumer.session.timeout.ms", "120000"))));

    assertThat(set.getMainConsumerConfigs("lakehouse-streams", "c-1", 0))
        .containsEntry(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, "120000");
  }

  @Test
  void passesKafkaAndStreamsSettingsWithTheirPrefixRemoved() {
    Properties props = StreamsProperties.of(new AppConfig(Map.of(
        "kafka.bootstrap.servers", "b1:9092,b2:9092",
        "kafka.security.protocol", "SASL_SSL",
        "streams.producer.linger.ms", "25",
        "streams.statestore.cache.max.bytes", "10485760",
        "streams.replication.factor", "3",
        "streams.state.dir", "/var/lib/streams",
        "data.dir", "/ignored")));

    assertThat(props)
        .containsEntry(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "b1:9092,b2:9092")
        .containsEntry("security.protocol", "SASL_SSL")
        .containsEntry("producer.linger.ms", "25")
        .containsEntry(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, "10485760")
        .containsEntry(StreamsConfig.REPLICATION_FACTOR_CONFIG, 3)
        .containsEntry(StreamsConfig.STATE_DIR_CONFIG, "/var/lib/streams");
  }

  @Test
  void runsOneStreamThreadPerCoreAtMostOnePerInputPartitionUnlessSet() {
    int cores = Runtime.getRuntime().availableProcessors();
    AppConfig auto = new AppConfig(Map.of());

    assertThat(StreamsProperties.of(auto, 64)).containsEntry(StreamsConfig.NUM_STREAM_THREADS_CONFIG, Math.min(cores, 64));
    assertThat(StreamsProperties.of(auto, 1)).containsEntry(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1);
    assertThat(StreamsProperties.of(new AppConfig(Map.of("streams.num.stream.threads", "3")), 1))
        .containsEntry(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 3);
  }

  @Test
  void givesTheAdminClientTheSameClusterSettings() {
    assertThat(StreamsProperties.admin(new AppConfig(Map.of(
        "kafka.bootstrap.servers", "b1:9092", "kafka.security.protocol", "SSL", "streams.producer.acks", "all"))))
        .containsEntry("bootstrap.servers", "b1:9092")
        .containsEntry("security.protocol", "SSL")
        .containsEntry("client.id", "lakehouse-streams-startup-check")
        .doesNotContainKey("producer.acks");
  }

  @Test
  void secretsComeFromAFileThroughAConfigProviderAndArePrintedMasked(@TempDir Path dir) throws Exception {
    String jaas = "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"streams\" password=\"pw-42\";";
    Path secrets = Files.writeString(dir.resolve("kafka-secrets.properties"),
        "sasl.jaas.config=" + jaas + "\n");
    AppConfig config = new AppConfig(Map.of(
        "kafka.security.protocol", "SASL_SSL",
        "kafka.config.providers", "file",
        "kafka.config.providers.file.class", "org.apache.kafka.common.config.provider.FileConfigProvider",
        "kafka.sasl.jaas.config", "${file:" + secrets + ":sasl.jaas.config}"));

    StreamsConfig streams = new StreamsConfig(StreamsProperties.of(config));

    assertThat(streams.getMainConsumerConfigs("group", "client", 0)).containsEntry("sasl.jaas.config", jaas);
    assertThat(streams.getProducerConfigs("client")).containsEntry("sasl.jaas.config", jaas);
    assertThat(config.describe()).containsEntry("kafka.sasl.jaas.config", Secrets.HIDDEN)
        .allSatisfy((key, value) -> assertThat(value).doesNotContain("pw-42"));
  }
}
