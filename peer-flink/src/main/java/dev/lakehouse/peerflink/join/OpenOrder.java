package dev.lakehouse.peerflink.join;

import dev.lakehouse.peerflink.model.Order;

/**
 * A PLACED order whose join window is open, and whether a successful payment already paid it.
 *
 * @param deadline the watermark at which it is resolved (UNPAID when not paid by then)
 */
public record OpenOrder(Order order, long deadline, boolean paid) {}
