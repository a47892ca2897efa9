package org.cosim.setup;

import org.cosim.setup.workload.FlowTable;
import org.cosim.proto.Output;
import org.cosim.proto.PacketTraceSettings;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.Units;

/**
 * output.packet_trace resolved against a run's flows: which flows are traced (by
 * flow id), in which interval of simulated time, and how many steps are kept. Both back ends trace from this (the
 * OMNeT++ one through RunSpec.packet_trace).
 */
public record PacketTraceConfig(int[] flows, long maxRecords, long fromPs, long toPs) {
    /** About 3 GB of records in memory. */
    public static final long MAX_MAX_RECORDS = 50_000_000L;
    private static final String P = "output.packet_trace.";

    /**
     * The trace the scenario asks for, checked against its {@code flowCount} flows and its duration; null if it
     * asks for none.
     */
    public static PacketTraceConfig from(Output o, int flowCount, long durationPs) {
        if (!o.hasPacketTrace()) {
            return null;
        }
        PacketTraceSettings t = o.getPacketTrace();
        if (t.getFlowsCount() == 0) {
            throw new ScenarioException(P + "flows", "name at least one flow to trace (flow ids as in flows.csv, 0.."
                    + (flowCount - 1) + ")");
        }
        boolean[] seen = new boolean[flowCount];
        for (int k = 0; k < t.getFlowsCount(); k++) {
            FlowTable.requireId(P + "flows[" + k + "]", t.getFlows(k), flowCount);
            int f = t.getFlows(k);
            if (seen[f]) {
                throw new ScenarioException(P + "flows[" + k + "]", f + " is named twice");
            }
            seen[f] = true;
        }
        long max = Defaults.longOf(t, "max_records");
        if (max < 1 || max > MAX_MAX_RECORDS) {
            throw new ScenarioException(P + "max_records", Long.toUnsignedString(max) + ": must be in 1.."
                    + MAX_MAX_RECORDS + " (the records are kept in memory, about 60 bytes each)");
        }
        if (!Double.isFinite(t.getFromUs()) || !Double.isFinite(t.getToUs())) {
            throw new ScenarioException(P + (Double.isFinite(t.getFromUs()) ? "to_us" : "from_us"), "not a number");
        }
        long from = Units.usToPs(Defaults.doubleOf(t, "from_us"));
        long to = t.hasToUs() ? Units.usToPs(t.getToUs()) : durationPs;
        if (from < 0 || from >= durationPs) {
            throw new ScenarioException(P + "from_us", t.getFromUs() + ": must be in [0, duration_us)");
        }
        if (to <= from) {
            throw new ScenarioException(P + "to_us", t.getToUs() + ": must be after from_us (" + Units.psToUs(from)
                    + " us)");
        }
        int[] flows = t.getFlowsList().stream().mapToInt(Integer::intValue).sorted().toArray();
        return new PacketTraceConfig(flows, max, from, Math.min(to, durationPs));
    }

    /** By flow id: traced or not. */
    public boolean[] tracedFlows(int flowCount) {
        boolean[] traced = new boolean[flowCount];
        for (int f : flows) {
            traced[f] = true;
        }
        return traced;
    }
}
