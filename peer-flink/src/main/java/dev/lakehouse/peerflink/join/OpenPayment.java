package dev.lakehouse.peerflink.join;

import dev.lakehouse.peerflink.model.Payment;

/**
 * A successful payment that an order may still join, and whether one already did.
 *
 * @param deadline the watermark at which it is resolved (UNKNOWN_ORDER when no order joined by then)
 */
public record OpenPayment(Payment payment, long deadline, boolean matched) {}
