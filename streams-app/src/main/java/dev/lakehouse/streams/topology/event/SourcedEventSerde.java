package dev.lakehouse.streams.topology.event;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/** Internal serde of a {@link SourcedEvent}: the lineage, then the event as plain Avro binary. */
public final class SourcedEventSerde implements Serde<SourcedEvent> {
  private final AvroBinarySerde events;

  public SourcedEventSerde(String topic) {
    this.events = new AvroBinarySerde(topic);
  }

  void write(SourcedEvent value, DataOutputStream out) throws IOException {
    out.writeUTF(value.lineage().topic());
    out.writeInt(value.lineage().partition());
    out.writeLong(value.lineage().offset());
    events.write(value.event(), out);
  }

  /** The event as {@link #write} writes it. */
  public byte[] bytes(SourcedEvent value) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(160);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      write(value, out);
    }
    return bytes.toByteArray();
  }

  public SourcedEvent read(DataInputStream in) throws IOException {
    Lineage lineage = new Lineage(in.readUTF(), in.readInt(), in.readLong());
    return new SourcedEvent(events.read(in), lineage);
  }

  @Override
  public Serializer<SourcedEvent> serializer() {
    return (topic, value) -> {
      if (value == null) {
        return null;
      }
      try {
        return bytes(value);
      } catch (IOException | RuntimeException e) {
        throw new SerializationException("Cannot serialize an event for " + topic + ": " + e, e);
      }
    };
  }

  @Override
  public Deserializer<SourcedEvent> deserializer() {
    return (topic, data) -> {
      if (data == null) {
        return null;
      }
      try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
        return read(in);
      } catch (IOException | RuntimeException e) {
        throw new SerializationException("Cannot deserialize an event from " + topic + ": " + e, e);
      }
    };
  }
}
