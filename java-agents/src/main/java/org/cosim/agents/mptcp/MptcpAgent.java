package org.cosim.agents.mptcp;

import java.util.Arrays;
import java.util.List;
import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.Agent;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.CompletionEvent;
import org.cosim.agents.api.FlowArrivalEvent;
import org.cosim.agents.api.FlowStateReporter;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.api.TimerEvent;
import org.cosim.agents.api.TransmittedEvent;
import org.cosim.agents.util.FlowMap;
import org.cosim.agents.window.SynHandshake;
import org.cosim.scenario.KeyedHash;

/**
 * MPTCP on one host: every flow it sources is a {@link MptcpConnection} of up to
 * {@code subflows} subflows, one per source route. A flow with fewer paths than
 * subflows gets one subflow per path (as htsim does: a rack-local flow is plain
 * TCP). Paths are distinct, drawn by a partial shuffle keyed on (seed, host,
 * flow), so a run is reproducible whatever order flows arrive in.
 */
public final class MptcpAgent implements Agent, FlowStateReporter {
    /** ASCII "mptc": keys the path draw. */
    private static final long PATH_TAG = 0x6d707463L;

    private final HostInfo host;
    private final AgentContext ctx;
    private final MptcpConfig cfg;
    private final int segmentBytes;
    private final FlowMap<MptcpConnection> flows = new FlowMap<>();

    public MptcpAgent(HostInfo host, AgentContext ctx, MptcpConfig cfg) {
        this.host = host;
        this.ctx = ctx;
        this.cfg = cfg;
        this.segmentBytes = cfg.segmentBytes(ctx.mtuBytes());
    }

    @Override
    public List<String> flowStateNames() {
        return List.of("cwnd_packets");
    }

    /** A connection's subflow windows together. */
    @Override
    public void reportFlowStates(FlowStateSink sink) {
        flows.forEach((c, id) -> sink.report(id, 0, c.totalCwnd()));
    }

    /** The flow's connection, for inspection; null when the flow is not active here. */
    MptcpConnection connection(int flow) {
        return flows.get(flow);
    }

    @Override
    public void onFlowArrival(FlowArrivalEvent e, ActionSink out) {
        long rtt = e.baseRttPs() > 0 ? e.baseRttPs() : ctx.baseRttPs();
        int[] paths = paths(e.flow(), e.pathCount());
        Subflow[] subflows = new Subflow[paths.length];
        for (int i = 0; i < paths.length; i++) {
            subflows[i] = new Subflow(i, paths[i], cfg.initialCwndPackets(), cfg.ssthreshPackets(), rtt,
                    cfg.minRtoPs(), cfg.synHandshake() ? new SynHandshake() : null);
        }
        MptcpConnection c = new MptcpConnection(host.id(), e.flow(), ctx.reactionDelayPs(), cfg,
                new DataLedger(segmentBytes, e.sizeBytes()), subflows, e.stopPs());
        flows.put(e.flow(), c);
        advance(c, e.timePs(), out);
    }

    @Override
    public void onCompletion(CompletionEvent e, ActionSink out) {
        MptcpConnection c = flows.get(e.flow());
        if (c == null) {
            return;  // a late ACK of a resent segment after the flow finished
        }
        if (e.syn()) {
            if (e.seq() >= c.subflowCount()) {
                return;  // not a SYN of ours
            }
            c.onSynAck((int) e.seq(), e.timePs() - e.sendTimePs(), e.timePs());
        } else {
            c.onAck(e.seq(), e.sendTimePs(), e.timePs());
        }
        advance(c, e.timePs(), out);
    }

    @Override
    public void onTimer(TimerEvent e, ActionSink out) {
        long id = e.timerId();
        long flow = id / MptcpConfig.MAX_SUBFLOWS;
        int subflow = (int) (id % MptcpConfig.MAX_SUBFLOWS);
        MptcpConnection c = id >= 0 && flow <= Integer.MAX_VALUE ? flows.get((int) flow) : null;
        if (c == null || subflow >= c.subflowCount()) {
            return;  // the flow finished (timers outlive it), or an id that is none of ours
        }
        c.onTimer(subflow, e.timePs());
        advance(c, e.timePs(), out);
    }

    /** A segment left the NIC: its subflow's timer may now run for it. */
    @Override
    public void onTransmitted(TransmittedEvent e, ActionSink out) {
        MptcpConnection c = flows.get(e.flow());
        if (c != null) {
            c.onTransmitted(e.seq(), e.sendTimePs(), e.timePs(), out);
        }
    }

    private void advance(MptcpConnection c, long now, ActionSink out) {
        if (!c.finished()) {
            c.pump(now, out);  // may close the flow (its stop time): then it can be done at once
        }
        if (c.finished()) {
            flows.remove(c.flow);
            out.flowFinished(now, host.id(), c.flow);
        }
    }

    /**
     * Source routes 1..pathCount for the subflows, all different: the first
     * min(subflows, pathCount) of a shuffle keyed on (seed, host, flow). One path
     * only: route 0, the fabric's own (ECMP or the only path).
     */
    private int[] paths(int flow, int pathCount) {
        if (pathCount <= 1) {
            return new int[] {0};
        }
        int n = Math.min(cfg.subflows(), pathCount);
        int[] routes = new int[pathCount];
        for (int i = 0; i < pathCount; i++) {
            routes[i] = i + 1;
        }
        for (int i = 0; i < n; i++) {
            int j = i + KeyedHash.below(KeyedHash.hash(ctx.seed(), PATH_TAG, host.id(), flow, i), pathCount - i);
            int t = routes[i];
            routes[i] = routes[j];
            routes[j] = t;
        }
        return Arrays.copyOf(routes, n);
    }
}
