package org.cosim.agents.hpcc;

import java.util.List;
import org.cosim.agents.api.IntHops;

/** A hand-made INT hop stack for tests. */
final class Hops implements IntHops {
    /** One hop's record: the queue its port left behind, the bytes the port had sent, when, and its rate. */
    record Hop(long queueBytes, long txBytes, long timePs, long rateBps) { }

    private final List<Hop> records;

    private Hops(List<Hop> records) {
        this.records = records;
    }

    static Hops of(Hop... records) {
        return new Hops(List.of(records));
    }

    @Override public int intHopCount() { return records.size(); }
    @Override public long intHopQueueBytes(int k) { return records.get(k).queueBytes(); }
    @Override public long intHopTxBytes(int k) { return records.get(k).txBytes(); }
    @Override public long intHopTimePs(int k) { return records.get(k).timePs(); }
    @Override public long intHopRateBps(int k) { return records.get(k).rateBps(); }
}
