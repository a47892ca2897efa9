package org.cosim.validation.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Hands a validation's runs to its worker threads in the order the experiments
 * first need them. The experiment being judged may start all its runs; a later
 * experiment's run starts only while fewer than {@code lookahead} such runs have
 * started, because each finished run's results (RTT samples, time series: up to
 * a few hundred MB for the 432-host cases) stay in memory until their last
 * experiment is judged, and a long run of the current experiment would otherwise
 * let the other workers fill memory with everything after it. Once {@code stop}
 * says so, every remaining run is handed out at once, for the worker to record
 * as not started. Items are forgotten once handed out, so the queue keeps no
 * results alive.
 */
final class RunQueue<T> {
    private final List<T> items;
    private final int[] experimentOf;
    private final int lookahead;
    private final BooleanSupplier stop;
    private int next;
    private int judging;

    /** {@code experimentOf[i]}: the index of the first experiment that needs item i (non-decreasing). */
    RunQueue(List<T> items, int[] experimentOf, int lookahead, BooleanSupplier stop) {
        if (items.size() != experimentOf.length) {
            throw new IllegalArgumentException(items.size() + " items, " + experimentOf.length + " experiment indices");
        }
        for (int i = 1; i < experimentOf.length; i++) {
            if (experimentOf[i] < experimentOf[i - 1]) {
                throw new IllegalArgumentException("items out of experiment order at " + i);
            }
        }
        this.items = new ArrayList<>(items);
        this.experimentOf = experimentOf.clone();
        this.lookahead = lookahead;
        this.stop = stop;
    }

    /** The next item, waiting while it may not start yet; null when all were handed out. */
    synchronized T take() throws InterruptedException {
        while (next < items.size()) {
            if (experimentOf[next] <= judging || startedAhead() < lookahead || stop.getAsBoolean()) {
                T item = items.set(next, null);
                next++;
                return item;
            }
            wait(100);  // woken by judging(); the timeout notices a stop
        }
        return null;
    }

    /** The main thread is judging experiment {@code index}: its runs, and the lookahead after it, may start. */
    synchronized void judging(int index) {
        judging = index;
        notifyAll();
    }

    private int startedAhead() {
        int n = 0;
        for (int i = next - 1; i >= 0 && experimentOf[i] > judging; i--) {
            n++;
        }
        return n;
    }
}
