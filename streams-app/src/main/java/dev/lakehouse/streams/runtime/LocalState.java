package dev.lakehouse.streams.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pipeline's local state folder ({@code <state.dir>/<application.id>}) across restarts.
 *
 * <p>Under exactly-once Kafka Streams trusts a task's local stores only when the task was closed
 * cleanly: after a crash (kill -9, a lost machine, a stream thread's failure) every active store
 * lacks its checkpoint, and Kafka Streams wipes it and restores it from its changelog. Kafka Streams
 * 4.3 opens those stores already while it constructs the client ("startup state stores"); when a
 * segmented store ({@code order-state}) turns out corrupted there, it leaves a segment open, and
 * the task then fails with "lock hold by current process" when a stream thread opens it: the
 * instance exits 1, and does so again on every restart with that state (seen in the soak,
 * bench/RESULTS.md). So after a run that did not stop cleanly, the app deletes the folder before it
 * creates the client: the restore Kafka Streams would do anyway, without the crash. A clean stop
 * leaves a marker beside the folder, and the next start keeps the state (and its checkpoints).
 * What a crash costs besides: the standby stores of that instance are restored too.
 *
 * <p>The deletion keeps Kafka Streams' process id file: the process id is part of the transactional
 * ids of the stream threads' producers, so the restarted instance's producers fence the killed
 * ones and abort their open transactions at once. With a new process id those transactions stay
 * open until their timeout (60 s, {@code StreamsProperties}), and until then read_committed
 * readers (the sink) and the changelog restores wait behind them.
 */
final class LocalState {
  private static final Logger LOG = LoggerFactory.getLogger(LocalState.class);
  /** Kafka Streams' own lock file of the folder: held while a client of another process uses it. */
  private static final String STREAMS_LOCK_FILE = ".lock";
  /** Kafka Streams' file of the instance's process id ({@code StateDirectory}). */
  static final String PROCESS_ID_FILE = "kafka-streams-process-metadata";

  private final Path folder;
  private final Path cleanStopMarker;

  LocalState(Path stateDir, String applicationId) {
    this.folder = stateDir.resolve(applicationId);
    this.cleanStopMarker = stateDir.resolve(applicationId + ".stopped-cleanly");
  }

  /**
   * Before the client is created: deletes the folder when the last run left state but no clean-stop
   * marker, then removes the marker (this run has not stopped yet). Returns whether it deleted.
   */
  boolean discardAfterUncleanStop() {
    try {
      boolean stoppedCleanly = Files.deleteIfExists(cleanStopMarker);
      if (stoppedCleanly || !holdsState()) {
        return false;
      }
      if (!lockedByNoOtherProcess()) {
        LOG.warn("Keeping {}: another process holds its lock (two instances on one state.dir?)", folder);
        return false;
      }
      LOG.info("The last run did not stop cleanly: deleting its local state {} (under exactly-once Kafka Streams "
          + "restores it from the changelogs anyway), keeping its process id", folder);
      deleteAllButTheProcessId();
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot check the local state in " + folder + ": " + e.getMessage(), e);
    }
  }

  /** After the client closed cleanly: the next start may keep the state. */
  void markCleanStop() {
    try {
      Files.createDirectories(cleanStopMarker.getParent());
      Files.writeString(cleanStopMarker, "the Kafka Streams client closed cleanly; the next start keeps " + folder + "\n");
    } catch (IOException e) {
      LOG.warn("Cannot write {} ({}): the next start restores the local state from the changelogs",
          cleanStopMarker, e.getMessage());
    }
  }

  private boolean holdsState() throws IOException {
    if (!Files.isDirectory(folder)) {
      return false;
    }
    try (Stream<Path> entries = Files.list(folder)) {
      return entries.anyMatch(Files::isDirectory);
    }
  }

  private boolean lockedByNoOtherProcess() throws IOException {
    Path lockFile = folder.resolve(STREAMS_LOCK_FILE);
    if (!Files.exists(lockFile)) {
      return true;
    }
    try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE);
        FileLock lock = channel.tryLock()) {
      return lock != null;
    }
  }

  private void deleteAllButTheProcessId() throws IOException {
    Path processId = folder.resolve(PROCESS_ID_FILE);
    try (Stream<Path> paths = Files.walk(folder)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        if (!path.equals(folder) && !path.equals(processId)) {
          Files.delete(path);
        }
      }
    }
  }
}
