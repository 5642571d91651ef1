package dev.lakehouse.e2e.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;

/**
 * The rows of every Parquet file under a folder of s3proxy's filesystem store, read with Parquet's
 * own reader, not through a table: a file no snapshot references counts too.
 */
public final class ParquetRows {
  private ParquetRows() {}

  /** Each row (file name: row) where some value (text, or bytes read as UTF-8) holds the text as a whole token. */
  public static List<String> holding(Path folder, String text) throws IOException {
    Pattern token = Pattern.compile("(?<![A-Za-z0-9_-])" + Pattern.quote(text) + "(?![A-Za-z0-9_-])");
    List<String> holding = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> walk = Files.walk(folder)) {
      files = walk.filter(p -> p.toString().endsWith(".parquet")).toList();
    }
    for (Path file : files) {
      try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
        MessageType schema = reader.getFooter().getFileMetaData().getSchema();
        for (PageReadStore pages = reader.readNextRowGroup(); pages != null; pages = reader.readNextRowGroup()) {
          RecordReader<Group> rows = new ColumnIOFactory().getColumnIO(schema)
              .getRecordReader(pages, new GroupRecordConverter(schema));
          for (long i = 0; i < pages.getRowCount(); i++) {
            String row = rows.read().toString();
            if (token.matcher(row).find()) {
              holding.add(file.getFileName() + ": " + row.replace('\n', ' '));
            }
          }
        }
      }
    }
    return holding;
  }
}
