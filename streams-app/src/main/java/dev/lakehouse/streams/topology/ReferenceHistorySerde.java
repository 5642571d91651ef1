package dev.lakehouse.streams.topology;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Store serde of a {@link ReferenceHistory}: the count, then each valid-from time, whether it has a
 * value (a deletion has none) and the value as Avro binary.
 */
final class ReferenceHistorySerde implements Serde<ReferenceHistory> {
  private final AvroBinarySerde versions;

  ReferenceHistorySerde(Schema versionSchema) {
    this.versions = new AvroBinarySerde(versionSchema);
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
    return (topic, data) -> {
      if (data == null) {
        return null;
      }
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
    };
  }
}
