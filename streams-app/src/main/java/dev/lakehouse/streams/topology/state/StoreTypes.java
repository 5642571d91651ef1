package dev.lakehouse.streams.topology.state;

import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.EmitStrategy;
import org.apache.kafka.streams.state.BuiltInDslStoreSuppliers;
import org.apache.kafka.streams.state.DslKeyValueParams;
import org.apache.kafka.streams.state.DslStoreSuppliers;
import org.apache.kafka.streams.state.DslWindowParams;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.WindowBytesStoreSupplier;

/**
 * Creates the processor stores with the store type the Streams config asks DSL stores to use
 * ({@code dsl.store.suppliers.class}, RocksDB by default), so one setting switches them together.
 * Versioned tables and the join grace buffers exist only on RocksDB.
 */
public final class StoreTypes {
  private final DslStoreSuppliers suppliers;

  public StoreTypes(DslStoreSuppliers suppliers) {
    this.suppliers = suppliers;
  }

  public static StoreTypes from(Properties streamsProps) {
    Object configured = streamsProps.get(StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG);
    if (configured == null) {
      return new StoreTypes(new BuiltInDslStoreSuppliers.RocksDBDslStoreSuppliers());
    }
    try {
      Class<?> type = configured instanceof Class<?> c ? c : Class.forName(configured.toString().trim());
      return new StoreTypes(Utils.newInstance(type.asSubclass(DslStoreSuppliers.class)));
    } catch (ClassNotFoundException | ClassCastException e) {
      throw new IllegalArgumentException("Cannot use " + StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG + "="
          + configured + ": " + e.getMessage() + "; name a DslStoreSuppliers class", e);
    }
  }

  public KeyValueBytesStoreSupplier keyValue(String name) {
    return suppliers.keyValueStore(new DslKeyValueParams(name, false));
  }

  public WindowBytesStoreSupplier window(String name, Duration retention, Duration windowSize) {
    return suppliers.windowStore(
        new DslWindowParams(name, retention, windowSize, false, EmitStrategy.onWindowUpdate(), false, false));
  }
}
