package org.cosim.setup;

import java.util.function.BooleanSupplier;

/**
 * A stop asked for (Ctrl-C or SIGTERM) while a run is being set up: the set-up of a
 * large scenario (routes for thousands of hosts, a session of a million flows) takes
 * seconds to minutes, and {@link FabricSimulation#of(org.cosim.proto.Scenario, SetUpStop)}
 * asks between its steps and in every iteration of its long loops (a volatile read),
 * so that it ends within a fraction of a second of the request by throwing {@link Stopped}.
 */
public final class SetUpStop {
    /** For set-ups nothing stops (tests, tools): never asks. */
    public static final SetUpStop NEVER = new SetUpStop(() -> false);
    private final BooleanSupplier requested;

    /** {@code requested}: whether a stop has been asked for (true from then on). */
    public SetUpStop(BooleanSupplier requested) {
        this.requested = requested;
    }

    /** Throws {@link Stopped} if a stop has been asked for. */
    public void check() {
        if (requested.getAsBoolean()) {
            throw new Stopped();
        }
    }

    /** The set-up ended at a stop request: nothing was built, nothing ran. */
    public static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stopped() {
            super("stopped during its set-up, before simulated time started");
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;  // a stop, not a bug: where it was thrown says nothing
        }
    }
}
