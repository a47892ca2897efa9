package org.cosim.agents.ndp;

import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.api.FlowStateReporter.FlowStateSink;
import org.cosim.agents.api.PacketArrivalEvent;
import org.cosim.agents.util.IntMap;

/**
 * NDP's receiver side on one host (SIGCOMM'17 §3.2). For each arriving data
 * packet an ACK, for each trimmed header a NACK, both at once (event time + L),
 * echoing the packet's path and send time; and one pull per arrival into the
 * host's {@link PullQueue} (fair, or in the scenario's {@link PullOrder}), paced
 * by the {@link PullPacer} (or riding on that ACK/NACK when the pacer is idle and
 * pull_on_ack is on).
 *
 * <p>Control packets are sprayed like the data (htsim's receivers spray them over
 * their own path permutation; ours reuse the sender's): an ACK or NACK goes back
 * on the path of the packet it answers, a PULL on the path of the flow's latest
 * arrival (cosim.proto SendControl.path is also the control packet's route). So
 * a flow's feedback is never pinned to one path, and the sender's path penalties
 * steer it away from bad paths too.
 *
 * <p>The paper removes a sender's queued pulls when its marked last packet
 * arrives; taken literally that strands NACKed packets whose resends were never
 * pulled (docs/ndp.md, "Where the paper is silent"). We cap instead: once the last packet has been seen, a
 * flow's queued pulls never exceed its packets still missing (a new arrival adds
 * a pull only below that cap). When every packet has arrived the receiver
 * declares the flow finished (its FCT ends with the last data byte in) and keeps
 * ACKing late duplicates without pulling.
 *
 * <p>The cap has a cost the sender cannot see: it counts one pull owed per ACK or
 * NACK, including those the cap withheld, so when a resend is returned to it
 * again (double bounces, large incasts) it may wait for a pull that will never
 * come while the receiver waits for the packet. The stall watch (ours, switch
 * {@code stall_pull}) breaks that deadlock from the side that knows: a flow whose
 * last packet was seen, still missing packets, with no pull queued and no arrival
 * or pull for rto_min, gets one pull; its resend's arrival then queues the next.
 * A pull that finds nothing to send is banked by the sender, so a needless one
 * costs one pull slot.
 */
final class NdpReceiver {
    private final int host;
    private final long reactionDelayPs;
    private final NdpConfig cfg;
    private final IntMap<RecvFlow> flows = new IntMap<>();
    private final PullQueue queue;
    private final PullPacer pacer;
    private long stallPulls;

    NdpReceiver(int host, long reactionDelayPs, long pullIntervalPs, NdpConfig cfg) {
        this.host = host;
        this.reactionDelayPs = reactionDelayPs;
        this.cfg = cfg;
        this.queue = PullQueue.of(cfg.pullOrder());
        this.pacer = new PullPacer(host, reactionDelayPs, pullIntervalPs);
    }

    RecvFlow flow(int id) {
        return flows.get(id);
    }

    PullQueue queue() {
        return queue;
    }

    PullPacer pacer() {
        return pacer;
    }

    void onPacket(PacketArrivalEvent e, ActionSink out) {
        RecvFlow f = flows.get(e.flow());
        if (f == null) {
            f = new RecvFlow(e.flow(), cfg.prioritized(e.flow()));
            flows.put(e.flow(), f);
        }
        long now = e.timePs();
        f.heard(now);
        long packet = e.seq() / cfg.packetBytes();
        f.lastPath = e.path();
        if (e.lastOfFlow()) {
            f.total = packet + 1;
        }
        if (!e.trimmed() && f.got.add(packet)) {
            f.received++;
        }
        int kind = e.trimmed() ? ControlArrivalEvent.NACK : ControlArrivalEvent.ACK;
        boolean wantsPull = !f.finished && (!capped(f) || f.pending < f.missing());
        long at = now + reactionDelayPs;
        boolean ride = wantsPull && cfg.pullOnAck() && pacer.rideAt(at, queue);
        out.sendControl(at, host, f.flow, kind, e.seq(), ride ? ++f.pullNumber : 0, e.path(), e.sendTimePs(),
                e.txTimePs());
        if (wantsPull && !ride) {
            queue.add(f);
        }
        if (capped(f)) {
            queue.cap(f, f.missing());
        }
        if (!f.finished && f.lastSeen() && f.missing() == 0) {
            f.finished = true;
            queue.cap(f, 0);
            out.flowFinished(now, host, f.flow);
        }
        watchForStall(f, now, out);
        pacer.pump(now, queue, out);
    }

    private void watchForStall(RecvFlow f, long now, ActionSink out) {
        if (cfg.stallPull() && !f.stallWatched && !f.finished && f.lastSeen()) {
            f.stallWatched = true;
            out.setTimer(now + cfg.rtoMinPs(), host, NdpAgent.stallTimer(f.flow));
        }
    }

    /** The stall watch of flow {@code id}: one pull if it has been silent for rto_min with none queued. */
    void onStallTimer(int id, long now, ActionSink out) {
        RecvFlow f = flows.get(id);
        if (f == null) {
            return;  // no flow of ours: not a timer this receiver set
        }
        if (f.finished) {
            f.stallWatched = false;
            return;
        }
        long next = f.lastHeardPs + cfg.rtoMinPs();
        if (f.pending > 0) {
            next = now + cfg.rtoMinPs();  // a pull is queued: look again once it has had time to work
        } else if (now >= next) {
            stallPulls++;
            f.lastHeardPs = now;
            queue.add(f);
            pacer.pump(now, queue, out);
            next = now + cfg.rtoMinPs();
        }
        out.setTimer(Math.max(next, now + reactionDelayPs), host, NdpAgent.stallTimer(id));
    }

    /** Each unfinished flow's pulls waiting in the pull queue. */
    void reportQueuedPulls(FlowStateSink sink) {
        flows.forEach((f, id) -> {
            if (!f.finished) {
                sink.report(id, 0, f.pending);
            }
        });
    }

    long stallPulls() {
        return stallPulls;
    }

    private boolean capped(RecvFlow f) {
        return f.lastSeen() && (cfg.capPullsAfterLast() || f.missing() == 0);
    }

    void onPacerTimer(long now, ActionSink out) {
        pacer.wake(now, queue, out);
    }
}
