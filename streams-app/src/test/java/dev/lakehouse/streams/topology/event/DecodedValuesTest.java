package dev.lakehouse.streams.topology.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class DecodedValuesTest {
  private final List<String> decodedBytes = new ArrayList<>();
  private final Function<byte[], String> decode = bytes -> {
    String value = new String(bytes, StandardCharsets.UTF_8);
    decodedBytes.add(value);
    return value;
  };

  @Test
  void decodesEqualBytesOnceAndChangedBytesAgain() {
    DecodedValues<String> values = new DecodedValues<>(10);
    byte[] first = bytes("v1");

    assertThat(values.get(first, decode)).isEqualTo("v1");
    assertThat(values.get(bytes("v1"), decode)).isEqualTo("v1");
    first[1] = '2'; // the caller reuses its array: the kept entry must not change with it
    assertThat(values.get(first, decode)).isEqualTo("v2");
    assertThat(values.get(bytes("v1"), decode)).isEqualTo("v1");

    assertThat(decodedBytes).containsExactly("v1", "v2");
  }

  @Test
  void tellsLongValuesApartByAnyByte() {
    DecodedValues<String> values = new DecodedValues<>(10);
    String history = "x".repeat(300);
    String changedInTheMiddle = history.substring(0, 150) + "y" + history.substring(151);
    String changedAtTheEnd = history.substring(0, 299) + "y";

    values.get(bytes(history), decode);
    values.get(bytes(changedInTheMiddle), decode);
    values.get(bytes(changedAtTheEnd), decode);
    values.get(bytes(history), decode);
    values.get(bytes(changedInTheMiddle), decode);

    assertThat(decodedBytes).containsExactly(history, changedInTheMiddle, changedAtTheEnd);
  }

  @Test
  void keepsAtMostItsBoundAndDropsTheLeastRecentlyUsedFirst() {
    DecodedValues<String> values = new DecodedValues<>(2);
    values.get(bytes("a"), decode);
    values.get(bytes("b"), decode);
    values.get(bytes("a"), decode);
    values.get(bytes("c"), decode); // drops b, the least recently used
    values.get(bytes("a"), decode);
    values.get(bytes("b"), decode);

    assertThat(decodedBytes).containsExactly("a", "b", "c", "b");
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
