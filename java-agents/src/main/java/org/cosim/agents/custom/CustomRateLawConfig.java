package org.cosim.agents.custom;

import static org.cosim.scenario.ScenarioException.require;

import java.util.List;
import java.util.Map;
import org.cosim.agents.sender.RateControl;
import org.cosim.proto.CustomRateLaw;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;

/**
 * A custom rate law as the scenario names it (protocol.custom_rate_law): the
 * law's class ({@link LawClass}: a {@link RateControl} with a constructor taking
 * {@link LawParameters} and {@link RateFlow}), its parameters, and the segment
 * sender's settings (segment size and outstanding cap, TIMELY's defaults). Reading
 * it builds one law for a probe flow (10 Gb/s, the first at its sender), so that
 * the law's own checks run before the run starts.
 */
public record CustomRateLawConfig(LawClass law, Map<String, Double> params, int segmentBytes,
                                  int maxOutstandingSegments, List<String> signalNames) {
    private static final String P = "protocol.custom_rate_law.";

    public static CustomRateLawConfig from(CustomRateLaw c) {
        if (c.getCodeCase() == CustomRateLaw.CodeCase.SOURCE_FILE) {
            throw new ScenarioException(P + "source_file", "'" + c.getSourceFile()
                    + "' was not read: scenarios read through ScenarioFiles have it replaced by its text");
        }
        int seg = Defaults.intOf(c, "segment_bytes");
        int outstanding = Defaults.intOf(c, "max_outstanding_segments");
        require(seg > 0 && seg <= (1 << 20), P + "segment_bytes", Integer.toUnsignedString(seg),
                "must be in 1..1048576");
        require(outstanding >= 1, P + "max_outstanding_segments", Integer.toUnsignedString(outstanding),
                "must be >= 1");
        LawClass law = LawClass.of(P, c.getCodeCase() == CustomRateLaw.CodeCase.SOURCE ? c.getSource() : null,
                c.getClassName(), RateControl.class, RateFlow.class);
        Map<String, Double> params = Map.copyOf(c.getParamsMap());
        RateControl probe = (RateControl) law.construct(params, new RateFlow(1e10, 0, 10_000_000L));
        return new CustomRateLawConfig(law, params, seg, outstanding,
                law.checkSignalNames(probe.signalNames(), List.of("rate_gbps")));
    }

    public Class<?> lawClass() {
        return law.type();
    }

    /** The rate control of a new flow; every parameter must be read. */
    public RateControl newFlow(RateFlow flow) {
        return (RateControl) law.construct(params, flow);
    }
}
