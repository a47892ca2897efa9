package org.cosim.agents.hpcc;

/**
 * HPCC's ComputeWind (SIGCOMM'19, Algorithm 1) for one flow, in bytes: the
 * window follows a reference window W^c, which moves only once per RTT. With
 * utilization U, if U >= eta or incStage >= maxStage, W = W^c / (U / eta) + W_AI
 * (multiplicative: a decrease above the target, an increase after maxStage
 * additive steps below it); otherwise W = W^c + W_AI. When the reference is
 * updated, W^c = W and incStage restarts at 0 after a multiplicative step or
 * counts one more additive step.
 *
 * <p>Bounds (the paper's W_init is the line-rate window): W stays within
 * [minBytes, maxBytes], and W^c takes the bounded W. U = 0 (an idle path) asks
 * for an unbounded increase, which the bound turns into maxBytes.
 */
public final class ReferenceWindow {
    private final double eta;
    private final int maxStage;
    private final double wAiBytes;
    private final double minBytes;
    private final double maxBytes;
    private double wcBytes;
    private int incStage;

    public ReferenceWindow(double eta, int maxStage, double wAiBytes, double minBytes, double maxBytes,
                           double initialBytes) {
        this.eta = eta;
        this.maxStage = maxStage;
        this.wAiBytes = wAiBytes;
        this.minBytes = minBytes;
        this.maxBytes = maxBytes;
        this.wcBytes = bound(initialBytes);
    }

    public double referenceBytes() {
        return wcBytes;
    }

    public int incStage() {
        return incStage;
    }

    /** The window for utilization {@code u}; {@code updateReference}: this ACK moves W^c (once per RTT). */
    public double compute(double u, boolean updateReference) {
        double w;
        if (u >= eta || incStage >= maxStage) {
            w = bound(wcBytes / (u / eta) + wAiBytes);
            if (updateReference) {
                incStage = 0;
                wcBytes = w;
            }
        } else {
            w = bound(wcBytes + wAiBytes);
            if (updateReference) {
                incStage++;
                wcBytes = w;
            }
        }
        return w;
    }

    private double bound(double bytes) {
        return Math.min(maxBytes, Math.max(minBytes, bytes));
    }
}
