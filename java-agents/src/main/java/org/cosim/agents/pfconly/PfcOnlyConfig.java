package org.cosim.agents.pfconly;

import org.cosim.proto.PfcOnly;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;

/** The PFC-only baseline's parameters: segment size, and the outstanding cap it shares with TIMELY's default. */
public record PfcOnlyConfig(int segmentBytes, int maxOutstandingSegments) {
    public static PfcOnlyConfig from(PfcOnly p) {
        int seg = Defaults.intOf(p, "segment_bytes");
        int out = Defaults.intOf(p, "max_outstanding_segments");
        if (seg <= 0 || seg > (1 << 20)) {
            throw new ScenarioException("protocol.pfc_only.segment_bytes", seg + " must be in 1..1048576");
        }
        if (out < 1) {
            throw new ScenarioException("protocol.pfc_only.max_outstanding_segments", out + " must be >= 1");
        }
        return new PfcOnlyConfig(seg, out);
    }
}
