package org.cosim.agents.ndp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A pull queue whose next pull a {@link PullOrder} chooses, among the prioritized
 * flows first, then among the others. Each class keeps its waiting flows in the
 * order each began its current wait; a flow leaves when its last queued pull is
 * taken (or capped away) and joins at the end with its next one.
 */
final class OrderedPullQueue extends PullQueue {
    private final PullOrder order;
    private final List<RecvFlow> priority = new ArrayList<>();
    private final List<RecvFlow> normal = new ArrayList<>();
    private final List<RecvFlow> priorityView = Collections.unmodifiableList(priority);
    private final List<RecvFlow> normalView = Collections.unmodifiableList(normal);
    private int chosen;

    OrderedPullQueue(PullOrder order) {
        this.order = order;
    }

    @Override
    void join(RecvFlow f) {
        waiting(f).add(f);
    }

    @Override
    RecvFlow choose(long nowPs) {
        boolean first = !priority.isEmpty();
        List<RecvFlow> waiting = first ? priority : normal;
        chosen = order.next(first ? priorityView : normalView, nowPs);
        if (chosen < 0 || chosen >= waiting.size()) {
            throw new IllegalStateException(order.getClass().getName() + ".next returned " + chosen + " for "
                    + waiting.size() + " waiting flows (an index in 0.." + (waiting.size() - 1) + ")");
        }
        return waiting.get(chosen);
    }

    @Override
    void served(RecvFlow f) {
        if (!f.queued) {
            waiting(f).remove(chosen);
        }
    }

    @Override
    void emptied(RecvFlow f) {
        if (f.queued) {
            f.queued = false;
            waiting(f).remove(f);
        }
    }

    private List<RecvFlow> waiting(RecvFlow f) {
        return f.prioritized ? priority : normal;
    }
}
