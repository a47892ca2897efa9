package org.cosim.setup.hardware;

import java.util.List;
import org.cosim.agents.api.CompletionEvent;

/**
 * In-band network telemetry: at the egress of an INT switch each packet's
 * max-hop-delay field becomes max(field, its queueing delay at this port).
 * {@code quantize} mimics the hardware's field (Poseidon NSDI'23 §4): the delay in
 * 256 ns units, 16 bits, saturating. {@code switches}: names of the INT switches;
 * empty means every switch. {@code hopRecords}: INT switches also append a per-hop
 * record to each data packet (HPCC's INT: queue bytes, cumulative tx bytes,
 * timestamp, link rate), at most {@link #MAX_HOPS} per packet.
 */
public record IntParams(boolean enabled, boolean quantize, List<String> switches, boolean hopRecords) {
    public static final IntParams OFF = new IntParams(false, false, List.of());
    /**
     * The bound of a packet's hop stack: the longest switch path of the shipped
     * topologies (a 3-tier fat tree: ToR, aggregation, core, aggregation, ToR); the
     * HPCC paper's INT header has a hop limit too. Further hops are not recorded.
     */
    public static final int MAX_HOPS = CompletionEvent.MAX_INT_HOPS;
    static final long UNIT_PS = 256_000;
    static final long MAX_UNITS = 0xffff;

    public IntParams {
        switches = List.copyOf(switches);
    }

    public IntParams(boolean enabled, boolean quantize, List<String> switches) {
        this(enabled, quantize, switches, false);
    }

    public boolean on(String switchName) {
        return enabled && (switches.isEmpty() || switches.contains(switchName));
    }

    /** The delay as the field can hold it. */
    public long field(long delayPs) {
        if (!quantize) {
            return delayPs;
        }
        return Math.min(delayPs / UNIT_PS, MAX_UNITS) * UNIT_PS;
    }
}
