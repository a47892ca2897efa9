package org.cosim.runner.results;

import java.io.Serializable;
import java.util.function.ToLongFunction;

/**
 * One flow's payload bytes as the NICs and switches counted them (the fabric's
 * FlowStats, the same on both back ends). {@code sent}: put on the wire by the
 * sender NIC; {@code retransmitted}: of those, bytes it had sent before (below the
 * flow's highest byte sent so far). {@code delivered}: reaching the receiver NIC,
 * duplicates included (the wire's count); {@code uniqueDelivered}: each byte of
 * the flow once, on its first arrival (goodput); each also counted from the end of
 * the warm-up ({@code ...Measured}). {@code dropped}: dropped in switches.
 */
public record FlowBytes(long sent, long retransmitted, long delivered, long deliveredMeasured, long uniqueDelivered,
                        long uniqueDeliveredMeasured, long dropped) implements Serializable {
    /** The duplicate bytes delivered: copies of data that had already arrived. */
    public long duplicateDelivered() {
        return delivered - uniqueDelivered;
    }

    /** From the counters by their FlowStats names ({@code sentBytes}, ...), as the OMNeT++ back end records them. */
    public static FlowBytes fromCounters(ToLongFunction<String> counter) {
        return new FlowBytes(counter.applyAsLong("sentBytes"), counter.applyAsLong("retransmittedBytes"),
                counter.applyAsLong("deliveredBytes"), counter.applyAsLong("deliveredMeasuredBytes"),
                counter.applyAsLong("uniqueDeliveredBytes"), counter.applyAsLong("uniqueDeliveredMeasuredBytes"),
                counter.applyAsLong("droppedBytes"));
    }
}
