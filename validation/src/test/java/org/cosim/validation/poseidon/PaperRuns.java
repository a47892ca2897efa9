package org.cosim.validation.poseidon;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.validation.experiments.SharedRuns;

/**
 * Runs the shipped Poseidon scenarios (scenarios/poseidon/) with either protocol:
 * Swift replaces Poseidon through the same override a person would type
 * ({@code --set 'protocol.swift={...}'}), with the same window settings.
 */
final class PaperRuns {
    static final String POSEIDON = "poseidon";
    static final String SWIFT = "swift";

    private PaperRuns() {}

    /** Runs {@code file} under scenarios/poseidon/ with {@code protocol} ({@code "poseidon"} or {@code "swift"}). */
    static RunResults run(String file, String protocol, String... overrides) {
        return runWith(file, protocol, "", overrides);
    }

    /** {@code protocolBody}: the protocol message's fields, e.g. {@code "window {initial_cwnd_packets: 1}"}. */
    static RunResults runWith(String file, String protocol, String protocolBody, String... overrides) {
        return runWith(SharedRuns.none(), file, protocol, protocolBody, overrides);
    }

    /** The same run, read from {@code runs} if the quick validation made it already. */
    static RunResults runWith(SharedRuns runs, String file, String protocol, String protocolBody,
                              String... overrides) {
        List<String> all = new ArrayList<>();
        all.add("protocol." + protocol + "={" + protocolBody + "}");
        all.addAll(Arrays.asList(overrides));
        RunResults r = runs.run(ShippedScenarios.read("poseidon/" + file, all.toArray(new String[0])));
        assertTrue(r.complete(), () -> file + " with " + protocol + " failed: " + r.failure());
        return r;
    }

    /** Per-flow throughput over the measured interval (every flow of these cases runs from 0 to the end). */
    static double[] gbps(RunResults r) {
        double[] g = Summary.of(r).flowThroughputGbps();
        assertTrue(g.length == r.flows().size(), "every flow active in the measured interval");
        return g;
    }

    static void assertWithin(double expected, double tolerance, double actual, String what) {
        assertTrue(Math.abs(actual - expected) <= tolerance * expected,
                () -> String.format("%s: %.2f Gb/s, expected %.2f +- %.0f%%", what, actual, expected, tolerance * 100));
    }
}
