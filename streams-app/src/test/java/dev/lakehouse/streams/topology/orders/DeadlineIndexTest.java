package dev.lakehouse.streams.topology.orders;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The deadline index against a model, on seeded random adds, removals and takes as stream time
 * moves: with room in memory for every hint, and with room for a few, so that hints move to the
 * store and back in batches.
 */
class DeadlineIndexTest {
  @TempDir File stateDir;

  @Test
  void withRoomForEveryHintTakesExactlyTheHintsDueAndNotRemoved() {
    Run run = new Run(store("all-in-memory"), 100_000, 11);
    run.play(3_000);
    assertThat(run.removedAndDropped).as("removals happened").isPositive();
    assertThat(run.returnedAfterRemoval).as("every removed hint is dropped").isZero();
    assertThat(run.storedAtSomePoint).as("the store is not used").isFalse();
  }

  @Test
  void withRoomForAFewHintsStillTakesEveryHintDueOnceAndInTime() {
    Run run = new Run(store("mostly-stored"), 8, 12);
    run.play(3_000);
    assertThat(run.storedAtSomePoint).as("hints went to the store").isTrue();
    assertThat(run.returnedAfterRemoval).as("a stored hint stays a hint after its removal").isPositive();
    assertThat(run.removedAndDropped).as("a hint removed while in memory is dropped").isPositive();
  }

  /** Random operations on the index, each take checked against what was added and removed. */
  private static final class Run {
    private final KeyValueStore<Bytes, byte[]> store;
    private final DeadlineIndex index;
    private final Random random;
    private final Map<String, Long> kept = new HashMap<>();
    private final Set<String> removed = new HashSet<>();
    private final Set<String> returned = new HashSet<>();
    private long now;
    private int next;
    private int returnedAfterRemoval;
    private int removedAndDropped;
    private boolean storedAtSomePoint;

    Run(KeyValueStore<Bytes, byte[]> store, int keptInMemory, long seed) {
      this.store = store;
      this.index = new DeadlineIndex(store, keptInMemory);
      this.random = new Random(seed);
    }

    void play(int steps) {
      for (int step = 0; step < steps; step++) {
        int op = random.nextInt(10);
        if (op < 6) {
          String orderId = "o-" + next++;
          // deadlines lie at or after stream time, as the tracker's do; some share a time
          long deadline = now + random.nextInt(40);
          kept.put(orderId, deadline);
          index.add(deadline, orderId);
        } else if (op < 8 && !kept.isEmpty()) {
          List<String> ids = new ArrayList<>(kept.keySet());
          String orderId = ids.get(random.nextInt(ids.size()));
          removed.add(orderId);
          index.remove(kept.get(orderId), orderId);
        } else {
          now += random.nextInt(5);
          take();
        }
      }
      now += 1_000;
      take();
    }

    private void take() {
      storedAtSomePoint |= store.approximateNumEntries() > 0;
      Set<String> due = index.takeBefore(now);
      for (String orderId : due) {
        assertThat(kept).as("%s was added and not yet taken", orderId).containsKey(orderId);
        assertThat(kept.get(orderId)).as("%s is due", orderId).isLessThan(now);
        assertThat(returned.add(orderId)).as("%s is taken once", orderId).isTrue();
        if (removed.contains(orderId)) {
          returnedAfterRemoval++;
        }
      }
      for (Map.Entry<String, Long> hint : new ArrayList<>(kept.entrySet())) {
        if (hint.getValue() < now) {
          boolean dropped = !due.contains(hint.getKey());
          assertThat(dropped && !removed.contains(hint.getKey()))
              .as("%s, due at %d, is taken by %d", hint.getKey(), hint.getValue(), now).isFalse();
          if (dropped) {
            removedAndDropped++;
          }
          kept.remove(hint.getKey());
        }
      }
    }
  }

  private KeyValueStore<Bytes, byte[]> store(String name) {
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "deadline-index-test");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    MockProcessorContext<Object, Object> context = new MockProcessorContext<>(props, new TaskId(0, 0), stateDir);
    KeyValueStore<Bytes, byte[]> store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name),
        Serdes.Bytes(), Serdes.ByteArray()).withLoggingDisabled().withCachingDisabled().build();
    store.init(context.getStateStoreContext(), store);
    return store;
  }
}
