package org.cosim.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongConsumer;
import org.cosim.scenario.Units;

/**
 * A one-line progress indicator on the terminal: simulated time reached and an
 * estimate of the wall time left. Silent when the output is not a terminal, so
 * logs and CI stay clean.
 */
final class Progress implements LongConsumer {
    private final PrintStream err;
    private final long endPs;
    private final boolean enabled;
    private final long startNanos = System.nanoTime();
    private long lastPrint;

    Progress(PrintStream err, long endPs) {
        this.err = err;
        this.endPs = endPs;
        this.enabled = System.console() != null && err == System.err;
    }

    @Override
    public void accept(long nowPs) {
        if (!enabled) {
            return;
        }
        long t = System.nanoTime();
        if (t - lastPrint < 200_000_000L && nowPs < endPs) {
            return;
        }
        lastPrint = t;
        double frac = nowPs / (double) endPs;
        double elapsed = (t - startNanos) / 1e9;
        double left = frac > 0 ? elapsed * (1 - frac) / frac : Double.NaN;
        int bars = (int) (frac * 30);
        err.printf(Locale.ROOT, "\r[%s%s] %5.1f%%  %.3f / %.3f ms simulated, %.0f s left   ",
                "#".repeat(bars), " ".repeat(30 - bars), frac * 100, nowPs / (double) Units.PS_PER_MS,
                endPs / (double) Units.PS_PER_MS, left);
    }

    void done() {
        if (enabled) {
            err.print("\r" + " ".repeat(80) + "\r");
        }
    }
}
