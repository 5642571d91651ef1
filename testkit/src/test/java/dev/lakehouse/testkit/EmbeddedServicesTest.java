package dev.lakehouse.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

class EmbeddedServicesTest {

  @Test
  void kafkaKeepsTopicsAndRecordsAcrossARestart(@TempDir Path dir) throws Exception {
    int port = FreePorts.pick();
    try (EmbeddedKafka kafka = EmbeddedKafka.start(dir, port)) {
      kafka.createTopics(2, "restart-check");
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
          ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
          ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
          ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
        producer.send(new ProducerRecord<>("restart-check", "k", "before restart")).get();
      }
    }
    try (EmbeddedKafka kafka = EmbeddedKafka.start(dir, port)) {
      assertThat(readAll(kafka.bootstrapServers(), "restart-check")).containsExactly("before restart");
    }
  }

  private static List<String> readAll(String bootstrap, String topic) {
    Properties props = new Properties();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    props.put(ConsumerConfig.GROUP_ID_CONFIG, "check");
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
      consumer.subscribe(List.of(topic));
      long deadline = System.currentTimeMillis() + 30_000;
      while (System.currentTimeMillis() < deadline) {
        ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(500));
        if (!records.isEmpty()) {
          return java.util.stream.StreamSupport.stream(records.spliterator(), false)
              .map(r -> r.value())
              .toList();
        }
      }
      return List.of();
    }
  }

  @Test
  void s3ServesObjectsOverTheS3ApiAndKeepsThemAcrossARestart(@TempDir Path dir) throws Exception {
    int port = FreePorts.pick();
    try (EmbeddedS3 s3 = EmbeddedS3.start(dir, port); S3Client client = client(s3)) {
      client.putObject(b -> b.bucket(EmbeddedS3.BUCKET).key("a/b.txt"), RequestBody.fromString("hello"));
    }
    try (EmbeddedS3 s3 = EmbeddedS3.start(dir, port); S3Client client = client(s3)) {
      assertThat(client.getObjectAsBytes(b -> b.bucket(EmbeddedS3.BUCKET).key("a/b.txt")).asUtf8String())
          .isEqualTo("hello");
    }
  }

  private static S3Client client(EmbeddedS3 s3) {
    return S3Client.builder()
        .endpointOverride(URI.create(s3.endpoint()))
        .region(Region.of(EmbeddedS3.REGION))
        .forcePathStyle(true)
        .httpClient(UrlConnectionHttpClient.create())
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(s3.accessKey(), s3.secretKey())))
        .build();
  }
}
