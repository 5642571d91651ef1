package dev.lakehouse.peerflink.join;

import dev.lakehouse.peerflink.model.Payment;

/** A successful payment that an order may still join, and whether one already did. */
public record OpenPayment(Payment payment, boolean matched) {}
