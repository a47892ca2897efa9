package org.cosim.agents.ndp;

import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.sender.Lookahead;

/**
 * Paces a receiver's pulls (SIGCOMM'17 §3.2): one pull per interval, the time a
 * data packet takes on the receiver's link, so the data they elicit arrive at its
 * line rate. The pull for time T is chosen from the {@link PullQueue} at T - L
 * (a wake-up timer) and sent at T, or chosen at once when T is less than 2L away
 * ({@link Lookahead}). A pull may instead ride on an ACK or NACK sent at time a
 * when the pacer is idle: nothing queued, no wake-up pending, and a >= the last
 * pull + interval; the ride counts as a pull sent at a.
 */
final class PullPacer {
    private final int host;
    private final long reactionDelayPs;
    private final long intervalPs;
    private long lastPullPs = Long.MIN_VALUE / 4;
    private boolean armed;
    private long pullsSent;

    PullPacer(int host, long reactionDelayPs, long intervalPs) {
        this.host = host;
        this.reactionDelayPs = reactionDelayPs;
        this.intervalPs = intervalPs;
    }

    long intervalPs() {
        return intervalPs;
    }

    long pullsSent() {
        return pullsSent;
    }

    /** Whether a pull may ride on a control packet sent at {@code atPs}; if so, it is counted as sent then. */
    boolean rideAt(long atPs, PullQueue queue) {
        if (armed || !queue.isEmpty() || atPs < lastPullPs + intervalPs) {
            return false;
        }
        lastPullPs = atPs;
        pullsSent++;
        return true;
    }

    /** Sends the queued pulls that are due within 2L; wakes up L before the next one. */
    void pump(long nowPs, PullQueue queue, ActionSink out) {
        if (armed) {
            return;
        }
        while (!queue.isEmpty()) {
            long due = Math.max(lastPullPs + intervalPs, nowPs + reactionDelayPs);
            if (!Lookahead.commitNow(due, nowPs, reactionDelayPs)) {
                armed = true;
                out.setTimer(Lookahead.wakeAt(due, reactionDelayPs), host, NdpAgent.PACER_TIMER);
                return;
            }
            RecvFlow f = queue.take(nowPs);
            out.sendControl(due, host, f.flow, ControlArrivalEvent.PULL, 0, ++f.pullNumber, f.lastPath, 0);
            f.lastHeardPs = due;
            lastPullPs = due;
            pullsSent++;
        }
    }

    void wake(long nowPs, PullQueue queue, ActionSink out) {
        armed = false;
        pump(nowPs, queue, out);
    }
}
