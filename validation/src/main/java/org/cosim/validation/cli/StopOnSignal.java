package org.cosim.validation.cli;

import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.cosim.validation.runner.Interruption;

/**
 * Ctrl-C (SIGINT) or SIGTERM during a run: the run stops and its results so far
 * are written as a failed run, instead of the JVM exiting with everything lost. On
 * the Java fabric the run stops at its next progress step (at most 1 ms of
 * simulated time away; {@link #checking}); opp_run is stopped by the OMNeT++
 * runner's own hook and records what it measured. The JVM runs shutdown hooks
 * while the other threads go on, so this hook waits until the results are on disk
 * (or gives up after a while: a law stuck in a loop never reaches the next step).
 */
final class StopOnSignal implements AutoCloseable {
    private static final long WAIT_SECONDS = 60;

    private final PrintStream err;
    private final CountDownLatch written = new CountDownLatch(1);
    private final Thread hook = new Thread(this::stopAndWait, "cosim-stop-on-signal");
    private volatile boolean requested;

    StopOnSignal(PrintStream err) {
        this.err = err;
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** The run's progress listener, which throws {@link RunStopped} once a stop is asked for. */
    LongConsumer checking(LongConsumer progress) {
        return t -> {
            progress.accept(t);
            if (requested) {
                throw new RunStopped(t);
            }
        };
    }

    /** The results are written (or there are none to write): the JVM may exit. */
    @Override
    public void close() {
        written.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down: the hook is running and now returns.
        }
    }

    private void stopAndWait() {
        requested = true;
        err.println();
        err.println("cosim: interrupted: stopping the run and writing what it measured so far");
        try {
            if (!written.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                err.println("cosim: the run did not reach its next step within " + WAIT_SECONDS
                        + " s (an agent or law stuck?); exiting without its results");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The run was asked to stop; its results so far are kept as a failed run. */
    static final class RunStopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RunStopped(long atPs) {
            super(Interruption.at(atPs));
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;  // where it was thrown says nothing: the failure line names the stop, not a bug
        }
    }
}
