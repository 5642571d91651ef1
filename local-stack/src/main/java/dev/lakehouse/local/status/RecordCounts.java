package dev.lakehouse.local.status;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;

/**
 * Committed records counted per partition so far, kept in a JSON file between {@code status} runs.
 * A partition's count is only extended while its topic id and log start offset are unchanged
 * (else the topic was recreated or retention deleted records, and the count starts again).
 */
public final class RecordCounts {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** {@code count} committed records lie in [{@code logStart}, {@code position}) of the partition. */
  record Counted(String topicId, long logStart, long position, long count) {}

  private final Path file;
  private final Map<String, Counted> partitions;

  private RecordCounts(Path file, Map<String, Counted> partitions) {
    this.file = file;
    this.partitions = partitions;
  }

  /** The counts in {@code file}; none when it is missing or unreadable (the next count reads from the start). */
  public static RecordCounts load(Path file) {
    if (Files.isRegularFile(file)) {
      try {
        return new RecordCounts(file, JSON.readValue(file.toFile(), new TypeReference<HashMap<String, Counted>>() {}));
      } catch (IOException e) {
        // a damaged file only costs one full count
      }
    }
    return new RecordCounts(file, new HashMap<>());
  }

  /** Where counting may resume for this partition, if its earlier count still holds. */
  Counted resumable(String partition, String topicId, long logStart, long readableEnd) {
    Counted counted = partitions.get(partition);
    boolean holds = counted != null && counted.topicId().equals(topicId) && counted.logStart() == logStart
        && counted.position() <= readableEnd;
    return holds ? counted : new Counted(topicId, logStart, logStart, 0);
  }

  void put(String partition, Counted counted) {
    partitions.put(partition, counted);
  }

  /** Keeps the counts for the next status; one that cannot be kept only costs a full count next time. */
  public void save() {
    try {
      Files.createDirectories(file.getParent());
      Path temp = file.resolveSibling(file.getFileName() + ".tmp");
      JSON.writeValue(temp.toFile(), partitions);
      Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      // the report stays right; only the next one reads more
    }
  }
}
