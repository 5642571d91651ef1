package dev.lakehouse.connect.cli;

import dev.lakehouse.connect.config.Environment;
import java.util.Arrays;
import java.util.Locale;
import picocli.CommandLine;

/** {@code --env local|aws}, case-insensitive. */
final class EnvironmentConverter implements CommandLine.ITypeConverter<Environment> {
  @Override
  public Environment convert(String value) {
    try {
      return Environment.valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException("unknown environment '" + value + "'; use one of "
          + Arrays.stream(Environment.values()).map(Environment::id).toList());
    }
  }
}
