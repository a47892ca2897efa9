package org.cosim.scenario;

import org.cosim.proto.Output;

/** The scenario's output settings that both the fabric and the agent side read. */
public final class OutputSettings {
    /** The time series' default sampling interval. */
    public static final double DEFAULT_SAMPLE_INTERVAL_US = 100;

    private OutputSettings() {}

    /** output.sample_interval_us, or its default. */
    public static double sampleIntervalUs(Output o) {
        return o.hasSampleIntervalUs() ? o.getSampleIntervalUs() : DEFAULT_SAMPLE_INTERVAL_US;
    }

    /** output.sample_interval_us in ps (default 100 us); not positive is refused. */
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
        return o.getAgentState() ? sampleIntervalPs(o) : 0;
    }
}
