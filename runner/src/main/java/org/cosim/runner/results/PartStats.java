package org.cosim.runner.results;

import java.util.ArrayList;
import java.util.List;

/**
 * One part of a mixed workload (workload.mix, e.g. NDP Fig 15's short transfers
 * beside long background flows): its flows' goodput over the measured interval
 * and their FCT and slowdown ({@link FctStats}, over the part's measured flows),
 * so that each kind of traffic is judged apart. {@code part}: the index in the
 * mix; {@code kind}: its workload kind, e.g. "poisson"; {@code flows}: all of
 * the part's flows in the run.
 */
public record PartStats(int part, String kind, int flows, double goodputGbps, FctStats fct) {

    /** Every part of the run's mix, in the mix's order; empty when the workload is not a mix. */
    public static List<PartStats> of(RunResults r) {
        List<String> kinds = r.partKinds();
        List<List<FlowRecord>> byPart = new ArrayList<>();
        kinds.forEach(k -> byPart.add(new ArrayList<>()));
        for (FlowRecord f : r.flows()) {
            if (f.part() >= 0) {
                byPart.get(f.part()).add(f);
            }
        }
        List<PartStats> out = new ArrayList<>();
        for (int p = 0; p < kinds.size(); p++) {
            List<FlowRecord> flows = byPart.get(p);
            out.add(new PartStats(p, kinds.get(p), flows.size(), Summary.goodputGbps(flows, r.measuredPs()),
                    FctStats.of(flows, r.warmupPs())));
        }
        return out;
    }
}
