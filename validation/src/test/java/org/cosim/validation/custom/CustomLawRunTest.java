package org.cosim.validation.custom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cosim.proto.CustomWindowLaw;
import org.cosim.proto.Scenario;
import org.cosim.proto.Window;
import org.cosim.runner.JavaBackend;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.results.ResultsWriter;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.validation.experiments.SharedRuns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Custom window laws run end to end on the Java fabric: a law written in a
 * scenario's source drives the same sender as the built-in protocols (a
 * re-implementation of Swift's law gives Swift's results to the byte), the
 * shipped example runs its paper case, parameters reach the law, and a law that
 * throws midway fails the run without losing what was measured.
 */
@ExtendWith(SharedRuns.Extension.class)
class CustomLawRunTest {
    /** Swift's law with flow scaling off, written as a researcher would, from the SIGCOMM'20 paper. */
    private static final String FIXED_TARGET_SWIFT = """
            package lab;
            import org.cosim.agents.custom.LawParameters;
            import org.cosim.agents.window.*;
            public final class FixedTargetSwift implements WindowLaw {
                private final double base, perHop, ai, beta, maxMdf;
                public FixedTargetSwift(LawParameters p) {
                    base = p.get("base_target_us", 25); perHop = p.get("per_hop_us", 1); ai = p.get("ai", 1);
                    beta = p.get("beta", 0.8); maxMdf = p.get("max_mdf", 0.5);
                }
                public double onAck(CongestionWindow w, AckSample a) {
                    double cwnd = w.cwnd(), delay = a.rttPs() / 1e6, target = base + a.hops() * perHop + 0.0;
                    if (delay < target) return cwnd >= 1 ? cwnd + ai / cwnd * a.numAcked() : cwnd + ai * a.numAcked();
                    if (!w.canDecrease(a.nowPs())) return cwnd;
                    return cwnd * Math.max(1 - beta * (delay - target) / delay, 1 - maxMdf);
                }
                public double lossDecrease() { return 1 - maxMdf; }
            }
            """;

    @TempDir
    Path tmp;

    private static Scenario fig14(String... overrides) {
        String[] all = new String[overrides.length + 2];
        all[0] = "duration_us=3000";
        all[1] = "output.warmup_us=1000";
        System.arraycopy(overrides, 0, all, 2, overrides.length);
        return ShippedScenarios.read("poseidon/fig14-m2-n2.textproto", all);
    }

    private static Scenario withLaw(Scenario s, CustomWindowLaw law) {
        Scenario.Builder b = s.toBuilder();
        b.getProtocolBuilder().setCustomWindowLaw(law);
        return b.build();
    }

    private static RunResults run(Scenario s) {
        return complete(JavaBackend.run(s, t -> { }));
    }

    private static RunResults complete(RunResults r) {
        assertTrue(r.complete(), () -> "failed: " + r.failure());
        return r;
    }

    private Path write(RunResults r, Scenario s, String name) throws IOException {
        Path dir = tmp.resolve(name);
        ResultsWriter.write(dir, r, Summary.of(r), ScenarioFiles.canonicalText(s), 100_000);
        return dir;
    }

    @Test
    void aSourceLawGivesTheBuiltInProtocolsResultsToTheByte() throws IOException {
        Scenario swift = fig14("protocol.swift={fs_range_us: 0 window {initial_cwnd_packets: 1}}");
        Scenario custom = withLaw(swift, CustomWindowLaw.newBuilder().setSource(FIXED_TARGET_SWIFT)
                .setWindow(Window.newBuilder().setInitialCwndPackets(1)).build());
        Path a = write(run(swift), swift, "swift");
        Path b = write(run(custom), custom, "custom");
        for (String f : new String[] {"flows.csv", "timeseries.csv", "rtt_samples.csv"}) {
            assertEquals(Files.readString(a.resolve(f)), Files.readString(b.resolve(f)), f);
        }
        assertTrue(Files.readString(b.resolve("summary.json")).contains("\"protocol\": \"custom_window_law\""));
        assertTrue(Files.readString(b.resolve("scenario.textproto")).contains("FixedTargetSwift"),
                "the scenario as run carries the law's code");
    }

    /** The ablation with {@code remove}: the run of poseidon-fig21a at --quick (SharedRuns). */
    private static double[] ablation(SharedRuns runs, int remove) {
        Scenario s = ShippedScenarios.read("custom/poseidon-ablation-fig14.textproto", "duration_us=5000",
                "protocol.custom_window_law.params[remove]=" + remove);
        assertEquals(CustomWindowLaw.CodeCase.SOURCE, s.getProtocol().getCustomWindowLaw().getCodeCase());
        return Summary.of(complete(runs.run(s))).flowThroughputGbps();
    }

    /**
     * The shipped example, Poseidon's ablation study (NSDI'23 Fig 21(a)) on Fig 14's M = N = 2 case: with
     * nothing removed it is Poseidon to the byte; without the adaptive update (AIMD) every flow still gets its
     * max-min share; without the MPD signal or without the rate-dependent target the victim (flow 0) does not.
     */
    @Test
    void theShippedAblationReproducesFig21a(SharedRuns runs) throws IOException {
        Scenario poseidon = ShippedScenarios.read("poseidon/fig14-m2-n2.textproto", "duration_us=3000",
                "output.warmup_us=1000", "output.agent_state=true");
        Scenario nothingRemoved = ShippedScenarios.read("custom/poseidon-ablation-fig14.textproto",
                "duration_us=3000", "output.warmup_us=1000", "output.agent_state=true");
        Path a = write(run(poseidon), poseidon, "poseidon");
        Path b = write(run(nothingRemoved), nothingRemoved, "remove0");
        // agent_state.csv too: the law's recorded target and delay are PoseidonLaw's, sample for sample.
        for (String f : new String[] {"flows.csv", "timeseries.csv", "rtt_samples.csv", "agent_state.csv"}) {
            assertEquals(Files.readString(a.resolve(f)), Files.readString(b.resolve(f)), f);
        }
        assertTrue(Files.readString(b.resolve("agent_state.csv"))
                .startsWith("time_ps,flow0_cwnd_packets,flow0_rtt_us,flow0_target_us,flow0_delay_us,flow1_"));
        double share = 200.0 / 3;
        for (double flow : ablation(runs, 3)) {
            assertEquals(share, flow, share * 0.05, "AIMD keeps every flow at its share");
        }
        assertTrue(ablation(runs, 1)[0] < share / 2, "without MPD the two-hop victim loses");
        assertTrue(ablation(runs, 2)[0] < share / 2, "without the rate-dependent target the victim loses");
    }

    /** The victim's mean rate over the last 10 ms of a 30 ms Fig 23 run whose green flows start at 12 ms. */
    private static double fig23Victim(int targetScaling) {
        java.util.List<String> set = new java.util.ArrayList<>(java.util.List.of("duration_us=30000",
                "output.warmup_us=20000", "protocol.custom_window_law.params[target_scaling]=" + targetScaling));
        for (int f = 10; f < 15; f++) {
            set.add("workload.flow_list.flows[" + f + "].start_us=12000");
        }
        Scenario s = ShippedScenarios.read("custom/poseidon-fig23-target-scaling.textproto", set.toArray(new String[0]));
        return Summary.of(run(s)).flowThroughputGbps()[0];
    }

    /**
     * The paper's appendix Fig 23 with the shipped law: once five flows crowd the victim's first hop, Poseidon's
     * target (Eq. 3 on the rate) keeps the victim at its 20 Gb/s share; Eq. 18 on the rate keeps less of it (its
     * slope at the share is a seventh of Eq. 3's), and Eq. 18 on the window (a fixed RTT) far less, since the
     * victim's three-hop RTT is the longest of the ten flows into its host.
     */
    @Test
    void theShippedLawOrdersFig23sTargetsAsThePaperDoes() {
        double eq3 = fig23Victim(0);
        double eq18Rate = fig23Victim(1);
        double eq18Window = fig23Victim(2);
        assertEquals(20, eq3, 20 * 0.05, "Eq. 3: the victim keeps its share");
        assertTrue(eq18Window < 0.75 * 20, "Eq. 18 on the window: the victim loses its share, got " + eq18Window);
        assertTrue(eq18Rate < eq3 && eq18Rate > eq18Window + 3,
                "Eq. 18 on the rate lies between: " + eq3 + " > " + eq18Rate + " > " + eq18Window + " + 3 Gb/s");
    }

    /** Eq. 13's update (Fig 22): U = (T + m) / (delay + m), clamped as Eq. 4 is; Eq. 4 otherwise. */
    @Test
    void theShippedLawsRatioUpdateIsEq13() {
        Scenario s = ShippedScenarios.read("custom/poseidon-fig22-ratio-update.textproto");
        org.cosim.agents.custom.CustomWindowLawConfig cfg = org.cosim.agents.custom.CustomWindowLawConfig.from(
                s.getProtocol().getCustomWindowLaw());
        org.cosim.agents.window.WindowLaw law = cfg.newLaw();
        // 20 packets per 10 us = 65.536 Gb/s: T = 6.845 us (Eq. 3); an MPD 4 us above it decreases by
        // T / (T + 4) = 0.631 (Eq. 13), where Eq. 4 would give 10^(-4/40) = 0.794.
        org.cosim.agents.window.CongestionWindow w = new org.cosim.agents.window.CongestionWindow(cfg.window(), law,
                20, 10_000_000L);
        double t = 2 + 10 * Math.log10(200 / 65.536);
        w.onAck(new org.cosim.agents.window.AckSample().set(100_000_000L, 10_000_000L, 1,
                Math.round((t + 4) * 1e6), 0, 1_000_000L, 1));
        assertEquals(20 * t / (t + 4), w.cwnd(), 1e-3);
        assertEquals(t, w.signal(0), 1e-3, "the target it recorded");
    }

    /** Line rate whatever happens: the PFC-only baseline, written as a rate law. */
    private static final String LINE_RATE = """
            import org.cosim.agents.custom.*;
            import org.cosim.agents.sender.RateControl;
            class LineRate implements RateControl {
                private final double rate;
                LineRate(LawParameters p, RateFlow f) { rate = f.nicRateBps(); }
                public double rateBps() { return rate; }
                public void onRttSample(long rttPs) { }
            }
            """;

    @Test
    void aRateLawDrivesTheSegmentSenderAsTheBuiltInProtocolsDo() throws IOException {
        Scenario pfcOnly = ShippedScenarios.read("timely-incast-pfc-only.textproto", "duration_us=20000",
                "output.warmup_us=5000");
        Scenario.Builder b = pfcOnly.toBuilder();
        b.getProtocolBuilder().setCustomRateLaw(org.cosim.proto.CustomRateLaw.newBuilder().setSource(LINE_RATE));
        Scenario custom = b.build();
        Path a = write(run(pfcOnly), pfcOnly, "pfc");
        Path c = write(run(custom), custom, "line");
        for (String f : new String[] {"flows.csv", "timeseries.csv", "rtt_samples.csv"}) {
            assertEquals(Files.readString(a.resolve(f)), Files.readString(c.resolve(f)), f);
        }
    }

    /** The shipped rate example keeps the incast's RTT near its 50 us target where PFC alone queues a ms. */
    @Test
    void theShippedRateExampleHoldsItsTarget() {
        RunResults run = run(ShippedScenarios.read("custom/delay-aimd-incast.textproto",
                "duration_us=100000", "output.warmup_us=50000", "output.agent_state=true",
                "output.sample_interval_us=1000"));
        Summary aimd = Summary.of(run);
        // Its own signal, the RTT it last reacted to, sampled with the rate: near the 50 us target.
        assertEquals(java.util.List.of("rate_gbps", "rtt_us"), run.flowStates().names());
        double rtt = run.flowStates().value(run.flowStates().samples() - 1, 0, 1);
        assertTrue(rtt > 20 && rtt < 100, "flow 0's last RTT sample: " + rtt + " us");
        Summary pfc = Summary.of(run(ShippedScenarios.read("timely-incast-pfc-only.textproto",
                "duration_us=100000", "output.warmup_us=50000")));
        assertTrue(aimd.rttHost().p99Us() < 100 && pfc.rttHost().p99Us() > 500, aimd.rttHost().p99Us() + " against " + pfc.rttHost().p99Us());
        assertTrue(aimd.goodputGbps() > 15, "most of the 20 Gb/s link: " + aimd.goodputGbps());
    }

    private static Summary fig16(String scenario, String... overrides) {
        String[] all = new String[overrides.length + 1];
        all[0] = "workload.incast.senders=100";
        System.arraycopy(overrides, 0, all, 1, overrides.length);
        return Summary.of(run(ShippedScenarios.read(scenario, all)));
    }

    /**
     * The shipped pull order on NDP's Fig 16 incast (100 -> 1, the paper's 10:1 WRR ports, senders drawn at
     * random as the example's file sets, so host 2 of the receiver's rack is one): round robin lets the
     * receiver's rack-mate finish a third early (slowest 1.55x the fastest); serving the least-served
     * flow first finishes every flow together, still next to the optimum. Its parameter reaches it: counting
     * delivered packets alone (pull_weight 0) pulls flows with nothing left to send and idles the link at the
     * end.
     */
    @Test
    void theShippedPullOrderEvensOutNdpsIncast() {
        Summary fair = fig16("ndp-fig16-incast.textproto", "workload.incast.sender_choice=KEYED_SAMPLE");
        Summary leastServed = fig16("custom/ndp-least-served-fig16.textproto");
        Summary deliveredOnly = fig16("custom/ndp-least-served-fig16.textproto",
                "protocol.ndp.pull_order.params[pull_weight]=0");
        assertTrue(fair.incastSlowestOverFastest() > 1.4, "round robin: " + fair.incastSlowestOverFastest());
        assertTrue(leastServed.incastSlowestOverFastest() < 1.15, "least served: "
                + leastServed.incastSlowestOverFastest());
        assertTrue(leastServed.incastLastOverOptimum() < 1.01, "least served: " + leastServed.incastLastOverOptimum());
        assertTrue(deliveredOnly.incastLastOverOptimum() > 1.05, "delivered only: "
                + deliveredOnly.incastLastOverOptimum());
    }

    @Test
    void aLawThatThrowsMidwayFailsTheRunAndKeepsWhatWasMeasured() {
        String breaking = FIXED_TARGET_SWIFT.replace("public double onAck(CongestionWindow w, AckSample a) {",
                "private int acks;\n    public double onAck(CongestionWindow w, AckSample a) {\n"
                        + "        if (++acks == 5000) throw new ArithmeticException(\"the law's own bug\");");
        Scenario s = withLaw(fig14(), CustomWindowLaw.newBuilder().setSource(breaking).build());
        RunResults r = JavaBackend.run(s, t -> { });
        assertFalse(r.complete());
        assertTrue(r.failure().contains(
                "ArithmeticException: the law's own bug (at lab.FixedTargetSwift.onAck, line 12)"), r.failure());
        assertTrue(r.reachedPs() > 0, "stopped midway");
        assertTrue(r.flows().stream().mapToLong(f -> f.bytes().delivered()).sum() > 0, "the measurements are kept");
    }
}
