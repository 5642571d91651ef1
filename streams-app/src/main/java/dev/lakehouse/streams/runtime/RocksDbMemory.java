package dev.lakehouse.streams.runtime;

import dev.lakehouse.streams.config.AppConfig;
import dev.lakehouse.streams.config.MemoryBudget;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.Cache;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.WriteBufferManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * RocksDB's native memory for the whole process, one budget ({@code rocksdb.memory}): one LRU block
 * cache, and a write buffer manager that charges every memtable to that cache, shared by each store
 * and store segment of both Kafka Streams clients. Without it every RocksDB instance (a window or
 * versioned store has one per segment) has its own 50 MB cache and up to three 16 MB memtables, so
 * the process's memory grows with its tasks and segments, outside the heap and any JVM limit.
 *
 * <p>{@link #install} puts {@link BoundedRocksDbConfig} and this object into a client's properties;
 * Kafka Streams creates one setter per store, which applies this budget and counts the store as
 * open until it is closed. {@link #close} frees the native cache only when no store is open: a
 * client that did not close in time may still use it, and freeing it under a live RocksDB would
 * crash the JVM. What is left then is freed when the process ends.
 */
public final class RocksDbMemory implements AutoCloseable {
  /** The key under which a client's properties carry this object to {@link BoundedRocksDbConfig}. */
  public static final String CONFIG = "lakehouse.rocksdb.memory";
  /** Share of the budget the memtables may take before RocksDB flushes them; the block cache has the rest. */
  static final double MEMTABLE_SHARE = 0.5;
  /** Share of the block cache kept for index and filter blocks, so that data blocks never evict them. */
  static final double INDEX_AND_FILTER_SHARE = 0.1;

  private static final Logger LOG = LoggerFactory.getLogger(RocksDbMemory.class);

  static {
    // the cache is the first RocksDB object the process makes: before any store loads the library
    RocksDB.loadLibrary();
  }

  private final long bytes;
  private final Cache cache;
  private final WriteBufferManager writeBufferManager;
  private int openStores;
  private boolean closed;

  public RocksDbMemory(long bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("Cannot bound RocksDB's memory to " + bytes + " bytes: the budget must be positive");
    }
    this.bytes = bytes;
    this.cache = new LRUCache(bytes, -1, false, INDEX_AND_FILTER_SHARE);
    this.writeBufferManager = new WriteBufferManager((long) (bytes * MEMTABLE_SHARE), cache);
  }

  /** The budget {@code rocksdb.memory} sets, or empty when it leaves RocksDB unbounded. */
  public static Optional<RocksDbMemory> of(AppConfig config) {
    long bytes = config.rocksDbMemoryBytes();
    return bytes == 0 ? Optional.empty() : Optional.of(new RocksDbMemory(bytes));
  }

  public long bytes() {
    return bytes;
  }

  /**
   * Bounds the stores of the client these properties are for, unless they name a config setter of
   * their own ({@code streams.rocksdb.config.setter}), which then decides RocksDB's memory alone.
   */
  public void install(Properties properties) {
    Object own = properties.get(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG);
    if (own != null) {
      LOG.warn("{} is not applied: {}{}={} sets RocksDB's options instead", AppConfig.ROCKSDB_MEMORY,
          AppConfig.STREAMS_PREFIX, StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, own);
      return;
    }
    properties.put(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, BoundedRocksDbConfig.class);
    properties.put(CONFIG, this);
  }

  /** Applies the shared cache and write buffer manager to one store's options, and counts it open. */
  synchronized void open(Options options) {
    if (closed) {
      throw new IllegalStateException("Cannot open a RocksDB store: the shared memory budget is closed");
    }
    BlockBasedTableConfig table = (BlockBasedTableConfig) options.tableFormatConfig();
    table.setBlockCache(cache);
    // index and filter blocks in the cache too (else they sit outside the budget), kept in its high-priority share
    table.setCacheIndexAndFilterBlocks(true);
    table.setCacheIndexAndFilterBlocksWithHighPriority(true);
    table.setPinTopLevelIndexAndFilter(true);
    options.setTableFormatConfig(table);
    options.setWriteBufferManager(writeBufferManager);
    openStores++;
  }

  /** A store opened with {@link #open} was closed. */
  synchronized void release() {
    openStores--;
  }

  synchronized int openStores() {
    return openStores;
  }

  /** Bytes held in the block cache, memtables included (the write buffer manager charges them there). */
  public long usage() {
    return cache.getUsage();
  }

  /** Frees the native cache and write buffer manager, unless a store still uses them (see the class comment). */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    if (openStores > 0) {
      LOG.info("RocksDB's shared memory stays allocated until the process exits: {} store(s) still open", openStores);
      return;
    }
    closed = true;
    writeBufferManager.close();
    cache.close();
  }

  synchronized boolean isClosed() {
    return closed;
  }

  /** How the budget shows in printed properties. */
  @Override
  public String toString() {
    return MemoryBudget.format(bytes) + " shared by every RocksDB store (block cache, memtables up to "
        + MemoryBudget.format((long) (bytes * MEMTABLE_SHARE)) + ")";
  }
}
