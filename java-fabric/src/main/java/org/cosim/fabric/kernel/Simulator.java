package org.cosim.fabric.kernel;

import java.util.Arrays;

/**
 * The discrete-event kernel of the Java fallback fabric: simulated time is a long
 * count of picoseconds; events run in (time, priority, node, insertion sequence)
 * order ({@link NodeRank}); components register once, each for its node, and then
 * schedule events by handler id, so the hot path allocates nothing.
 */
public final class Simulator {
    /** Lower runs first among events at the same time. */
    public static final int PRIORITY_FIRST = 0;
    public static final int PRIORITY_DEFAULT = 100;

    private final CalendarQueue queue = new CalendarQueue();
    private EventHandler[] handlers = new EventHandler[16];
    private int[] nodes = new int[16];
    private int handlerCount;
    private long now;
    private long eventsProcessed;

    /** Registers a component of the network as a whole ({@link NodeRank#NETWORK}). */
    public int register(EventHandler h) {
        return register(h, NodeRank.NETWORK);
    }

    /** Registers a component of node {@code node} and returns the id it schedules its events under. */
    public int register(EventHandler h, int node) {
        if (node < 0 || node >= 1 << NodeRank.BITS) {
            throw new IllegalArgumentException("node " + node + " out of 0.." + ((1 << NodeRank.BITS) - 1));
        }
        if (handlerCount == handlers.length) {
            handlers = Arrays.copyOf(handlers, handlerCount * 2);
            nodes = Arrays.copyOf(nodes, handlerCount * 2);
        }
        handlers[handlerCount] = h;
        nodes[handlerCount] = node;
        return handlerCount++;
    }

    public long now() {
        return now;
    }

    public long eventsProcessed() {
        return eventsProcessed;
    }

    public int pendingEvents() {
        return queue.size();
    }

    public void schedule(long time, int handler, int kind, long arg) {
        schedule(time, PRIORITY_DEFAULT, handler, kind, arg);
    }

    public void schedule(long time, int priority, int handler, int kind, long arg) {
        checkHandler(handler);
        push(time, priority, nodes[handler], handler, kind, arg);
    }

    /** A packet's arrival at {@code handler}, ordered as an event of the sender's node ({@link NodeRank}). */
    public void scheduleArrival(long time, int sender, int handler, int kind, long arg) {
        checkHandler(sender);
        checkHandler(handler);
        push(time, PRIORITY_DEFAULT, nodes[sender], handler, kind, arg);
    }

    private void checkHandler(int handler) {
        if (handler < 0 || handler >= handlerCount) {
            throw new IllegalArgumentException("unknown handler " + handler);
        }
    }

    private void push(long time, int priority, int node, int handler, int kind, long arg) {
        if (time < now) {
            throw new IllegalStateException("event scheduled in the past: " + time + " ps < now " + now + " ps");
        }
        if (priority < 0 || priority > CalendarQueue.MAX_PRIORITY) {
            throw new IllegalArgumentException("priority " + priority + " out of 0.." + CalendarQueue.MAX_PRIORITY);
        }
        queue.push(time, priority, node, handler, kind, arg);
    }

    /** Runs every event with time < {@code endPs}; afterwards now() = endPs (or the last event time if later). */
    public void runUntil(long endPs) {
        while (!queue.isEmpty() && queue.peekTime() < endPs) {
            queue.pop();
            now = queue.lastTime;
            eventsProcessed++;
            handlers[queue.lastHandler].handle(queue.lastKind, queue.lastArg);
        }
        now = Math.max(now, endPs);
    }
}
