package dev.lakehouse.e2e.oracle;

import java.time.Duration;

/**
 * The Streams app settings the oracle's rules depend on (TOPOLOGY.md "Settings").
 *
 * @param windowGrace window.grace: windows and the payment join
 * @param joinWindow payment-join.window
 * @param maxFutureSkew event-time.max-future-skew: how far ahead of the wall clock an event may be
 */
public record AppSettings(Duration windowGrace, Duration joinWindow, Duration maxFutureSkew) {}
