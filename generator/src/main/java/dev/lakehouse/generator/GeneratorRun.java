package dev.lakehouse.generator;

import java.util.List;

/** Everything a run produced, in send order (reference data, main phase, tail), and its manifest. */
public record GeneratorRun(List<ProducedRecord> records, Manifest manifest) {}
