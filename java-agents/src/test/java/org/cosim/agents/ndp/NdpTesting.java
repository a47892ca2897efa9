package org.cosim.agents.ndp;

import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.proto.Ndp;
import org.cosim.proto.Protocol;

/** Shared fixtures of the NDP agent tests: 10 Gb/s hosts, 9000-byte packets, L = 1 us. */
final class NdpTesting {
    static final long L = 1_000_000L;
    static final int MTU = 9000;
    static final long RATE = 10_000_000_000L;
    /** One 9000-byte packet at 10 Gb/s. */
    static final long PACKET_PS = 7_200_000L;

    private NdpTesting() {}

    static NdpConfig config(Ndp.Builder n) {
        return NdpConfig.from(n.build(), MTU);
    }

    static NdpAgent agent(int host, Ndp.Builder n) {
        Protocol p = Protocol.newBuilder().setNdp(n).build();
        return new NdpAgent(new HostInfo(host, RATE), new AgentContext(L, 20_000_000L, 7L, p, MTU), config(n));
    }

    static ActionBatch batch() {
        ActionBatch b = new ActionBatch();
        b.reset(0);
        return b;
    }

    /** A SendSegment: {time, flow, seq, bytes, path, options}. */
    record Seg(long time, int flow, long seq, int bytes, int path, int options) {}

    /** A SendControl: {time, flow, kind, seq, pull number, path, echo}. */
    record Ctl(long time, int flow, int kind, long seq, long pull, int path, long echo) {}

    static List<Seg> segments(ActionBatch b) {
        List<Seg> out = new ArrayList<>();
        for (int i = 0; i < b.size(); i++) {
            if (b.kind(i) == ActionBatch.SEND_SEGMENT) {
                out.add(new Seg(b.time(i), b.flow(i), b.seq(i), b.bytes(i), b.path(i), b.segmentOptions(i)));
            }
        }
        return out;
    }

    static List<Ctl> controls(ActionBatch b) {
        List<Ctl> out = new ArrayList<>();
        for (int i = 0; i < b.size(); i++) {
            if (b.kind(i) == ActionBatch.SEND_CONTROL) {
                out.add(new Ctl(b.time(i), b.flow(i), b.controlKind(i), b.seq(i), b.pullNumber(i), b.path(i),
                        b.echoTimePs(i)));
            }
        }
        return out;
    }
}
