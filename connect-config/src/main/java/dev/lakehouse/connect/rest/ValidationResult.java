package dev.lakehouse.connect.rest;

import dev.lakehouse.connect.config.ConfigProblem;
import java.util.List;
import java.util.Set;

/**
 * The worker's answer to PUT /connector-plugins/{class}/config/validate: the keys the connector,
 * its transforms and converters define, and the keys it found wrong.
 */
public record ValidationResult(Set<String> definedKeys, List<ConfigProblem> problems) {}
