package org.cosim.agents.window;

import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.Agent;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.CompletionEvent;
import org.cosim.agents.api.FlowArrivalEvent;
import org.cosim.agents.api.FlowStateReporter;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.api.SegmentRtt;
import org.cosim.agents.api.TimerEvent;
import org.cosim.agents.api.TransmittedEvent;
import org.cosim.agents.util.FlowMap;
import org.cosim.agents.util.IntMap;
import org.cosim.scenario.KeyedHash;

/**
 * A window-based sender, the host side that Poseidon and Swift share; the
 * protocol is the {@link WindowLaw}. Each flow goes out in segments of
 * segment_bytes, each with one hardware ACK (one MTU: an ACK per packet). A
 * segment is handed to the NIC whenever the window allows (inflight <
 * floor(cwnd)), at the earliest time the window rule permits (the event time +
 * L); the NIC sends what it is given at line rate. Below one packet the window
 * paces instead: one segment every rtt / cwnd with none outstanding. Only below
 * one packet, as the paper does for both protocols; a window in [k, k+1) keeps k
 * packets out, which is continuous with pacing at 1 (rounding up would jump
 * from one packet per RTT to two at cwnd = 1 and makes Poseidon's small windows
 * oscillate; measured in docs/poseidon-swift.md). Optionally (pace_fraction) the fractional part
 * is paced too: one segment every rtt / fraction beyond the whole packets the ACK
 * clock keeps out (at most one such segment out at a time; {@link
 * SegmentLedger#clockedInflight()}), so that the rate is cwnd / RTT at every window size.
 *
 * <p>Every ACK of new data feeds the law with the fabric RTT of the ACKed packet
 * (NIC timestamps: {@link SegmentRtt#fabricRttPs}) and the INT fields it carries.
 * Losses are found by {@link SegmentLedger} (three later ACKs: fast recovery) or
 * by the {@link RetransmitTimer} (timeout, go-back-N); either tells the window
 * (Appendix A) and the lost segments are resent first. Every segment asks its
 * NIC to report its transmission (ActionSink.REPORT_TX): the timeout runs an RTO
 * from the oldest outstanding segment's TX time and never expires while that
 * segment still waits in the NIC, as Linux arms its RTO from the transmit and
 * RDMA NICs run theirs from the wire. The flow is finished when
 * every byte is ACKed. A long-lived flow with a close time (stop_us,
 * FlowArrivalEvent.stopPs) hands over no new data due at or after it, resends
 * what it lost, and finishes when what it sent is ACKed, as TIMELY's sender does.
 *
 * <p>With syn_handshake a flow (or a connection's first message) sends a SYN
 * and nothing else until the SYN-ACK is back ({@link SynHandshake}); the RTO
 * timer guards the SYN as it guards data.
 *
 * <p>With connection_per_destination, a host's flows to one destination are
 * messages of one {@link Connection}: one at a time, in order of arrival, each
 * starting with the window the previous one left, all on the connection's path.
 * With PLB ({@link PathBalancer}) a connection (or a flow) moves to another
 * path when its congestion persists.
 */
public class WindowSender implements Agent, FlowStateReporter {
    private static final int RTO_TIMER = 0;
    private static final int PACE_TIMER = 1;
    /** ASCII "conn": keys a connection's path. */
    static final long CONNECTION_TAG = 0x636f6e6eL;

    private final HostInfo host;
    private final AgentContext ctx;
    private final long reactionDelayPs;
    private final WindowConfig cfg;
    private final WindowLaw law;
    private final FlowMap<WindowFlow> flows = new FlowMap<>();
    private final IntMap<Connection> connections = new IntMap<>();  // by destination (connection_per_destination)
    private final AckSample sample = new AckSample();

    protected WindowSender(HostInfo host, AgentContext ctx, WindowConfig cfg, WindowLaw law) {
        this.host = host;
        this.ctx = ctx;
        this.reactionDelayPs = ctx.reactionDelayPs();
        this.cfg = cfg;
        this.law = law;
    }

    public HostInfo host() {
        return host;
    }

    public int activeFlows() {
        return flows.size();
    }

    /** The flow's window, for inspection; null when the flow is not active here. */
    public CongestionWindow window(int flow) {
        WindowFlow f = flows.get(flow);
        return f == null ? null : f.window;
    }

    /** The window, the latest fabric RTT the window works with, then the law's own signals. */
    @Override
    public List<String> flowStateNames() {
        List<String> names = new ArrayList<>(List.of("cwnd_packets", "rtt_us"));
        names.addAll(law.signalNames());
        return names;
    }

    @Override
    public void reportFlowStates(FlowStateSink sink) {
        flows.forEach((f, id) -> {
            CongestionWindow w = f.window;
            sink.report(id, 0, w.cwnd());
            sink.report(id, 1, w.rttPs() / 1e6);
            for (int i = 0; i < w.signals(); i++) {
                sink.report(id, 2 + i, w.signal(i));
            }
        });
    }

    /** The flow's segments, for inspection; null when the flow is not active here. */
    public SegmentLedger ledger(int flow) {
        WindowFlow f = flows.get(flow);
        return f == null ? null : f.ledger;
    }

    @Override
    public void onFlowArrival(FlowArrivalEvent e, ActionSink out) {
        long baseRtt = e.baseRttPs() > 0 ? e.baseRttPs() : ctx.baseRttPs();
        WindowFlow.Declared declared = WindowFlow.Declared.of(e, baseRtt);
        if (!cfg.connectionPerDestination()) {
            WindowFlow f = new WindowFlow(declared, newWindow(baseRtt), new SegmentLedger(cfg.segmentBytes(),
                    e.sizeBytes()), new RetransmitTimer(cfg.minRtoPs()), null, balancer(e.flow(), e.pathCount(), 0),
                    synHandshake());
            f.lastPacedPs = e.timePs() + reactionDelayPs;  // the fractional packet's clock starts with the flow
            flows.put(e.flow(), f);
            pumpOrFinish(f, e.timePs(), out);
            return;
        }
        Connection c = connections.get(e.dst());
        if (c == null) {
            int path = connectionPath(e);
            c = new Connection(newWindow(baseRtt), new RetransmitTimer(cfg.minRtoPs()), path,
                    balancer(e.dst(), e.pathCount(), path), synHandshake());
            connections.put(e.dst(), c);
        }
        if (c.busy) {
            c.waiting.add(declared);
        } else {
            startMessage(c, declared, e.timePs(), out);
        }
    }

    /**
     * The one path a connection's messages take: real ECMP hashes the
     * connection's 5-tuple, not the message, so a connection keeps its path
     * (source route 1 + hash(seed, host, destination) mod paths; 0, ECMP, when
     * there is one path). Without PLB a connection never moves.
     */
    private int connectionPath(FlowArrivalEvent e) {
        return e.pathCount() > 1
                ? 1 + KeyedHash.below(KeyedHash.hash(ctx.seed(), CONNECTION_TAG, host.id(), e.dst()), e.pathCount())
                : 0;
    }

    /** PLB for a connection keyed {@code key} (its destination, or the flow), or null when it is off. */
    private PathBalancer balancer(int key, int pathCount, int initialPath) {
        return cfg.plb() == null ? null
                : new PathBalancer(cfg.plb(), ctx.seed(), host.id(), key, pathCount, initialPath);
    }

    private SynHandshake synHandshake() {
        return cfg.synHandshake() ? new SynHandshake() : null;
    }

    private CongestionWindow newWindow(long baseRttPs) {
        return new CongestionWindow(cfg, law.forNewFlow(), cfg.initialCwnd(baseRttPs, host.nicRateBps()), baseRttPs);
    }

    /** The connection's next message goes out with the window, RTO estimate and pacing clock the last one left. */
    private void startMessage(Connection c, WindowFlow.Declared message, long now, ActionSink out) {
        WindowFlow f = new WindowFlow(message, c.window, new SegmentLedger(cfg.segmentBytes(), message.sizeBytes()),
                c.rto, c, c.plb, c.syn);
        f.lastSendPs = c.lastSendPs;
        f.lastPacedPs = c.lastPacedPs != WindowFlow.NEVER ? c.lastPacedPs : now + reactionDelayPs;
        c.busy = true;
        flows.put(message.id(), f);
        pumpOrFinish(f, now, out);
    }

    /** The flow is done: its connection (if any) hands the next waiting message the window. */
    private void finish(WindowFlow f, long now, ActionSink out) {
        flows.remove(f.id);
        out.flowFinished(now, host.id(), f.id);
        Connection c = f.connection;
        if (c == null) {
            return;
        }
        c.busy = false;
        c.lastSendPs = f.lastSendPs;
        c.lastPacedPs = f.lastPacedPs;
        WindowFlow.Declared next = c.waiting.poll();
        if (next != null) {
            startMessage(c, next, now, out);
        }
    }

    @Override
    public void onCompletion(CompletionEvent e, ActionSink out) {
        WindowFlow f = flows.get(e.flow());
        if (f == null) {
            return;  // a late ACK of a retransmitted segment after the flow finished
        }
        long now = e.timePs();
        if (e.syn()) {
            if (f.syn != null && f.syn.onSynAck(SegmentRtt.fabricRttPs(e), now, f.rto)) {
                pumpOrFinish(f, now, out);
            }
            return;
        }
        if (f.ledger.ack(e.seq(), e.sendTimePs()) == SegmentLedger.Ack.NEW) {
            long rtt = SegmentRtt.fabricRttPs(e);
            f.rto.sample(rtt);
            f.rto.progress(now);
            sample.set(now, rtt, 1, e.intMaxHopDelayPs(), e.intReverseMaxHopDelayPs(), f.baseRttPs, f.hops)
                    .withEcn(e.ecnEcho()).withAck(e.seq() + e.bytes(), f.ledger.sentEndBytes(), e);
            if (f.plb != null) {
                f.plb.onAck(e.sendTimePs(), now, f.window.congested(sample));
            }
            f.window.onAck(sample);
            long tx = f.ledger.matchedTransmission();
            if (tx > 0 && f.ledger.detectLosses(tx) > 0) {
                f.window.onFastRecovery(now);
            }
            if (f.plb != null) {
                f.plb.maybeMove(now, f.ledger.inflight() == 0);
            }
        }
        pumpOrFinish(f, now, out);  // pumps nothing once every byte is ACKed, then finishes
    }

    /** A segment left the NIC: the retransmission timer may now run for it. */
    @Override
    public void onTransmitted(TransmittedEvent e, ActionSink out) {
        WindowFlow f = flows.get(e.flow());
        if (f != null) {
            f.ledger.transmitted(e.seq(), e.sendTimePs(), e.timePs());
            armTimeout(f, e.timePs(), out);
        }
    }

    @Override
    public void onTimer(TimerEvent e, ActionSink out) {
        WindowFlow f = flows.get((int) (e.timerId() >>> 1));
        if (f == null) {
            return;
        }
        long now = e.timePs();
        if ((e.timerId() & 1) == RTO_TIMER) {
            f.rtoTimerPending = false;
            if (f.ledger.inflight() > 0 && now >= timeoutAt(f)) {
                timeout(f, now);
            } else if (f.syn != null) {
                f.syn.timedOut(now, f.rto);  // a lost SYN: pump resends it
            }
        } else if (now >= f.paceWakeupPs) {
            f.paceWakeupPs = WindowFlow.NONE;  // the earliest fired; a later stale one only re-checks
        }
        pumpOrFinish(f, now, out);
    }

    /** Appendix A's RetransmitTimeout, and go-back-N from the oldest unACKed segment. */
    private void timeout(WindowFlow f, long now) {
        f.window.onRetransmitTimeout(now);
        f.ledger.timeoutAll();
        f.rto.expired(now);
        if (f.plb != null) {
            f.plb.onTimeout(now);
        }
    }

    /** {@link #pump}, after which a flow that closed with nothing outstanding is done at once. */
    private void pumpOrFinish(WindowFlow f, long now, ActionSink out) {
        pump(f, now, out);
        if (f.ledger.allAcked()) {
            finish(f, now, out);
        }
    }

    /** Hands the NIC what the window allows now, or arranges to; keeps the timeout armed while data is out. */
    private void pump(WindowFlow f, long now, ActionSink out) {
        long at = now + reactionDelayPs;
        f.closeIfDue(at);
        if (f.settingUp()) {
            if (f.ledger.hasWork()) {
                f.syn.open(at, host.id(), f.id, 0, f.path(), f.rto, out);
            }
            armTimeout(f, now, out);
            return;
        }
        long spacing = f.window.pacedSpacingPs();
        if (spacing > 0) {
            // Always paced (HPCC): every segment spaced by the law, as many out as the window allows.
            while (f.ledger.inflight() < f.window.cwnd() && f.ledger.hasWork()
                    && pace(f, f.lastSendPs, spacing, at, false, out)) {
                // sent one; the next is due a spacing later
            }
        } else if (!f.window.pacing()) {
            int whole = f.window.wholePackets();
            while (f.ledger.clockedInflight() < whole && f.ledger.hasWork()) {
                send(f, at, false, out);
            }
            // The fraction adds one paced segment every rtt / fraction beyond the ACK clock, one out at a time.
            if (cfg.paceFraction() && f.ledger.clockedInflight() >= whole && f.ledger.extraInflight() == 0
                    && f.window.fraction() > 0 && f.ledger.hasWork()) {
                pace(f, f.lastPacedPs, f.window.fractionDelayPs(), at, true, out);
            }
        } else if (f.ledger.inflight() == 0 && f.ledger.hasWork()) {
            pace(f, f.lastSendPs, f.window.pacingDelayPs(), at, false, out);
        }
        armTimeout(f, now, out);
    }

    /**
     * A paced segment: due {@code spacingPs} after {@code lastPs} (below one packet:
     * rtt / cwnd after the last send, Algorithm 1; with pace_fraction, rtt /
     * fraction after the last paced one). A wake-up L before that re-checks the
     * window then (as TIMELY's pacer does); a segment due within L is committed for
     * its time at once. New data due at or after the flow's close time is not
     * sent: the wake-up comes at the close time (or L from now, if later), and
     * pump closes the flow then, unless the window sent something sooner; an idle
     * flow thus finishes at its close time. Returns whether it sent one.
     */
    private boolean pace(WindowFlow f, long lastPs, long spacingPs, long at, boolean extra, ActionSink out) {
        long due = lastPs == WindowFlow.NEVER ? at : Math.max(at, lastPs + spacingPs);
        boolean afterClose = f.stopPs > 0 && due >= f.stopPs && f.ledger.nextIsNew();
        if (afterClose || due - reactionDelayPs >= at) {
            // Timers cannot be cancelled: set an earlier one when the window now wants the packet sooner.
            // New data due after the close time waits for it instead, when pump closes the flow.
            long wake = afterClose ? Math.max(f.stopPs, at) : due - reactionDelayPs;
            if (wake < f.paceWakeupPs) {
                out.setTimer(wake, host.id(), timerId(f, PACE_TIMER));
                f.paceWakeupPs = wake;
            }
            return false;
        }
        send(f, due, extra, out);
        f.lastPacedPs = due;
        return true;
    }

    /** {@code extra}: a segment of the window's fraction, beyond the ACK clock ({@link SegmentLedger}). */
    private void send(WindowFlow f, long at, boolean extra, ActionSink out) {
        // Never before the flow's last hand-over: a paced segment may be committed for up to 2 L ahead, and a
        // segment the ACK clock releases meanwhile must not overtake it in the NIC (its ACK would come back out
        // of order and read as a loss).
        long t = Math.max(at, f.lastSendPs);
        long s = f.ledger.nextToSend();
        if (f.ledger.inflight() == 0) {
            f.rto.restart(t);
        }
        out.sendSegment(t, host.id(), f.id, f.ledger.seqOf(s), f.ledger.bytesOf(s), f.path(), ActionSink.REPORT_TX);
        f.ledger.sent(s, t, extra);
        f.lastSendPs = t;
    }

    private void armTimeout(WindowFlow f, long now, ActionSink out) {
        if (f.guarding() && !f.rtoTimerPending) {
            long at = timeoutAt(f);
            if (at != RetransmitTimer.NO_EXPIRY) {
                out.setTimer(Math.max(at, now + reactionDelayPs), host.id(), timerId(f, RTO_TIMER));
                f.rtoTimerPending = true;
            }
        }
    }

    /**
     * When the timeout expires ({@link RetransmitTimer#expiryPs}: never while the
     * oldest outstanding segment is still in the NIC, whose TransmittedEvent arms
     * the timer then). With nothing out, a SYN's timer runs from the last progress.
     */
    private static long timeoutAt(WindowFlow f) {
        long tx = f.ledger.oldestOutstandingTxPs();
        return tx == SegmentLedger.NOTHING_OUT ? f.rto.deadlinePs() : f.rto.expiryPs(tx);
    }

    private static long timerId(WindowFlow f, int kind) {
        return ((long) f.id << 1) | kind;
    }
}
