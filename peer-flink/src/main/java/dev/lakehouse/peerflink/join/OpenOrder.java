package dev.lakehouse.peerflink.join;

import dev.lakehouse.peerflink.model.Order;

/** A PLACED order whose join window is open, and whether a successful payment already paid it. */
public record OpenOrder(Order order, boolean paid) {}
