package dev.lakehouse.streams.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The state folder is kept after a clean stop and deleted before the client starts after any other stop. */
class LocalStateTest {
  private static final String APP = "lakehouse-streams";

  @TempDir Path stateDir;

  @Test
  void stateLeftByARunThatDidNotStopCleanlyIsDeletedButItsProcessId() throws Exception {
    Path store = storeOfTask("2_2");
    Path processId = Files.writeString(stateDir.resolve(APP).resolve(LocalState.PROCESS_ID_FILE),
        "{\"processId\":\"4f1b7c5e-0000-4000-8000-000000000001\"}");

    assertThat(new LocalState(stateDir, APP).discardAfterUncleanStop()).isTrue();

    assertThat(store).doesNotExist();
    // the restarted instance's producers get the killed ones' transactional ids, so they fence them
    try (var left = Files.list(stateDir.resolve(APP))) {
      assertThat(left).containsExactly(processId);
    }
    assertThat(processId).hasContent("{\"processId\":\"4f1b7c5e-0000-4000-8000-000000000001\"}");
  }

  @Test
  void stateOfACleanStopIsKeptOnceAndTheMarkerIsConsumed() throws Exception {
    Path store = storeOfTask("2_0");
    new LocalState(stateDir, APP).markCleanStop();

    assertThat(new LocalState(stateDir, APP).discardAfterUncleanStop()).isFalse();
    assertThat(store).exists();
    // the run that kept it crashes: nothing marks it, so the next start deletes it
    assertThat(new LocalState(stateDir, APP).discardAfterUncleanStop()).isTrue();
    assertThat(store).doesNotExist();
  }

  @Test
  void aFirstStartOrAFolderWithoutTaskStateIsLeftAlone() throws Exception {
    assertThat(new LocalState(stateDir, APP).discardAfterUncleanStop()).as("no folder yet").isFalse();
    Path processFile = Files.createDirectories(stateDir.resolve(APP)).resolve("kafka-streams-process-metadata");
    Files.writeString(processFile, "{}");

    assertThat(new LocalState(stateDir, APP).discardAfterUncleanStop()).as("no task folder").isFalse();
    assertThat(processFile).exists();
  }

  @Test
  void aFolderAnotherProcessHoldsIsKept() throws Exception {
    Path store = storeOfTask("2_1");
    Path lockFile = Files.createFile(stateDir.resolve(APP).resolve(".lock"));
    // another JVM, as a second instance on the same state.dir would be: locks are per process
    Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), LockHolder.class.getName(), lockFile.toString())
        .redirectErrorStream(true).start();
    try {
      assertThat(new String(holder.getInputStream().readNBytes("locked\n".length()))).isEqualTo("locked\n");

      assertThat(new LocalState(stateDir, APP).discardAfterUncleanStop()).isFalse();
      assertThat(store).exists();
    } finally {
      holder.destroy();
      holder.waitFor(10, TimeUnit.SECONDS);
    }
  }

  private Path storeOfTask(String task) throws Exception {
    Path store = Files.createDirectories(stateDir.resolve(APP).resolve(task).resolve("order-state"));
    return Files.writeString(store.resolve("000001.sst"), "data");
  }

  /** Holds the lock on the file it is given until it is killed. */
  public static final class LockHolder {
    public static void main(String[] args) throws Exception {
      try (FileChannel channel = FileChannel.open(Path.of(args[0]), StandardOpenOption.WRITE);
          FileLock lock = channel.lock()) {
        System.out.println("locked");
        System.out.flush();
        Thread.sleep(60_000);
      }
    }
  }
}
