package org.cosim.validation.ndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.cosim.agents.host.FlowStates;
import org.cosim.runner.JavaBackend;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.validation.experiments.PaperChecks;
import org.junit.jupiter.api.Test;

/**
 * Fig 22's link, one core link of the 128-host permutation, dropping from 10 to
 * 1 Gb/s in the middle of a run (and htsim's 20 ms RTO, see the scenario), CI-sized
 * in time: 70 ms. The static case (the paper's figure) is the experiment ndp-fig22
 * (PaperChecksTest).
 */
class NdpAsymmetryTest {
    /**
     * The same link dropping to 1 Gb/s at 30 ms of a healthy run (ndp-fig22-link-degrades; 70 ms here,
     * measured from 55 ms): once the losses at the slow link have shown (about one 20 ms RTO floor), the
     * scoreboards leave its paths out; without penalties its flows stay down.
     */
    @Test
    void aLinkThatDegradesMidRunIsLeftOutOnceItsLossesShow() {
        String[] window = {"duration_us=70000", "output.warmup_us=55000"};
        RunResults withRun = JavaBackend.run(ShippedScenarios.read("ndp-fig22-link-degrades.textproto",
                window[0], window[1], "output.agent_state=true", "output.sample_interval_us=1000"), t -> { });
        Summary with = Summary.of(withRun);
        // The senders' scoreboards show it (agent_state's paths_excluded): no flow leaves a path out before
        // the change at 30 ms; from 50 ms on, about the 30 flows whose paths cross the slow link do.
        FlowStates st = withRun.flowStates();
        int excludedVar = st.names().indexOf("paths_excluded");
        assertEquals(0, excluding(st, excludedVar, 29), "before the link degrades");
        for (int ms = 50; ms < 69; ms++) {
            int n = excluding(st, excludedVar, ms - 1);
            assertTrue(n >= 20 && n <= 32, n + " flows leave a path out at " + ms + " ms");
        }
        Summary without = Summary.of(JavaBackend.run(ShippedScenarios.read("ndp-fig22-link-degrades.textproto",
                window[0], window[1], "protocol.ndp.path_penalty=false"), t -> { }));
        PaperChecks.assertWithinTolerance(PaperChecks.check("ndp-fig22", "with path penalties: slowest flow"),
                with.flowThroughputMinGbps(), "with penalties, the slowest flow");
        long hurt = Arrays.stream(without.flowThroughputGbps()).filter(g -> g < 8).count();
        assertTrue(without.flowThroughputMinGbps() < 0.5 * with.flowThroughputMinGbps() && hurt >= 20,
                "without penalties: slowest " + without.flowThroughputMinGbps() + " Gb/s, " + hurt
                        + " flows below 8 Gb/s");
    }

    /** How many flows leave a path out of their spraying pass at sample {@code sample}. */
    private static int excluding(FlowStates st, int variable, int sample) {
        int n = 0;
        for (int f = 0; f < st.flows(); f++) {
            n += st.value(sample, f, variable) > 0 ? 1 : 0;
        }
        return n;
    }
}
