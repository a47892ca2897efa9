package org.cosim.runner.results;

import java.io.Serializable;

/** Time-weighted length distribution of one monitored egress queue, in bytes; rateBps drains it. */
public record QueueRecord(String name, long rateBps, double meanBytes, long p50Bytes, long p90Bytes,
                          long p99Bytes, long maxBytes) implements Serializable {}
