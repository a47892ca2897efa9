package org.cosim.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.cosim.proto.Scenario;
import org.cosim.runner.RunControl;
import org.cosim.setup.RunSetup;
import org.cosim.setup.SetUpStop;

/**
 * Ctrl-C (SIGINT) or SIGTERM during `cosim run`, `compare` or `sweep`: the runs in
 * progress stop and their results so far are written as failed runs, and no new run
 * starts, instead of the JVM exiting with everything lost. In a SLURM task (scancel,
 * preemption) the point stopped is left pending instead (SlurmTaskCommand). A run stops at its next
 * progress step (at most 1 ms of simulated time away; {@link #control}), on either
 * back end, and records what it measured. The JVM runs shutdown hooks
 * while the other threads go on, so this hook waits until the results are on disk:
 * as long as the writing takes once the run has stopped at a step, and up to
 * {@value #WAIT_SECONDS} s for that step (a law stuck in a loop never reaches it;
 * a healthy run's steps come within about a quarter of a second of wall time,
 * FabricSimulation#run).
 */
final class StopOnSignal implements AutoCloseable {
    private static final long WAIT_SECONDS = 60;
    /** After this long without reaching a step, the hook says where the simulation is (a law in a loop?). */
    private static final long NOTE_SECONDS = 5;

    private final PrintStream err;
    private final String what;
    private final CountDownLatch written = new CountDownLatch(1);
    /** A run stopped at a step after the signal: what is left is writing its results, which takes what it takes. */
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final Thread hook = new Thread(this::stopAndWait, "cosim-stop-on-signal");
    private volatile boolean requested;

    /** {@code what}: what a signal stops, for the line it prints ("the run", "the sweep's runs"). */
    StopOnSignal(PrintStream err, String what) {
        this.err = err;
        this.what = what;
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** A run's control: {@code progress} hears its steps, and a signal stops it at the next one. */
    RunControl control(LongConsumer progress) {
        return new RunControl(progress, () -> {
            if (requested) {
                stopped.countDown();  // a run is at a step and stops there: what is left is writing its results
            }
            return requested;
        });
    }

    /** For a run's set-up, which ends soon after a signal (RunSetup#of). */
    SetUpStop setUp() {
        return new SetUpStop(this::requested);
    }

    /** {@code read}'s simulation of {@code scenario}, its set-up stopped by a signal: empty then. */
    Optional<RunSetup> simulation(CommandLines.Overridden read, Scenario scenario) {
        try {
            return Optional.of(read.simulation(scenario, setUp()));
        } catch (SetUpStop.Stopped e) {
            return Optional.empty();
        }
    }

    /** What {@code command} says and returns (1, as for a run stopped midway) when its set-up was stopped. */
    int stoppedInSetUp(String command) {
        err.println(command + ": stopped during the run's set-up, before simulated time started: no results");
        return 1;
    }

    /** A signal came: runs not yet started should not start. */
    boolean requested() {
        return requested;
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
        boolean again = exitOnNextSignal();
        err.println();
        err.println("cosim: interrupted: stopping " + what + " and writing what was measured so far"
                + (again ? " (Ctrl-C again to exit at once, without them)" : ""));
        try {
            if (!written.await(NOTE_SECONDS, TimeUnit.SECONDS)) {
                String where = stopped.getCount() == 0 ? "" : simulationFrames();
                if (!where.isEmpty()) {  // else the runs stopped and their results are being written
                    err.println("cosim: no step reached in " + NOTE_SECONDS + " s; the simulation is at " + where
                            + (again ? " (a law stuck? Ctrl-C again to exit at once)" : ""));
                }
                if (!awaitWrittenOrStopped(WAIT_SECONDS - NOTE_SECONDS)) {
                    err.println("cosim: the run did not reach its next step within " + WAIT_SECONDS
                            + " s (an agent or law stuck?); exiting without its results");
                    return;
                }
                written.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Waits up to {@code seconds} for the results to be written or a run to stop at a step (true), after which
     * the caller waits for the writing however long it takes.
     */
    private boolean awaitWrittenOrStopped(long seconds) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < until) {
            if (written.await(100, TimeUnit.MILLISECONDS) || stopped.getCount() == 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Where each simulating thread is: the innermost frame outside the JDK of every thread running the Java
     * fabric (for a law stuck in a loop, the law's method and line); empty when none is simulating.
     */
    static String simulationFrames() {
        List<String> where = new ArrayList<>();
        for (Map.Entry<Thread, StackTraceElement[]> t : Thread.getAllStackTraces().entrySet()) {
            StackTraceElement[] stack = t.getValue();
            if (t.getKey() == Thread.currentThread()
                    || Arrays.stream(stack).noneMatch(f -> f.getClassName().startsWith("org.cosim.fabric."))) {
                continue;
            }
            Arrays.stream(stack).filter(f -> !isJdk(f.getClassName())).findFirst()
                    .ifPresent(f -> where.add(describe(f)));
        }
        return String.join("; ", where);
    }

    /** A frame; one of a custom law (compiled from its source text) by the line of that source. */
    static String describe(StackTraceElement f) {
        String at = f.getClassName() + "." + f.getMethodName();
        return "custom-law".equals(f.getClassLoaderName())
                ? at + " (line " + f.getLineNumber() + " of the custom law's source file)"
                : at + "(" + f.getFileName() + ":" + f.getLineNumber() + ")";
    }

    private static boolean isJdk(String className) {
        return className.startsWith("java.") || className.startsWith("jdk.") || className.startsWith("sun.");
    }

    /**
     * A second SIGINT or SIGTERM halts the JVM: during shutdown the default handlers would only block, so
     * a run whose agent or law never returns could be left only by waiting out the hook or by SIGKILL.
     * False where the JDK offers no signal API.
     */
    @SuppressWarnings("removal")
    private static boolean exitOnNextSignal() {
        try {
            for (String name : new String[] {"INT", "TERM"}) {
                sun.misc.Signal.handle(new sun.misc.Signal(name), s -> {
                    System.err.println("cosim: SIG" + s.getName() + " again: exiting at once");
                    Runtime.getRuntime().halt(128 + s.getNumber());
                });
            }
            return true;
        } catch (LinkageError | IllegalArgumentException e) {
            return false;
        }
    }
}
