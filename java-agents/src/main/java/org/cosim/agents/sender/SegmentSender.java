package org.cosim.agents.sender;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.Agent;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.CompletionEvent;
import org.cosim.agents.api.FlowArrivalEvent;
import org.cosim.agents.api.FlowStateReporter;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.api.SegmentRtt;
import org.cosim.agents.api.TimerEvent;

/**
 * A completion-based, rate-paced segment sender: the host side that TIMELY and the
 * PFC-only baseline share. It cuts each flow into segments, paces them with the
 * {@link PacingEngine}, caps the segments outstanding per flow, measures one RTT
 * per completion and feeds it to the flow's {@link RateControl} (with the
 * completion itself, and the time whenever the rate is about to be used); it declares a
 * flow finished when its last segment completes. A long-lived flow with a close
 * time (FlowArrivalEvent.stopPs) hands over nothing due at or after it and
 * finishes when what it sent is acknowledged. The protocol is the rate control.
 */
public class SegmentSender implements Agent, FlowStateReporter {
    private final HostInfo host;
    private final RateControlFactory rates;
    private final List<String> stateNames;
    private final PacingEngine pacer;
    private final Map<Integer, SenderFlow> active = new HashMap<>();

    public SegmentSender(HostInfo host, AgentContext ctx, int segmentBytes, int maxOutstanding,
                         RateControlFactory rates, List<String> signalNames) {
        this(host, ctx, segmentBytes, maxOutstanding, rates, signalNames, NicPacing.OFF);
    }

    /** {@code signalNames}: what the rate controls {@code rates} makes report ({@link RateControl#signalNames()}). */
    public SegmentSender(HostInfo host, AgentContext ctx, int segmentBytes, int maxOutstanding,
                         RateControlFactory rates, List<String> signalNames, NicPacing nicPacing) {
        this.host = host;
        this.rates = rates;
        this.stateNames = new ArrayList<>(List.of("rate_gbps"));
        this.stateNames.addAll(signalNames);
        this.pacer = new PacingEngine(host.id(), ctx.reactionDelayPs(), segmentBytes, maxOutstanding, nicPacing);
    }

    public HostInfo host() {
        return host;
    }

    /** The pacing rate, then the rate control's own signals. */
    @Override
    public List<String> flowStateNames() {
        return stateNames;
    }

    /** The state as of the flow's latest event (a time-driven control, DCQCN's, is brought up to date only then). */
    @Override
    public void reportFlowStates(FlowStateSink sink) {
        active.forEach((id, f) -> {
            sink.report(id, 0, f.rate.rateBps() / 1e9);
            for (int i = 1; i < stateNames.size(); i++) {
                sink.report(id, i, f.rate.signal(i - 1));
            }
        });
    }

    /** The flow's current rate, for inspection; NaN if the flow is not active here. */
    public double rateBps(int flow) {
        SenderFlow f = active.get(flow);
        return f == null ? Double.NaN : f.rate.rateBps();
    }

    public int activeFlows() {
        return active.size();
    }

    @Override
    public void onFlowArrival(FlowArrivalEvent e, ActionSink out) {
        SenderFlow f = new SenderFlow(e.flow(), e.sizeBytes(), e.stopPs(), rates.newFlow(active.size()));
        active.put(e.flow(), f);
        f.rate.advanceTo(e.timePs());
        pacer.pump(f, e.timePs(), out);
    }

    @Override
    public void onCompletion(CompletionEvent e, ActionSink out) {
        SenderFlow f = active.get(e.flow());
        if (f == null) {
            return;  // a completion after the flow finished cannot happen; ignore rather than guess
        }
        f.ackedBytes += e.bytes();
        f.rate.onAck(e.timePs(), e.bytes(), e.ecnEcho());
        if (pacer.completesSegment(f, e.seq(), e.bytes())) {
            // With NIC pacing only a segment's last piece counts: its RTT leaves the pacer's spacing out.
            f.outstanding--;
            f.rate.onRttSample(SegmentRtt.rttPs(e.sendTimePs(), e.completionTimePs(), e.bytes(),
                    host.nicRateBps()));
        }
        if (f.allAcked()) {
            active.remove(e.flow());
            out.flowFinished(e.timePs(), host.id(), e.flow());
            return;
        }
        pacer.pump(f, e.timePs(), out);
        finishIfClosed(f, e.timePs(), out);
    }

    /** A flow its application closed while nothing was outstanding is done at once. */
    private void finishIfClosed(SenderFlow f, long now, ActionSink out) {
        if (f.allAcked()) {
            active.remove(f.flow);
            out.flowFinished(now, host.id(), f.flow);
        }
    }

    @Override
    public void onTimer(TimerEvent e, ActionSink out) {
        SenderFlow f = active.get((int) e.timerId());
        if (f != null) {
            f.rate.advanceTo(e.timePs());
            pacer.wake(f, e.timePs(), out);
            finishIfClosed(f, e.timePs(), out);
        }
    }
}
