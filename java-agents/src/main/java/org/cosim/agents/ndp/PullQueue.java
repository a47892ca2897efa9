package org.cosim.agents.ndp;

/**
 * A receiver's pull queue, shared by all its incoming flows (SIGCOMM'17 §3.2):
 * each flow holds a count of queued pulls, and the queue decides whose pull the
 * pacer sends next. Prioritized flows are served strictly before the others
 * (their pulls "go to the head of the queue"). {@link FairPullQueue} is the
 * paper's round robin; {@link OrderedPullQueue} asks a {@link PullOrder}. This
 * class keeps the counts; a subclass keeps the waiting flows in its own order.
 */
abstract class PullQueue {
    private long total;

    /** The queue the scenario asks for: fair, or in a pull order of the researcher's. */
    static PullQueue of(PullOrderConfig order) {
        return order == null ? new FairPullQueue() : new OrderedPullQueue(order.newOrder());
    }

    final boolean isEmpty() {
        return total == 0;
    }

    /** Pulls queued, over all flows. */
    final long size() {
        return total;
    }

    /** Queues one more pull of {@code f}. */
    final void add(RecvFlow f) {
        f.pending++;
        total++;
        if (!f.queued) {
            f.queued = true;
            join(f);
        }
    }

    /** Lowers a flow's queued pulls to {@code n} (if it holds more); below 0 is 0, for the total too. */
    final void cap(RecvFlow f, long n) {
        long keep = Math.max(0, n);
        if (f.pending > keep) {
            total -= f.pending - keep;
            f.pending = (int) keep;
            if (f.pending == 0) {
                emptied(f);
            }
        }
    }

    /** Takes one pull to send at {@code nowPs}: returns its flow, or null when the queue is empty. */
    final RecvFlow take(long nowPs) {
        if (total == 0) {
            return null;
        }
        RecvFlow f = choose(nowPs);
        f.pending--;
        total--;
        if (f.pending == 0) {
            f.queued = false;
        }
        served(f);
        return f;
    }

    /** {@code f} begins waiting (its first queued pull since it last had none). */
    abstract void join(RecvFlow f);

    /** The flow whose pull goes next, among the waiting ones with pulls queued (there is one). */
    abstract RecvFlow choose(long nowPs);

    /** {@code f}, just chosen, has had one pull taken ({@code f.queued} false if it was its last). */
    abstract void served(RecvFlow f);

    /** A cap took all of {@code f}'s queued pulls. */
    abstract void emptied(RecvFlow f);
}
