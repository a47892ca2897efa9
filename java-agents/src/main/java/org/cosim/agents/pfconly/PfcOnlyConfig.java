package org.cosim.agents.pfconly;

import org.cosim.proto.PfcOnly;
import org.cosim.scenario.ScenarioException;

/** The PFC-only baseline's parameters: segment size, and the outstanding cap it shares with TIMELY's default. */
public record PfcOnlyConfig(int segmentBytes, int maxOutstandingSegments) {
    public static PfcOnlyConfig from(PfcOnly p) {
        int seg = p.hasSegmentBytes() ? p.getSegmentBytes() : 16384;
        int out = p.hasMaxOutstandingSegments() ? p.getMaxOutstandingSegments() : 4;
        if (seg <= 0 || seg > (1 << 20)) {
            throw new ScenarioException("protocol.pfc_only.segment_bytes", seg + " must be in 1..1048576");
        }
        if (out < 1) {
            throw new ScenarioException("protocol.pfc_only.max_outstanding_segments", out + " must be >= 1");
        }
        return new PfcOnlyConfig(seg, out);
    }
}
