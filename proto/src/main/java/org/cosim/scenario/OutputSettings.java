package org.cosim.scenario;

import org.cosim.proto.Output;

/** The scenario's output settings that both the fabric and the agent side read. */
public final class OutputSettings {
    private OutputSettings() {}

    /** output.sample_interval_us, or its default. */
    public static double sampleIntervalUs(Output o) {
        return Defaults.doubleOf(o, "sample_interval_us");
    }

    /** output.sample_interval_us in ps; not positive is refused. */
    public static long sampleIntervalPs(Output o) {
        double us = sampleIntervalUs(o);
        long ps = Units.usToPs(us);
        if (!Double.isFinite(us) || ps <= 0) {
            throw new ScenarioException("output.sample_interval_us", o.getSampleIntervalUs() + ": must be > 0"
                    + (us > 0 && Double.isFinite(us) ? " after rounding to whole picoseconds (it rounds to "
                    + ps + " ps)" : ""));
        }
        return ps;
    }

    /** How often the agents sample their flows' state: the sample interval with output.agent_state, else 0. */
    public static long stateIntervalPs(Output o) {
        return Defaults.boolOf(o, "agent_state") ? sampleIntervalPs(o) : 0;
    }
}
