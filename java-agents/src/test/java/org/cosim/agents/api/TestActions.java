package org.cosim.agents.api;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/** Reads back what an agent put in an {@link ActionBatch}, one typed record per action, for tests. */
public final class TestActions {
    private TestActions() {}

    /** A SetTimer action: the time the timer fires at, and its id. */
    public record TimerSet(long timePs, long timerId) { }

    /** A FlowFinished action: when, and which flow. */
    public record FlowFinished(long timePs, int flow) { }

    /** The timers set in {@code b}, in order. */
    public static List<TimerSet> timers(ActionBatch b) {
        return each(b, ActionBatch.SET_TIMER, i -> new TimerSet(b.time(i), b.timerId(i)));
    }

    /** The flows {@code b} finishes, in order. */
    public static List<FlowFinished> finished(ActionBatch b) {
        return each(b, ActionBatch.FLOW_FINISHED, i -> new FlowFinished(b.time(i), b.flow(i)));
    }

    /** Every action of {@code kind} in {@code b}, in order, as {@code read} makes it from its index. */
    private static <T> List<T> each(ActionBatch b, byte kind, IntFunction<T> read) {
        List<T> out = new ArrayList<>();
        for (int i = 0; i < b.size(); i++) {
            if (b.kind(i) == kind) {
                out.add(read.apply(i));
            }
        }
        return out;
    }
}
