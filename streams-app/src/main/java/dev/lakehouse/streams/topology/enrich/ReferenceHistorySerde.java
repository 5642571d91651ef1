package dev.lakehouse.streams.topology.enrich;

import dev.lakehouse.streams.topology.event.AvroBinarySerde;
import dev.lakehouse.streams.topology.event.DecodedValues;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Store serde of a {@link ReferenceHistory}: the count, then each valid-from time, whether it has a
 * value (a deletion has none) and the value as Avro binary. The last decoded ones are kept by their
 * bytes ({@link DecodedValues}): after any reference change every {@link ReferenceLookup} reads its
 * ids from the store again, and all histories but the changed one are then found, not decoded.
 */
final class ReferenceHistorySerde implements Serde<ReferenceHistory> {
  /** Histories kept decoded per store: the active customers or merchants, up to a few kB each. */
  private static final int DECODED_HISTORIES = 4096;

  private final AvroBinarySerde versions;
  private final DecodedValues<ReferenceHistory> decoded = new DecodedValues<>(DECODED_HISTORIES);

  ReferenceHistorySerde(String topic) {
    this.versions = new AvroBinarySerde(topic);
  }

  @Override
  public Serializer<ReferenceHistory> serializer() {
    return (topic, history) -> {
      if (history == null) {
        return null;
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 96 * history.versions().size());
      try (DataOutputStream out = new DataOutputStream(bytes)) {
        out.writeInt(history.versions().size());
        for (ReferenceHistory.Version version : history.versions()) {
          out.writeLong(version.validFrom());
          out.writeBoolean(version.value() != null);
          if (version.value() != null) {
            versions.write(version.value(), out);
          }
        }
      } catch (IOException | RuntimeException e) {
        throw new SerializationException("Cannot serialize a reference history for store " + topic + ": " + e, e);
      }
      return bytes.toByteArray();
    };
  }

  @Override
  public Deserializer<ReferenceHistory> deserializer() {
    return (topic, data) -> data == null ? null : decoded.get(data, bytes -> decode(topic, bytes));
  }

  private ReferenceHistory decode(String topic, byte[] data) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
      int count = in.readInt();
      List<ReferenceHistory.Version> read = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        long validFrom = in.readLong();
        read.add(new ReferenceHistory.Version(validFrom, in.readBoolean() ? versions.read(in) : null));
      }
      return new ReferenceHistory(read);
    } catch (IOException | RuntimeException e) {
      throw new SerializationException("Cannot deserialize a reference history from store " + topic + ": " + e, e);
    }
  }
}
