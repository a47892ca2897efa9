package org.cosim.agents.ndp;

/**
 * A receiver's pull queue, shared by all its incoming flows (SIGCOMM'17 §3.2):
 * each flow holds a count of queued pulls; flows take turns one pull at a time
 * (round robin: fair queuing of equal-size pulls), and prioritized flows are
 * served strictly before the others (their pulls "go to the head of the queue"),
 * round robin among themselves. A flow joins the back of its class when its first
 * pull is queued; after each pull it goes to the back again if it still has some.
 */
final class PullQueue {
    private final Ring normal = new Ring();
    private final Ring priority = new Ring();
    private long total;

    boolean isEmpty() {
        return total == 0;
    }

    long size() {
        return total;
    }

    void add(RecvFlow f) {
        f.pending++;
        total++;
        if (!f.queued) {
            f.queued = true;
            (f.prioritized ? priority : normal).append(f);
        }
    }

    /** Lowers a flow's queued pulls to {@code n} (if it holds more); it leaves the ring when it is next reached. */
    void cap(RecvFlow f, long n) {
        if (f.pending > n) {
            total -= f.pending - n;
            f.pending = (int) Math.max(0, n);
        }
    }

    /** Takes one pull: returns its flow, or null when the queue is empty. */
    RecvFlow take() {
        RecvFlow f = priority.take();
        if (f == null) {
            f = normal.take();
        }
        if (f != null) {
            total--;
        }
        return f;
    }

    /** A FIFO of flows linked through RecvFlow.next. */
    private static final class Ring {
        private RecvFlow head;
        private RecvFlow tail;

        void append(RecvFlow f) {
            f.next = null;
            if (tail == null) {
                head = f;
            } else {
                tail.next = f;
            }
            tail = f;
        }

        /** The head flow's pull (flows with none left are dropped on the way); it rejoins at the back if it has more. */
        RecvFlow take() {
            while (head != null) {
                RecvFlow f = head;
                head = f.next;
                if (head == null) {
                    tail = null;
                }
                if (f.pending > 0) {
                    f.pending--;
                    if (f.pending > 0) {
                        append(f);
                    } else {
                        f.queued = false;
                    }
                    return f;
                }
                f.queued = false;
            }
            return null;
        }
    }
}
