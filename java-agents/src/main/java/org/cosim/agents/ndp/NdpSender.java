package org.cosim.agents.ndp;

import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.api.FlowStateReporter.FlowStateSink;
import org.cosim.agents.api.FlowArrivalEvent;
import org.cosim.agents.api.PacketArrivalEvent;
import org.cosim.agents.api.TransmittedEvent;
import org.cosim.agents.util.IntMap;

/**
 * NDP's sender side on one host (SIGCOMM'17 §3.2): no handshake, the initial
 * window pushed at line rate, then pull-clocked. Every packet is a one-packet
 * segment sent without hardware ACK on a source route chosen by the flow's
 * {@link PathSprayer}; the flow's last packet is marked.
 *
 * <ul>
 * <li>ACK: the packet is done; its path scores an ACK; RTT sample for the RTO.
 * <li>NACK: the packet waits to be resent (sent at once only with a banked credit).
 * <li>PULL number p (or a pull riding on an ACK/NACK): send p - (highest number
 *     seen) packets, resends first, then new data; a pull that finds nothing to
 *     send is banked as a credit. Lower or equal numbers pull nothing.
 * <li>Returned header (return-to-sender, §3.2.4): resent at once only if no more
 *     pulls are expected (none owed, none in flight to earn one), a credit is
 *     banked, or recent feedback was mostly ACKs (a bad path); then on another
 *     path. Otherwise it waits for a pull (no incast echo).
 * <li>RTO: a packet in flight longer than the RTO since it left the NIC (every
 *     packet asks the NIC to report that: ActionSink.REPORT_TX) is lost: its path
 *     scores a loss and it is resent at once on another path. No deadline runs
 *     while a packet waits in the NIC.
 * </ul>
 * Every action is timed at the event time + L (the window rule).
 */
final class NdpSender {
    private final int host;
    private final long reactionDelayPs;
    private final long seed;
    private final NdpConfig cfg;
    private final IntMap<SendFlow> flows = new IntMap<>();
    private long rtos;
    private long bouncesResentAtOnce;

    NdpSender(int host, long reactionDelayPs, long seed, NdpConfig cfg) {
        this.host = host;
        this.reactionDelayPs = reactionDelayPs;
        this.seed = seed;
        this.cfg = cfg;
    }

    SendFlow flow(int id) {
        return flows.get(id);
    }

    long rtoCount() {
        return rtos;
    }

    long bouncesResentAtOnce() {
        return bouncesResentAtOnce;
    }

    void start(FlowArrivalEvent e, ActionSink out) {
        SendFlow f = new SendFlow(e.flow(), e.sizeBytes(), cfg.packetBytes(), Math.max(1, e.pathCount()), seed, cfg);
        flows.put(e.flow(), f);
        long t = e.timePs() + reactionDelayPs;
        for (int i = 0; i < cfg.initialWindow() && f.hasNewData(); i++) {
            sendNew(f, t, out);
        }
    }

    void onControl(ControlArrivalEvent e, ActionSink out) {
        SendFlow f = flows.get(e.flow());
        if (f == null || f.done) {
            return;  // late feedback for a finished flow
        }
        long t = e.timePs() + reactionDelayPs;
        switch (e.kind()) {
            case ControlArrivalEvent.ACK -> onAck(f, e);
            case ControlArrivalEvent.NACK -> onNack(f, e, t, out);
            default -> { }
        }
        if (e.pullNumber() > 0) {
            pull(f, e.pullNumber(), t, out);
        }
        if (f.packets != Long.MAX_VALUE && f.ackedPackets == f.packets) {
            f.done = true;
        }
    }

    /** Each unfinished flow's packets in flight, packets waiting to be resent, paths left out of this pass. */
    void reportSenderState(FlowStateSink sink) {
        flows.forEach((f, id) -> {
            if (!f.done) {
                sink.report(id, 1, f.inFlight);
                sink.report(id, 2, f.resend.size());
                sink.report(id, 3, f.sprayer.excludedThisPass());
            }
        });
    }

    private void onAck(SendFlow f, ControlArrivalEvent e) {
        f.expectedPulls++;
        f.board.ack(path(f, e.path()));
        if (e.echoTimePs() > 0) {
            f.rto.sample(e.timePs() - e.echoTimePs());
        }
        long pkt = e.seq() / cfg.packetBytes();
        if (f.ledger.holds(pkt) && f.ledger.state(pkt) != PacketLedger.ACKED) {
            if (f.ledger.state(pkt) == PacketLedger.IN_FLIGHT) {
                f.inFlight--;
                f.credits = Math.min(f.credits, f.inFlight);
            }
            f.ledger.set(pkt, PacketLedger.ACKED);
            f.ackedPackets++;
        }
    }

    private void onNack(SendFlow f, ControlArrivalEvent e, long t, ActionSink out) {
        f.expectedPulls++;
        f.board.nack(path(f, e.path()));
        long pkt = e.seq() / cfg.packetBytes();
        if (!queueForResend(f, pkt)) {
            return;
        }
        f.resend.add(pkt);
        if (e.pullNumber() == 0 && f.credits > 0) {
            f.credits--;
            sendOne(f, t, out);
        }
    }

    /** A packet in flight stops being so and waits to be resent; false if it was not in flight. */
    private boolean queueForResend(SendFlow f, long pkt) {
        if (!f.ledger.holds(pkt) || f.ledger.state(pkt) != PacketLedger.IN_FLIGHT) {
            return false;
        }
        f.ledger.set(pkt, PacketLedger.QUEUED);
        f.inFlight--;
        return true;
    }

    /** Pull number p: send p - (highest seen) packets; pulls that find nothing become credits. */
    private void pull(SendFlow f, long number, long t, ActionSink out) {
        if (number <= f.lastPull) {
            return;
        }
        long n = number - f.lastPull;
        f.lastPull = number;
        f.expectedPulls = Math.max(0, f.expectedPulls - n);
        for (long i = 0; i < n; i++) {
            if (!sendOne(f, t, out)) {
                f.addCredit();
            }
        }
    }

    /** A returned header: resend now or wait for a pull (§3.2.4). */
    void onReturned(PacketArrivalEvent e, ActionSink out) {
        SendFlow f = flows.get(e.flow());
        if (f == null || f.done) {
            return;
        }
        long t = e.timePs() + reactionDelayPs;
        int path = path(f, e.path());
        f.board.bounce(path);
        long pkt = e.seq() / cfg.packetBytes();
        if (!queueForResend(f, pkt)) {
            return;
        }
        boolean credit = f.credits > 0;
        boolean noMorePulls = f.expectedPulls == 0 && f.inFlight == 0;
        if (credit || noMorePulls || f.board.recentFeedbackLooksLikeBadPath()) {
            if (credit) {
                f.credits--;
            }
            bouncesResentAtOnce++;
            resend(f, pkt, f.sprayer.nextOtherThan(path), t, out);
        } else {
            f.resend.add(pkt);
        }
    }

    /**
     * A packet left the NIC at {@code e.timePs()}: its retransmission deadline runs
     * from then, an RTO later. The flow's timer is armed here, never at hand-over,
     * so that it does not expire for a packet still waiting in the NIC.
     */
    void onTransmitted(TransmittedEvent e, ActionSink out) {
        SendFlow f = flows.get(e.flow());
        long pkt = e.seq() / cfg.packetBytes();
        if (f == null || f.done || !f.ledger.transmitted(pkt, e.sendTimePs(), e.timePs()) || f.rtoArmed) {
            return;
        }
        f.rtoArmed = true;
        out.setTimer(e.timePs() + Math.max(f.rto.rtoPs(), reactionDelayPs), host, NdpAgent.rtoTimer(f.flow));
    }

    /**
     * The retransmission timer of flow {@code id} fired: resend what is overdue (an
     * RTO after it left the NIC), re-arm for the next deadline of a packet that has
     * left. Packets still in the NIC (resends among them) arm it when they leave.
     */
    void onRtoTimer(int id, long now, ActionSink out) {
        SendFlow f = flows.get(id);
        if (f == null) {
            return;
        }
        f.rtoArmed = false;
        if (f.done || f.inFlight == 0) {
            return;
        }
        long rto = f.rto.rtoPs();
        long t = now + reactionDelayPs;
        long next = Long.MAX_VALUE;
        for (long pkt = f.ledger.base(); pkt < f.ledger.end(); pkt++) {
            long txAt = f.ledger.txAt(pkt);
            if (f.ledger.state(pkt) != PacketLedger.IN_FLIGHT || txAt == PacketLedger.IN_NIC) {
                continue;
            }
            if (txAt + rto <= now) {
                int path = f.ledger.path(pkt);
                f.board.loss(path);
                rtos++;
                resend(f, pkt, f.sprayer.nextOtherThan(path), t, out);
            } else {
                next = Math.min(next, txAt + rto);
            }
        }
        if (next != Long.MAX_VALUE) {
            f.rtoArmed = true;
            out.setTimer(Math.max(next, t), host, NdpAgent.rtoTimer(id));
        }
    }

    /** Sends the next packet a pull asks for: a resend if any waits, else new data. False if nothing to send. */
    private boolean sendOne(SendFlow f, long t, ActionSink out) {
        while (!f.resend.isEmpty()) {
            long pkt = f.resend.poll();
            if (f.ledger.state(pkt) == PacketLedger.QUEUED) {
                resend(f, pkt, f.sprayer.next(), t, out);
                return true;
            }
        }
        if (f.hasNewData()) {
            sendNew(f, t, out);
            return true;
        }
        return false;
    }

    private void sendNew(SendFlow f, long t, ActionSink out) {
        transmit(f, f.nextNew++, f.sprayer.next(), t, out);
    }

    private void resend(SendFlow f, long pkt, int path, long t, ActionSink out) {
        transmit(f, pkt, path, t, out);
    }

    private void transmit(SendFlow f, long pkt, int path, long t, ActionSink out) {
        int options = ActionSink.NO_ACK | ActionSink.REPORT_TX | (f.isLast(pkt) ? ActionSink.LAST_OF_FLOW : 0);
        out.sendSegment(t, host, f.flow, pkt * cfg.packetBytes(), f.bytes(pkt, cfg.packetBytes()), path, options);
        // An RTO resends a packet still counted in flight: count it once.
        boolean counted = f.ledger.holds(pkt) && f.ledger.state(pkt) == PacketLedger.IN_FLIGHT;
        f.ledger.sent(pkt, t, path);
        if (!counted) {
            f.inFlight++;
        }
    }

    /** The path a control packet reports, clamped into the flow's range 1..P. */
    private static int path(SendFlow f, int p) {
        return Math.max(1, Math.min(p, f.paths));
    }
}
