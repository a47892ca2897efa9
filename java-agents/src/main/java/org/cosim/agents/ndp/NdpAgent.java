package org.cosim.agents.ndp;

import java.util.List;
import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.Agent;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.CompletionEvent;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.api.FlowArrivalEvent;
import org.cosim.agents.api.FlowStateReporter;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.api.PacketArrivalEvent;
import org.cosim.agents.api.TimerEvent;
import org.cosim.agents.api.TransmittedEvent;
import org.cosim.scenario.Units;

/**
 * NDP (SIGCOMM'17) on one host: the {@link NdpSender} of the flows it sources and
 * the {@link NdpReceiver} of the flows it sinks, sharing nothing but the host.
 * Events are routed by kind: flow arrivals, ACK/NACK/PULL and returned headers to
 * the sender; data packets and trimmed headers to the receiver. NDP uses no
 * hardware ACKs (every packet is sent with ACK_NONE), so completions never come.
 *
 * <p>Timer ids: {@link #PACER_TIMER} for the pull pacer; a sender's RTO timers
 * carry {@code RTO_KIND << 32 | flow}, a receiver's stall timers
 * {@code STALL_KIND << 32 | flow}.
 */
public final class NdpAgent implements Agent, FlowStateReporter {
    static final long PACER_TIMER = 1L << 33;
    private static final long RTO_KIND = 1L;
    private static final long STALL_KIND = 3L;  // 2 << 32 is the pacer's id

    private final NdpSender sender;
    private final NdpReceiver receiver;

    public NdpAgent(HostInfo host, AgentContext ctx, NdpConfig cfg) {
        this.sender = new NdpSender(host.id(), ctx.reactionDelayPs(), ctx.seed(), cfg);
        long interval = Units.serializationPs(cfg.pullSpacingBytes(), host.nicRateBps());
        this.receiver = new NdpReceiver(host.id(), ctx.reactionDelayPs(), interval, cfg);
    }

    static long rtoTimer(int flow) {
        return RTO_KIND << 32 | (flow & 0xffffffffL);
    }

    static long stallTimer(int flow) {
        return STALL_KIND << 32 | (flow & 0xffffffffL);
    }

    /**
     * NDP's senders keep no window or rate: the state that moves is the receiver's pull backlog per
     * flow, then the sender's packets in flight, its packets waiting to be resent and the paths its
     * scoreboard leaves out of the current spraying pass (path penalties, Fig 22).
     */
    static final List<String> STATE_NAMES = List.of("pulls_queued", "in_flight", "resends_queued",
            "paths_excluded");

    @Override
    public List<String> flowStateNames() {
        return STATE_NAMES;
    }

    @Override
    public void reportFlowStates(FlowStateSink sink) {
        receiver.reportQueuedPulls(sink);
        sender.reportSenderState(sink);
    }

    NdpSender sender() {
        return sender;
    }

    NdpReceiver receiver() {
        return receiver;
    }

    @Override
    public void onFlowArrival(FlowArrivalEvent e, ActionSink out) {
        sender.start(e, out);
    }

    @Override
    public void onCompletion(CompletionEvent e, ActionSink out) {
        // NDP sends every packet with ACK_NONE: no segment completions.
    }

    @Override
    public void onTimer(TimerEvent e, ActionSink out) {
        if (e.timerId() == PACER_TIMER) {
            receiver.onPacerTimer(e.timePs(), out);
        } else if (e.timerId() >>> 32 == RTO_KIND) {
            sender.onRtoTimer((int) e.timerId(), e.timePs(), out);
        } else if (e.timerId() >>> 32 == STALL_KIND) {
            receiver.onStallTimer((int) e.timerId(), e.timePs(), out);
        }
    }

    @Override
    public void onPacketArrival(PacketArrivalEvent e, ActionSink out) {
        if (e.returned()) {
            sender.onReturned(e, out);
        } else {
            receiver.onPacket(e, out);
        }
    }

    @Override
    public void onControlArrival(ControlArrivalEvent e, ActionSink out) {
        sender.onControl(e, out);
    }

    @Override
    public void onTransmitted(TransmittedEvent e, ActionSink out) {
        sender.onTransmitted(e, out);
    }
}
