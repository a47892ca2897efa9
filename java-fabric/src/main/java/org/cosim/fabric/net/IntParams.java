package org.cosim.fabric.net;

import java.util.List;

/**
 * In-band network telemetry: at the egress of an INT switch each packet's
 * max-hop-delay field becomes max(field, its queueing delay at this port).
 * {@code quantize} mimics the hardware's field (Poseidon NSDI'23 §4): the delay in
 * 256 ns units, 16 bits, saturating. {@code switches}: names of the INT switches;
 * empty means every switch.
 */
public record IntParams(boolean enabled, boolean quantize, List<String> switches) {
    public static final IntParams OFF = new IntParams(false, false, List.of());
    static final long UNIT_PS = 256_000;
    static final long MAX_UNITS = 0xffff;

    public IntParams {
        switches = List.copyOf(switches);
    }

    public boolean on(String switchName) {
        return enabled && (switches.isEmpty() || switches.contains(switchName));
    }

    /** The delay as the field can hold it. */
    long field(long delayPs) {
        if (!quantize) {
            return delayPs;
        }
        return Math.min(delayPs / UNIT_PS, MAX_UNITS) * UNIT_PS;
    }
}
