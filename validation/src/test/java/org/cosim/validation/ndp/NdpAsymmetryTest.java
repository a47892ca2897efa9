package org.cosim.validation.ndp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.cosim.validation.ShippedScenarios;
import org.cosim.validation.results.RunResults;
import org.cosim.validation.results.Summary;
import org.cosim.validation.runner.JavaBackend;
import org.junit.jupiter.api.Test;

/**
 * Fig 22: the 128-host permutation with one core link at 1 Gb/s (and htsim's
 * 20 ms RTO, see the scenario), CI-sized in time: 70 ms with 30 ms of warm-up
 * (the shipped scenarios run 200 ms). With path penalties no flow is starved;
 * without, the flows through the slow link visibly suffer.
 */
class NdpAsymmetryTest {
    private static Summary run(String file) {
        RunResults r = JavaBackend.run(ShippedScenarios.read(file, "duration_us=70000", "output.warmup_us=30000"),
                t -> { });
        assertTrue(r.complete(), () -> "run failed: " + r.failure());
        return Summary.of(r);
    }

    @Test
    void pathPenaltiesKeepEveryFlowNearLineRate() {
        Summary with = run("ndp-fig22-asymmetry.textproto");
        Summary without = run("ndp-fig22-asymmetry-nopenalty.textproto");
        assertTrue(with.flowThroughputMinGbps() >= 8.5, "with penalties the slowest flow gets "
                + with.flowThroughputMinGbps() + " Gb/s");
        long hurt = Arrays.stream(without.flowThroughputGbps()).filter(g -> g < 8).count();
        assertTrue(without.flowThroughputMinGbps() < 0.7 * with.flowThroughputMinGbps() && hurt >= 5,
                "without penalties: slowest " + without.flowThroughputMinGbps() + " Gb/s, " + hurt
                        + " flows below 8 Gb/s");
    }

    /**
     * The same link dropping to 1 Gb/s at 30 ms of a healthy run (ndp-fig22-link-degrades; 70 ms here,
     * measured from 55 ms): once the losses at the slow link have shown (about one 20 ms RTO floor), the
     * scoreboards leave its paths out; without penalties its flows stay down.
     */
    @Test
    void aLinkThatDegradesMidRunIsLeftOutOnceItsLossesShow() {
        String[] window = {"duration_us=70000", "output.warmup_us=55000"};
        Summary with = Summary.of(JavaBackend.run(ShippedScenarios.read("ndp-fig22-link-degrades.textproto",
                window), t -> { }));
        Summary without = Summary.of(JavaBackend.run(ShippedScenarios.read("ndp-fig22-link-degrades.textproto",
                window[0], window[1], "protocol.ndp.path_penalty=false"), t -> { }));
        assertTrue(with.flowThroughputMinGbps() >= 8.5, "with penalties the slowest flow gets "
                + with.flowThroughputMinGbps() + " Gb/s");
        long hurt = Arrays.stream(without.flowThroughputGbps()).filter(g -> g < 8).count();
        assertTrue(without.flowThroughputMinGbps() < 0.5 * with.flowThroughputMinGbps() && hurt >= 20,
                "without penalties: slowest " + without.flowThroughputMinGbps() + " Gb/s, " + hurt
                        + " flows below 8 Gb/s");
    }
}
