package org.cosim.setup.workload;

import org.cosim.setup.topology.TopologyGraph;
import org.cosim.proto.RotatingIncast;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/**
 * The rotating incast (scenario.proto, RotatingIncast; Poseidon §5.4): rounds of
 * one message per sender, all to one target, a period apart; the target cycles
 * through the receivers in the order of a keyed shuffle (Permutations.sample
 * with the seed), so every receiver is hit equally often and the next target
 * is never the last one (with two or more receivers).
 */
final class RotatingIncasts {
    /** ASCII "rinc". */
    static final long TAG = 0x72696e63L;

    private RotatingIncasts() {}

    static FlowTable build(RotatingIncast p, TopologyGraph g, long seed, long endOfRunPs, String at) {
        int[] senders = HostSets.resolve(p.getSenders(), g, at + ".senders");
        int[] receivers = HostSets.resolve(p.getReceivers(), g, at + ".receivers");
        for (int r : receivers) {
            if (HostSets.contains(senders, r)) {
                throw new ScenarioException(at + ".receivers", "host " + r + " is also a sender (an incast's senders "
                        + "and targets must be apart)");
            }
        }
        long bytes = Workloads.flowBytes(p.getMessageBytes(), at + ".message_bytes");
        if (bytes < 1) {
            throw new ScenarioException(at + ".message_bytes", "0: a message needs at least one byte");
        }
        if (!(p.getSenderRateGbps() > 0) || Double.isInfinite(p.getSenderRateGbps())) {
            throw new ScenarioException(at + ".sender_rate_gbps", p.getSenderRateGbps() + ": must be > 0");
        }
        long start = Workloads.nonNegativeTime(p.getStartUs(), at + ".start_us");
        long end = Workloads.endOfArrivals(start, p.getDurationUs(), endOfRunPs, at + ".duration_us");
        long period = Math.round(bytes * 8.0 / (p.getSenderRateGbps() * 1e9) * Units.PS_PER_S);
        if (period < 1) {
            throw new ScenarioException(at + ".sender_rate_gbps", p.getSenderRateGbps()
                    + ": a round would last less than a picosecond");
        }
        long rounds = (end - start + period - 1) / period;
        if (rounds * senders.length > PoissonArrivals.MAX_FLOWS) {
            throw new ScenarioException(at + ".duration_us", rounds + " rounds of " + senders.length
                    + " messages: too many flows (at most " + PoissonArrivals.MAX_FLOWS + ")");
        }
        int[] order = Permutations.sample(seed, TAG, receivers, receivers.length);
        FlowTable t = new FlowTable();
        for (long k = 0; k < rounds; k++) {
            int target = order[(int) (k % order.length)];
            for (int s : senders) {
                t.add(s, target, bytes, start + k * period);
            }
        }
        return t;
    }
}
