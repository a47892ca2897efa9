package org.cosim.agents.ndp;

/**
 * The paper's pull queue (SIGCOMM'17 §3.2): flows take turns one pull at a time
 * (round robin: fair queuing of equal-size pulls), prioritized flows strictly
 * first and round robin among themselves. A flow joins the back of its class
 * when its first pull is queued; after each pull it goes to the back again if it
 * still has some. A flow a cap emptied leaves its ring when next reached.
 */
final class FairPullQueue extends PullQueue {
    private final Ring normal = new Ring();
    private final Ring priority = new Ring();

    @Override
    void join(RecvFlow f) {
        ring(f).append(f);
    }

    @Override
    RecvFlow choose(long nowPs) {
        Ring ring = priority.first() != null ? priority : normal;
        RecvFlow f = ring.first();
        ring.pop();
        return f;
    }

    @Override
    void served(RecvFlow f) {
        if (f.queued) {
            ring(f).append(f);
        }
    }

    @Override
    void emptied(RecvFlow f) {
        // left in place: Ring.first skips it
    }

    private Ring ring(RecvFlow f) {
        return f.prioritized ? priority : normal;
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

        /** The first flow with pulls queued, dropping those a cap emptied on the way. */
        RecvFlow first() {
            while (head != null && head.pending == 0) {
                head.queued = false;
                pop();
            }
            return head;
        }

        void pop() {
            head = head.next;
            if (head == null) {
                tail = null;
            }
        }
    }
}
