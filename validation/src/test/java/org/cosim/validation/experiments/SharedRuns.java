package org.cosim.validation.experiments;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.cosim.proto.Scenario;
import org.cosim.runner.Backend;
import org.cosim.runner.JavaBackend;
import org.cosim.runner.results.RunResults;
import org.cosim.validation.validate.ValidationRunner;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The runs of the quick validation (PaperChecksTest) that mechanism tests make too, so that a test run makes
 * each of them once. PaperChecksTest runs first (its {@code @Order}, junit-platform.properties) and hears every
 * completed run ({@link ValidationRunner.Listener#runCompleted}); it keeps the results of the runs listed in
 * {@link #SHARED}, by the scenario exactly as it ran. A test asks {@link #run} for its scenario's results: the
 * validation's if a kept run had that scenario (protobuf equality: every field, the seed and the duration too),
 * otherwise a run of its own, as when the test runs alone.
 *
 * <p>One instance serves the whole test run: {@link Extension} hands it to the test methods that declare it as
 * a parameter, from JUnit's root store (one per launcher execution, which Surefire makes once for all test
 * classes of a module), and closes it at the end, which prints how many runs were shared.
 */
public final class SharedRuns implements ValidationRunner.Listener, AutoCloseable {
    /**
     * The validation's runs (PaperRun ids) that mechanism tests make with the same scenario at the validation's
     * --quick size; only these are kept (the others' results are large and no test reads them).
     */
    static final Set<String> SHARED = Set.of(
            "ndp/permutation-128",  // NdpPermutationTest
            "ndp/fig16-wrr-n8", "ndp/fig16-wrr-n32", "ndp/fig16-wrr-n64", "ndp/fig16-wrr-n100",  // NdpIncastTest
            "ndp/fig16-wrr-n200", "ndp/fig16-wrr-n431",
            "ndp/fig10-idle", "ndp/fig10-priority", "ndp/fig10-priority-simultaneous",  // NdpPriorityTest
            "ndp/fig2-ndp-n20",  // NdpPhaseEffectsTest
            "poseidon/fig16-step-poseidon", "poseidon/fig16-step-swift",  // StepInOutTest
            "poseidon/fig7a-ramp-poseidon",  // RampCalibrationTest
            "poseidon/fig21a-remove1", "poseidon/fig21a-remove2", "poseidon/fig21a-remove3");  // CustomLawRunTest

    /** A kept run: its id and results, and whether a test read it. */
    private static final class Kept {
        final String id;
        final RunResults results;
        volatile boolean read;

        Kept(String id, RunResults results) {
            this.id = id;
            this.results = results;
        }
    }

    private final Map<Scenario, Kept> kept = new ConcurrentHashMap<>();
    private final AtomicInteger made = new AtomicInteger();

    private SharedRuns() { }

    /** Keeps no run: every run asked for is made (a test's runs that are none of the validation's). */
    public static SharedRuns none() {
        return new SharedRuns();
    }

    @Override
    public void runCompleted(PaperRun run, RunResults results) {
        if (results.backend() == Backend.JAVA && SHARED.contains(run.id())) {
            kept.put(results.scenario(), new Kept(run.id(), results));
        }
    }

    /** The Java back end's results of {@code scenario}: a kept run's with this very scenario, or a new run's. */
    public RunResults run(Scenario scenario) {
        Kept k = kept.get(scenario);
        if (k != null) {
            k.read = true;
            return k.results;
        }
        made.incrementAndGet();
        return JavaBackend.run(scenario, t -> { });
    }

    /** The ids of the kept runs. */
    Set<String> kept() {
        return kept.values().stream().map(k -> k.id).collect(Collectors.toSet());
    }

    /** Says how many kept runs the tests read, and which they did not (a test's scenario no longer the same). */
    @Override
    public void close() {
        List<String> unread = kept.values().stream().filter(k -> !k.read).map(k -> k.id).sorted().toList();
        System.out.printf("SharedRuns: tests read %d of the %d validation runs kept for them (not read: %s) and made "
                + "%d runs of their own through it%n", kept.size() - unread.size(), kept.size(), unread, made.get());
    }

    /** Resolves a {@link SharedRuns} parameter to the test run's one instance. */
    public static final class Extension implements ParameterResolver {
        @Override
        public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
            return p.getParameter().getType() == SharedRuns.class;
        }

        @Override
        public Object resolveParameter(ParameterContext p, ExtensionContext e) {
            return e.getRoot().getStore(ExtensionContext.Namespace.create(SharedRuns.class))
                    .computeIfAbsent(SharedRuns.class, k -> new SharedRuns(), SharedRuns.class);
        }
    }
}
