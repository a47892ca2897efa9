package org.cosim.agents.hpcc;

import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.api.IntHops;

/** A hand-made INT hop stack for tests: records {queue bytes, tx bytes, time ps, rate bps}. */
final class Hops implements IntHops {
    private final List<long[]> records = new ArrayList<>();

    static Hops of(long[]... records) {
        Hops h = new Hops();
        h.records.addAll(List.of(records));
        return h;
    }

    @Override public int intHopCount() { return records.size(); }
    @Override public long intHopQueueBytes(int k) { return records.get(k)[0]; }
    @Override public long intHopTxBytes(int k) { return records.get(k)[1]; }
    @Override public long intHopTimePs(int k) { return records.get(k)[2]; }
    @Override public long intHopRateBps(int k) { return records.get(k)[3]; }
}
