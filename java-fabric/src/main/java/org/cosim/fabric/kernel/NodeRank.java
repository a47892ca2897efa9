package org.cosim.fabric.kernel;

/**
 * The node an event belongs to, the third key of the event order (after time and
 * priority, before insertion order): events at the same time and priority run the
 * network's own first (bridge, sampler, link-rate changes), then the hosts' by
 * index, then the switches' by index, and a node's in insertion order. A packet's
 * arrival belongs to the node that sent it, every other event to the node it is
 * for.
 *
 * <p>Ordering simultaneous events by node, not by insertion alone, makes a run's
 * event order the same whether the network runs in one process or in partitions
 * (where a packet from another partition is inserted when it arrives there). The
 * order among nodes is fixed, as insertion order mostly was: senders started on
 * the same picosecond stay phase-locked, the highest-numbered handled last
 * (docs/ndp.md, phase effects; {@code topology.nic.tx_gap_jitter_ns} breaks the
 * lock). The OMNeT++ bridge's {@code NodeRank.h} numbers modules the same way
 * (host[h], switch[s]).
 */
public final class NodeRank {
    /** The agent bridge, the sampler, link-rate changes: whatever belongs to no host or switch. */
    public static final int NETWORK = 0;
    /** Node numbers: hosts take 1 .. 2^17 - 1, switches 2^17 .. 2^18 - 1. */
    public static final int BITS = 18;
    private static final int SWITCH_BASE = 1 << (BITS - 1);

    private NodeRank() {}

    public static int host(int h) {
        if (h < 0 || h >= SWITCH_BASE - 1) {
            throw new IllegalArgumentException("host " + h + " out of 0.." + (SWITCH_BASE - 2) + " (the event order's node field)");
        }
        return 1 + h;
    }

    public static int ofSwitch(int s) {
        if (s < 0 || s >= SWITCH_BASE) {
            throw new IllegalArgumentException("switch " + s + " out of 0.." + (SWITCH_BASE - 1) + " (the event order's node field)");
        }
        return SWITCH_BASE + s;
    }
}
