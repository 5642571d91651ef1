package dev.lakehouse.generator;

import java.math.BigDecimal;
import java.time.Instant;

/** What later events of an order (payments, status changes) repeat from its PLACED event. */
record OrderFacts(String orderId, String customerId, String merchantId, BigDecimal amount, String currency, Instant placedAt) {}
