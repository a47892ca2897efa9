package org.cosim.agents.api;

/**
 * A stack of per-hop INT records (HPCC's INT, cosim.proto IntHop), in path order:
 * what each INT switch egress wrote when the packet left it.
 */
public interface IntHops {
    /** No records (INT hop records off, or a path without INT switches). */
    IntHops NONE = new IntHops() {
        @Override public int intHopCount() { return 0; }
        @Override public long intHopQueueBytes(int k) { throw new IndexOutOfBoundsException("no INT hops"); }
        @Override public long intHopTxBytes(int k) { throw new IndexOutOfBoundsException("no INT hops"); }
        @Override public long intHopTimePs(int k) { throw new IndexOutOfBoundsException("no INT hops"); }
        @Override public long intHopRateBps(int k) { throw new IndexOutOfBoundsException("no INT hops"); }
    };

    int intHopCount();

    /** Hop k: bytes left in the port's queues when the packet left. */
    long intHopQueueBytes(int k);

    /** Hop k: bytes the port had put on the wire before the packet (cumulative). */
    long intHopTxBytes(int k);

    /** Hop k: when the packet started onto that port's wire. */
    long intHopTimePs(int k);

    /** Hop k: the port's link rate. */
    long intHopRateBps(int k);
}
