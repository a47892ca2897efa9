package org.cosim.agents.swift;

/**
 * Swift's target delay (SIGCOMM'20 §3.5), in microseconds: base target + hops x
 * per-hop scaling + flow scaling. Flow scaling raises the target of small windows
 * (many flows on a hop queue more, by about sqrt(N)): fs = a / sqrt(cwnd) + b,
 * clamped to [0, fs_range], with a and b such that fs = fs_range at fs_min_cwnd
 * and 0 at fs_max_cwnd.
 */
public final class SwiftTarget {
    private final double baseUs;
    private final double perHopUs;
    private final double fsRangeUs;
    private final double a;
    private final double b;

    public SwiftTarget(double baseUs, double perHopUs, double fsRangeUs, double fsMinCwnd, double fsMaxCwnd) {
        this.baseUs = baseUs;
        this.perHopUs = perHopUs;
        this.fsRangeUs = fsRangeUs;
        this.a = fsRangeUs / (1 / Math.sqrt(fsMinCwnd) - 1 / Math.sqrt(fsMaxCwnd));
        this.b = -a / Math.sqrt(fsMaxCwnd);
    }

    public double flowScalingUs(double cwnd) {
        return Math.min(fsRangeUs, Math.max(0, a / Math.sqrt(cwnd) + b));
    }

    public double targetUs(double cwnd, int hops) {
        return baseUs + hops * perHopUs + flowScalingUs(cwnd);
    }
}
