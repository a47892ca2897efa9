package org.cosim.runner;

import java.util.concurrent.TimeUnit;

/**
 * While opp_run runs, a shutdown of the runner's JVM (Ctrl-C, SIGTERM) stops it the
 * way Cmdenv expects, with SIGTERM, and waits for it to record what it measured:
 * Cmdenv ends the run after the current event and calls finish(), where the bridge
 * writes its results. A Ctrl-C at a terminal reaches opp_run directly as well; the
 * second signal is harmless, since Cmdenv counts a stop once and the bridge ignores
 * signals while it records. Without this, a runner killed alone would leave opp_run
 * simulating on with no one to read its results.
 */
final class OppRunStop implements AutoCloseable {
    /** Generous: recording a long run's vectors and RTT samples takes seconds. */
    private static final long WAIT_SECONDS = 60;

    private final Process oppRun;
    private final Thread hook = new Thread(this::stopAndWait, "cosim-stop-opp_run");
    private volatile boolean asked;

    OppRunStop(Process oppRun) {
        this.oppRun = oppRun;
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Asks opp_run to stop (SIGTERM) without waiting; the caller reads its output to the end. */
    void now() {
        if (!asked && oppRun.isAlive()) {
            asked = true;
            oppRun.toHandle().destroy();  // SIGTERM; Process.destroy() would also close the pipe the runner reads
        }
    }

    /** Whether the runner asked opp_run to stop before it ended on its own. */
    boolean asked() {
        return asked;
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down: the hook is running, and returns once opp_run has exited.
        }
    }

    private void stopAndWait() {
        if (!oppRun.isAlive()) {
            return;
        }
        now();
        try {
            oppRun.waitFor(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
