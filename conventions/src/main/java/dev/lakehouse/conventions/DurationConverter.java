package dev.lakehouse.conventions;

import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads a command-line option as a {@link DurationFormat} duration; picocli names the option in its message. */
public final class DurationConverter implements ITypeConverter<Duration> {
  @Override
  public Duration convert(String value) {
    Duration duration = DurationFormat.read(value);
    if (duration == null) {
      throw new TypeConversionException("expected " + DurationFormat.EXPECTED + ", not '" + value + "'");
    }
    return duration;
  }
}
