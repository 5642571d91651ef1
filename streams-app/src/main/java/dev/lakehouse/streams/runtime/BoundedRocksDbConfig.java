package dev.lakehouse.streams.runtime;

import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.streams.state.RocksDBConfigSetter;
import org.rocksdb.Options;

/**
 * The app's {@code rocksdb.config.setter}: every store gets the process's shared {@link RocksDbMemory}
 * (which {@link RocksDbMemory#install} put into the client's properties). Kafka Streams creates one
 * instance per store and calls {@link #close} when the store closes; the shared cache itself is
 * closed by its owner, never here.
 */
public final class BoundedRocksDbConfig implements RocksDBConfigSetter {
  private RocksDbMemory memory;

  @Override
  public void setConfig(String storeName, Options options, Map<String, Object> configs) {
    if (!(configs.get(RocksDbMemory.CONFIG) instanceof RocksDbMemory shared)) {
      throw new ConfigException("Cannot open the RocksDB store " + storeName + " with " + getClass().getSimpleName()
          + ": the properties carry no " + RocksDbMemory.CONFIG + " (use RocksDbMemory.install)");
    }
    shared.open(options);
    memory = shared;
  }

  @Override
  public void close(String storeName, Options options) {
    if (memory != null) {
      memory.release();
      memory = null;
    }
  }
}
