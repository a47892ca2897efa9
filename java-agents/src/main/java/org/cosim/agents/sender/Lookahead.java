package org.cosim.agents.sender;

/**
 * The window rule seen from an agent that acts at planned times (a pacer): an
 * action decided at event time t takes effect at t + L at the earliest, so to
 * act at {@code due} with the freshest state the agent wakes up L before it and
 * decides then. When {@code due} is less than 2L away, a wake-up (itself an
 * action, at >= t + L) would come too late: the agent decides now.
 */
public final class Lookahead {
    private Lookahead() {}

    /** True when the action due at {@code duePs} must be committed now (at event time {@code nowPs}). */
    public static boolean commitNow(long duePs, long nowPs, long reactionDelayPs) {
        return duePs - reactionDelayPs < nowPs + reactionDelayPs;
    }

    /** When to wake up to decide the action due at {@code duePs}. */
    public static long wakeAt(long duePs, long reactionDelayPs) {
        return duePs - reactionDelayPs;
    }
}
