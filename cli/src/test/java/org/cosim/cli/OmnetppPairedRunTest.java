package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cosim.proto.Scenario;
import org.cosim.runner.AgentTransports;
import org.cosim.runner.Backend;
import org.cosim.runner.JavaBackend;
import org.cosim.runner.RunControl;
import org.cosim.runner.RunSettings;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.omnetpp.OmnetppTests;
import org.cosim.runner.omnetpp.OppRunAllocator;
import org.cosim.runner.results.ResultsComparison;
import org.cosim.runner.results.ResultsWriter;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Paired runs: the same scenario on the Java and the OMNeT++ back end gives
 * identical results files (flows.csv byte for byte, and every other file, but for
 * the back end's name). Short runs of the shipped scenarios, and dumbbells that
 * exercise what the incast does not (ECN, INT, forwarding latency, drops, a
 * multi-switch path, flows in both directions, finite flows).
 */
class OmnetppPairedRunTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void needsOmnetpp() {
        OmnetppTests.assumeInstalled("paired Java/OMNeT++ runs");
    }

    @Test
    void timelyIncastThroughCosimCompare() throws IOException {
        Path out = tmp.resolve("compare");
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(text, true, StandardCharsets.UTF_8);
        int status = Main.run(new String[] {"compare", ShippedScenarios.path("timely-incast.textproto").toString(),
                "--set", "duration_us=30000", "--set", "output.warmup_us=10000", "--no-plots", "--out",
                out.toString()}, ps, ps);
        String report = text.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, report);
        assertArrayEquals(Files.readAllBytes(out.resolve("java/flows.csv")),
                Files.readAllBytes(out.resolve("omnetpp/flows.csv")), "flows.csv differs:\n" + report);
        assertTrue(report.contains("flows.csv        identical"), report);
        assertTrue(Files.readString(out.resolve("omnetpp/summary.json")).contains("\"backend\": \"omnetpp\""));
        // opp_run ran with the malloc the runner chose (tcmalloc where the machine has it) and says which.
        String malloc = OppRunAllocator.find().map(m -> "# malloc: LD_PRELOAD=" + m).orElse("# malloc: the C library's");
        assertTrue(Files.readString(out.resolve("omnetpp/omnetpp/opp_run.log")).contains(malloc), malloc);
    }

    /**
     * What a user gets from `cosim run` on each back end with a scenario that sets no depth: both back ends at
     * depth 1, opp_run's agents in-process or over gRPC (`--transport grpc`). Poseidon's Fig 14 at 200 Gb/s, where
     * actions and hardware events meet on the same picosecond: the same flows, RTT samples and time series either
     * way.
     */
    @ParameterizedTest
    @EnumSource(AgentTransports.Kind.class)
    void aDefaultOmnetppRunEqualsTheJavaRunWithEitherTransport(AgentTransports.Kind kind) throws IOException {
        Scenario s = ShippedScenarios.read("poseidon/fig14-m2-n2.textproto", "duration_us=1500",
                "output.warmup_us=500");
        assertTrue(!s.hasPipelineDepth());
        transport = kind;
        Path[] dirs = runBoth(s, s);
        String asRun = Files.readString(tmp.resolve("omnetpp/omnetpp/scenario.textproto"));
        String ini = Files.readString(tmp.resolve("omnetpp/omnetpp/run.ini"));
        assertFalse(asRun.contains("pipeline_depth"), "opp_run ran at depth 1");
        assertTrue(ini.contains("**.bridge.agents = \"in-process\"") == (kind == AgentTransports.Kind.DIRECT), ini);
        for (String f : new String[] {"flows.csv", "rtt_samples.csv", "timeseries.csv"}) {
            assertArrayEquals(Files.readAllBytes(dirs[0].resolve(f)), Files.readAllBytes(dirs[1].resolve(f)), f);
        }
    }

    /** The TIMELY variants, with opp_run's agents in-process and over gRPC. */
    @ParameterizedTest(name = "{0} over {1}")
    @MethodSource("variantsAndTransports")
    void shippedVariants(String file, AgentTransports.Kind kind) {
        transport = kind;
        assertIdentical(ShippedScenarios.read(file, "duration_us=30000", "output.warmup_us=10000"));
    }

    static List<org.junit.jupiter.params.provider.Arguments> variantsAndTransports() {
        List<org.junit.jupiter.params.provider.Arguments> all = new java.util.ArrayList<>();
        for (String file : List.of("timely-incast-pfc-only.textproto", "timely-incast-target50.textproto",
                "timely-incast-target500.textproto", "timely-incast-fast.textproto")) {
            for (AgentTransports.Kind kind : AgentTransports.Kind.values()) {
                all.add(org.junit.jupiter.params.provider.Arguments.of(file, kind));
            }
        }
        return all;
    }

    /**
     * TIMELY's mechanisms beyond the shipped incasts: Fig 16's NIC pacing (64 KB segments handed to the NIC as
     * MTU pieces 700 Mb/s apart, each a send action of its own, only a segment's last piece giving an RTT
     * sample); Fig 18 at T_low 0 (90 connections close at 200 ms, HAI acts in the gradient branch); the
     * 128-host fat tree for 20 ms, where flows near line rate complete segments closer than minRTT apart and
     * the updates are scaled (its files differ from a run with scale_updates off).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("timelyMechanisms")
    void timelyMechanism(String what, String file, List<String> overrides) {
        assertIdentical(ShippedScenarios.read(file, overrides.toArray(String[]::new)));
    }

    static List<org.junit.jupiter.params.provider.Arguments> timelyMechanisms() {
        return List.of(
                org.junit.jupiter.params.provider.Arguments.of("NIC pacing", "timely-incast.textproto",
                        List.of("protocol.timely.segment_bytes=65536", "protocol.timely.nic_pacing_mbps=700",
                                "duration_us=30000", "output.warmup_us=10000")),
                org.junit.jupiter.params.provider.Arguments.of("HAI after closes", "timely-hai.textproto",
                        List.of("protocol.timely.t_low_us=0", "duration_us=215000", "output.warmup_us=195000")),
                org.junit.jupiter.params.provider.Arguments.of("scaled updates", "timely-large-scale.textproto",
                        List.of("duration_us=20000", "output.warmup_us=1000")));
    }

    /**
     * Every shipped scenario that runs (the bases without a workload are left out), topology files included,
     * for its first millisecond (or until half a millisecond after its last link change): the same results
     * files on both back ends. The hand-picked cases in this class run longer; this one makes sure no shipped
     * scenario's features are left out of the comparison (1-3 s each here).
     */
    @ParameterizedTest
    @MethodSource("runnableShippedScenarios")
    void everyShippedScenarioForItsFirstMillisecond(String file) {
        Scenario s = ShippedScenarios.read(file);
        double lastChangeUs = s.getTopology().getLinkChangesList().stream()
                .mapToDouble(org.cosim.proto.LinkChange::getAtUs).max().orElse(0);
        long durationUs = Math.max(1000, (long) Math.ceil(lastChangeUs) + 500);
        assertIdentical(ShippedScenarios.read(file, "duration_us=" + durationUs, "output.warmup_us=0",
                "output.sample_interval_us=100"));
    }

    static List<String> runnableShippedScenarios() throws IOException {
        Path dir = ShippedScenarios.dir();
        try (var files = Files.walk(dir)) {
            return files.filter(p -> p.toString().endsWith(".textproto"))
                    .filter(p -> ScenarioFiles.read(p).hasWorkload())
                    .map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    /**
     * TIMELY across two switches with PFC (8 pause frames), drops at the bottleneck's port cap despite it (86),
     * ECN marking (about 1000), INT on one switch, forwarding latency, finite and long-lived flows.
     */
    @Test
    void dumbbellWithPfcEcnIntLatencyAndDrops() {
        assertIdentical(ScenarioFiles.parse(DUMBBELL.formatted("timely {}", """
                pfc { enabled: true xoff_bytes: 40000 }""", 0, 90000), "dumbbell-pfc"));
    }

    /** PFC-only without PFC and a small port buffer: the bottleneck drops, flows that lose a segment stall. */
    @Test
    void dumbbellWithoutPfcThatDrops() {
        assertIdentical(ScenarioFiles.parse(DUMBBELL.formatted("pfc_only { segment_bytes: 8000 }", "", 1, 25000),
                "dumbbell-drops"));
    }

    /**
     * NDP 32 -> 1 incast of 450 KB on a k = 8 fat tree (128 hosts, 80 NDP switches) to the end: trimming with the
     * identity-keyed coin, the header queue under 10:1 WRR, packets sprayed over the source routes, ACK/NACK/PULL
     * routed back on their paths, the agents' RTT samples.
     */
    @Test
    void ndpIncast32To1OnAK8FatTree() {
        Scenario s = ShippedScenarios.read("ndp-fig16-incast.textproto", "topology.fat_tree.k=8",
                "workload.incast.senders=32", "duration_us=13000");
        RunResults java = assertIdentical(s);
        assertTrue(java.flows().stream().allMatch(f -> f.finished()), "every flow completes");
        assertTrue(java.counters().trimmedPackets() > 500, "the incast trims: " + java.counters().trimmedPackets());
    }

    /**
     * A core link of the 128-host NDP permutation drops to 1 Gb/s at 2 ms, goes down at 3 ms and comes back at
     * 10 Gb/s at 4 ms (topology.link_changes): both back ends change it at the same picosecond, before anything
     * else, and lose what is sent on it while it is down.
     */
    @Test
    void ndpPermutationWithALinkThatDegradesFailsAndRecovers() {
        Scenario s = ShippedScenarios.read("ndp-permutation-128.textproto", "duration_us=5000",
                "output.warmup_us=1000");
        Scenario.Builder b = s.toBuilder();
        b.getTopologyBuilder().addLinkChanges(org.cosim.proto.LinkChange.newBuilder().setA("core[0]")
                .setB("agg[1][0]").setAtUs(2000).setRateGbps(1));
        b.getTopologyBuilder().addLinkChanges(org.cosim.proto.LinkChange.newBuilder().setA("core[0]")
                .setB("agg[1][0]").setAtUs(3000).setRateGbps(0));
        b.getTopologyBuilder().addLinkChanges(org.cosim.proto.LinkChange.newBuilder().setA("agg[1][0]")
                .setB("core[0]").setAtUs(4000).setRateGbps(10));
        RunResults java = assertIdentical(b.build());
        assertTrue(java.counters().dropPackets() > 0, "the down link loses packets: " + java.counters().dropPackets());
    }

    /** A 100 -> 1 incast on the k = 8 tree with a 2-packet data queue and a 3000-byte header queue: headers are returned. */
    @Test
    void ndpIncastWithReturnToSender() {
        Scenario s = ShippedScenarios.read("ndp-fig16-incast.textproto", "topology.fat_tree.k=8",
                "workload.incast.senders=100", "workload.incast.flow_bytes=90000", "topology.switches.ndp.data_queue_packets=2",
                "topology.switches.ndp.header_queue_bytes=3000", "duration_us=4000");
        RunResults java = assertIdentical(s);
        assertTrue(java.counters().returnedToSender() > 0, "headers go back: " + java.counters().returnedToSender());
    }

    /**
     * output.packet_trace on both back ends: the same steps in the same order, byte for byte, through NDP's
     * trimming, return-to-sender and header drops (the incast above) and DCTCP's ECN marks and echoes.
     */
    @Test
    void packetTracesAreTheSameOnBothBackEnds() throws IOException {
        Scenario ndp = ShippedScenarios.read("ndp-fig16-incast.textproto", "topology.fat_tree.k=8",
                "workload.incast.senders=100", "workload.incast.flow_bytes=90000",
                "topology.switches.ndp.data_queue_packets=2", "topology.switches.ndp.header_queue_bytes=3000",
                "duration_us=4000", "output.packet_trace={flows: [0, 17, 99]}");
        Path[] dirs = runBoth(ndp);
        assertArrayEquals(Files.readAllBytes(dirs[0].resolve("packet_trace.csv")),
                Files.readAllBytes(dirs[1].resolve("packet_trace.csv")));
        assertTrue(ResultsComparison.of(dirs[0], "java", dirs[1], "omnetpp", 0).agree());
        String csv = Files.readString(dirs[1].resolve("packet_trace.csv"));
        for (String step : new String[] {",trim,", ",return,", ",pull,", ",nack,", ",returned_header,"}) {
            assertTrue(csv.contains(step), "the NDP trace has " + step);
        }
        Scenario dctcp = ShippedScenarios.read("ndp-dctcp-fig16-incast.textproto", "topology.fat_tree.k=8",
                "workload.incast.senders=32", "duration_us=3000",
                "output.packet_trace={flows: [3] from_us: 1000 to_us: 2500}");
        dirs = runBoth(dctcp);
        assertArrayEquals(Files.readAllBytes(dirs[0].resolve("packet_trace.csv")),
                Files.readAllBytes(dirs[1].resolve("packet_trace.csv")));
        csv = Files.readString(dirs[1].resolve("packet_trace.csv"));
        assertTrue(csv.contains(",ce\n") && csv.contains(",echo\n"), "DCTCP's marks and their echoes are traced");
        assertTrue(csv.lines().skip(1).mapToLong(l -> Long.parseLong(l.split(",")[0]))
                .allMatch(t -> t >= 1_000_000_000L && t < 2_500_000_000L), "only the steps in [1, 2.5) ms");
    }

    /**
     * MPTCP 32 -> 1 incast on the k = 8 fat tree to the end: 8 subflows per connection on source routes through
     * drop-tail priority ports, losses (fast retransmit and timeouts with reinjection on other subflows).
     */
    @Test
    void mptcpIncast32To1OnAK8FatTree() {
        Scenario s = ShippedScenarios.read("ndp-mptcp-fig16-incast.textproto", "topology.fat_tree.k=8",
                "workload.incast.senders=32", "duration_us=100000");
        RunResults java = assertIdentical(s);
        assertTrue(java.flows().stream().allMatch(f -> f.finished()), "every flow completes");
        assertTrue(java.counters().dropPackets() > 1000, "the incast drops: " + java.counters().dropPackets());
    }

    /**
     * TCP's SYN round trip (syn_handshake) on both back ends: MPTCP's first subflow sets up, the other seven
     * join after it, DCTCP's flows each wait for theirs; SYNs and ACKs share the FIFO data queues with the
     * data, and the incasts drop, SYNs among what the ports drop.
     */
    @Test
    void synHandshakesOfMptcpAndDctcp() {
        RunResults m = assertIdentical(tcpIncast("ndp-mptcp-fig16-incast.textproto", "protocol.mptcp.syn_handshake=true"));
        assertTrue(m.counters().dropPackets() > 1000, "the incast drops: " + m.counters().dropPackets());
        RunResults d = assertIdentical(tcpIncast("ndp-dctcp-fig16-incast.textproto",
                "protocol.dctcp.window.syn_handshake=true"));
        assertTrue(d.flows().stream().allMatch(f -> f.finished()), "every flow completes");
        // The SYNs were sent: without them the flows run otherwise.
        RunResults noSyn = JavaBackend.run(tcpIncast("ndp-dctcp-fig16-incast.textproto",
                "protocol.dctcp.window.syn_handshake=false"), t -> { });
        assertNotEquals(noSyn.flows(), d.flows());
    }

    /** A TCP baseline's 32 -> 1 incast on the k = 8 fat tree for 30 ms, ACKs in the data queues. */
    private static Scenario tcpIncast(String file, String synSetting) {
        return ShippedScenarios.read(file, "topology.fat_tree.k=8", "workload.incast.senders=32", "duration_us=30000",
                "topology.nic.acks_share_data_queue=true", synSetting);
    }

    /** Poseidon multi-hop congestion, M = N = 2 (Clos, INT on every switch, ACKs in the data queue), whole run. */
    @Test
    void poseidonFig14MultiHopM2N2() {
        assertIdentical(ShippedScenarios.read("poseidon/fig14-m2-n2.textproto"));
    }

    /**
     * A custom window law (the shipped ablation example, compiled from the scenario's source, here without
     * the adaptive update) on Poseidon's Fig 14 case: the law travels inside the scenario to the agents OMNeT++
     * talks to, and the signals it records come back in agent_state.csv.
     */
    @Test
    void customLawFromTheScenariosSource() {
        assertIdentical(ShippedScenarios.read("custom/poseidon-ablation-fig14.textproto", "duration_us=4000",
                "protocol.custom_window_law.params[remove]=3", "output.agent_state=true",
                "output.sample_interval_us=100"));
    }

    /** A custom rate law (the shipped example) on TIMELY's incast. */
    @Test
    void customRateLawFromTheScenariosSource() {
        assertIdentical(ShippedScenarios.read("custom/delay-aimd-incast.textproto", "duration_us=30000",
                "output.warmup_us=10000"));
    }

    /** The senders' windows sampled by the agents (output.agent_state) reach both back ends' agent_state.csv. */
    @Test
    void sampledWindowsOnBothBackEnds() throws IOException {
        Scenario s = ShippedScenarios.read("poseidon/fig14-m2-n2.textproto", "duration_us=3000",
                "output.warmup_us=1000", "output.agent_state=true", "output.sample_interval_us=50");
        Path[] dirs = runBoth(s);
        assertArrayEquals(Files.readAllBytes(dirs[0].resolve("agent_state.csv")),
                Files.readAllBytes(dirs[1].resolve("agent_state.csv")));
        assertTrue(Files.readString(dirs[1].resolve("agent_state.csv"))
                .startsWith("time_ps,flow0_cwnd_packets,flow0_rtt_us,flow0_target_us,flow0_delay_us,"),
                "Poseidon's own signals with the window");
        assertTrue(ResultsComparison.of(dirs[0], "java", dirs[1], "omnetpp", 0).agree());
    }

    /** `cosim sweep --backend both`: each point on both back ends, a column saying the files are identical. */
    @Test
    void aSweepOnBothBackEnds() throws IOException {
        Path out = tmp.resolve("sweep-both");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"sweep", ShippedScenarios.path("timely-incast.textproto").toString(),
                "--backend", "both", "--set", "duration_us=3000", "--set", "output.warmup_us=1000", "--vary",
                "topology.incast_star.clients=2,3", "--out", out.toString()},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));
        assertEquals(0, status, err.toString());
        java.util.List<String> rows = Files.readAllLines(out.resolve("sweep.csv"));
        assertTrue(rows.get(0).startsWith("point,dir,topology.incast_star.clients,status,backends,"), rows.get(0));
        assertTrue(rows.get(1).startsWith("1,1_clients=2,2,complete,identical,"), rows.get(1));
        assertTrue(rows.get(2).startsWith("2,2_clients=3,3,complete,identical,"), rows.get(2));
        assertTrue(Files.exists(out.resolve("1_clients=2/java/flows.csv"))
                && Files.exists(out.resolve("1_clients=2/omnetpp/flows.csv")));
    }

    /**
     * `cosim validate --backend both`: each run as a pair (PairedRun), and the OMNeT++ run's record says whether
     * its files are identical to the Java run's, besides the two values per check.
     */
    @Test
    void aValidationOnBothBackEndsChecksEachRunsFiles() throws IOException {
        Path out = tmp.resolve("validate-both");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Main.run(new String[] {"validate", "--quick", "--backend", "both", "--only", "timely-fig13", "--out",
                out.toString()}, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("- omnetpp `") && report.contains("its files are identical to the java run's"),
                report + err);
        Path javaRuns = out.resolve("runs/java");
        List<Path> flows;
        try (var files = Files.walk(javaRuns)) {
            flows = files.filter(f -> f.getFileName().toString().equals("flows.csv")).toList();
        }
        assertFalse(flows.isEmpty(), "the Java runs' results are in runs/java");
        for (Path java : flows) {
            Path omnetpp = out.resolve("runs/omnetpp").resolve(javaRuns.relativize(java));
            assertArrayEquals(Files.readAllBytes(java), Files.readAllBytes(omnetpp), java.toString());
        }
    }

    /**
     * NDP receivers with a pull order of the researcher's (the shipped example) on a 32 -> 1 incast, k = 8,
     * their queued pulls sampled (agent_state.csv, compared with the other files).
     */
    @Test
    void customPullOrderFromTheScenariosSource() {
        Scenario s = ShippedScenarios.read("custom/ndp-least-served-fig16.textproto", "topology.fat_tree.k=8",
                "workload.incast.senders=32", "duration_us=13000", "output.agent_state=true",
                "output.sample_interval_us=200");
        RunResults java = assertIdentical(s);
        assertTrue(java.flows().stream().allMatch(f -> f.finished()), "every flow completes");
        assertEquals(List.of("pulls_queued", "in_flight", "resends_queued", "paths_excluded"),
                java.flowStates().names());
    }

    /**
     * Pipelined (pipeline_depth 5: batches of L / 5 sent at W + H, answers read and applied at W + L while
     * OMNeT++ simulates on): Poseidon's M = N = 2 has actions on the same picosecond as hardware events, so this
     * checks that both back ends put the actions into the event set at the same instant.
     */
    @Test
    void poseidonFig14PipelinedDepth5() {
        assertIdentical(ShippedScenarios.read("poseidon/fig14-m2-n2.textproto", "pipeline_depth=5",
                "duration_us=3000", "output.warmup_us=1000"));
    }

    /**
     * NDP's 32 -> 1 incast on the k = 8 fat tree, pipelined 4 deep, with the agents in-process and over gRPC (where
     * opp_run's link thread, PipelinedLink, carries the batches).
     */
    @ParameterizedTest
    @EnumSource(AgentTransports.Kind.class)
    void ndpIncastPipelinedDepth4(AgentTransports.Kind kind) {
        transport = kind;
        assertIdentical(ShippedScenarios.read("ndp-fig16-incast.textproto", "topology.fat_tree.k=8",
                "workload.incast.senders=32", "duration_us=13000", "pipeline_depth=4"));
    }

    /**
     * A topology file on both back ends, its whole run: the shipped two racks (an uplink at half rate and twice
     * the delay, three monitored queues, DCTCP on an htsim connection matrix) with rack 0's ToR given a buffer
     * of its own of 110 KB, which its congested uplink overflows (63 drops; none with the 4 MB of
     * topology.switches).
     */
    @Test
    void topologyFileWithASwitchOfItsOwnBuffer() throws IOException {
        Path shipped = ShippedScenarios.path("custom");
        for (String f : List.of("two-racks-dctcp.textproto", "two-racks.cm")) {
            Files.copy(shipped.resolve(f), tmp.resolve(f));
        }
        String topo = Files.readString(shipped.resolve("two-racks.topo"));
        assertTrue(topo.contains("\nswitch tor0\n"), topo);
        Files.writeString(tmp.resolve("two-racks.topo"), topo.replace("\nswitch tor0\n",
                "\nswitch tor0 buffer_bytes=110000\n"));
        RunResults r = assertIdentical(ScenarioFiles.read(tmp.resolve("two-racks-dctcp.textproto")));
        assertEquals(3, r.queues().size(), "the file's monitored queues");
        assertTrue(r.counters().dropPackets() > 0, "drops at the small buffer: " + r.counters().dropPackets());
    }

    /** Swift with PLB: flows move to new source routes mid-run, and both fabrics route them alike. */
    @Test
    void swiftWithPlbMovingFlowsApart() {
        RunResults r = assertIdentical(ShippedScenarios.read("poseidon/plb-leaf-spine.textproto",
                "protocol.swift={window {plb {}}}"));
        assertTrue(Summary.of(r).flowThroughputGbps()[0] > 190, "the flows parted");
    }

    @Test
    void poseidonParkingLot() {
        assertIdentical(ShippedScenarios.read("poseidon/parking-lot.textproto", "duration_us=1500",
                "output.warmup_us=500"));
    }

    /**
     * HPCC on Poseidon's Fig 14, M = N = 2: per-hop INT records at every switch, reflected
     * by the NICs, read by the agents; a shortened run.
     */
    @Test
    void hpccFig14MultiHopM2N2() {
        assertIdentical(ShippedScenarios.read("poseidon/fig14-m2-n2.textproto", "protocol.hpcc={}",
                "duration_us=3000", "output.warmup_us=1000"));
    }

    /**
     * Poseidon's Fig 16 (flows stepping onto a hop and closing again: stop_us in the handshake, the window
     * sender closing them), shortened: 1 to 4 flows and back to 2.
     */
    @Test
    void poseidonFlowsSteppingInAndClosing() {
        RunResults r = assertIdentical(ShippedScenarios.read("poseidon/fig16-step.textproto", "duration_us=13000"));
        assertEquals(2, r.flows().stream().filter(f -> f.finished()).count(), "flows 2 and 3 closed and finished");
    }

    /** HPCC on the parking lot: a flow over three INT switches (three hop records) and one cross flow per hop. */
    @Test
    void hpccParkingLot() {
        assertIdentical(ShippedScenarios.read("poseidon/parking-lot.textproto", "protocol.hpcc={}",
                "duration_us=1500", "output.warmup_us=500"));
    }

    /** NDP on the leaf-spine testbed with 1500-byte packets and a prioritized short flow (Fig 10), whole run. */
    @Test
    void ndpLeafSpinePriority() {
        assertIdentical(ShippedScenarios.read("ndp-fig10-priority-simultaneous.textproto"));
    }

    /** Fig 22's asymmetric fat tree: one core link at 1 Gb/s, set in the ini as that link's two channels. */
    @Test
    void ndpFatTreeWithALinkOverride() {
        assertIdentical(ShippedScenarios.read("ndp-fig22-asymmetry.textproto", "duration_us=2500",
                "output.warmup_us=500"));
    }

    /**
     * The NDP 128-host permutation (k = 8 fat tree), shortened: every summary metric within 1% (the bar
     * for this case; the runs are in fact identical, which the exact comparison reports).
     */
    @Test
    void ndpPermutation128WithinOnePercent() {
        Scenario s = ShippedScenarios.read("ndp-permutation-128.textproto", "duration_us=3000",
                "output.warmup_us=1000");
        Path[] dirs = runBoth(s);
        ResultsComparison within = ResultsComparison.of(dirs[0], "java", dirs[1], "omnetpp", 0.01);
        assertTrue(within.agree(), within.report());
        System.out.println("ndp-permutation-128 (3 ms), exact " + ResultsComparison.of(dirs[0], "java", dirs[1],
                "omnetpp", 0).report());
    }

    /** %1$s protocol, %2$s PFC block, %3$d seed, %4$d port buffer. */
    static final String DUMBBELL = """
            name: "dumbbell-paired"
            seed: %3$d
            duration_us: 8000
            topology {
              dumbbell { hosts_per_side: 3 host_rate_gbps: 10 bottleneck_rate_gbps: 4 link_delay_us: 1
                         bottleneck_delay_us: 2.5 }
              switches {
                buffer_bytes: 400000
                port_buffer_bytes: %4$d
                ecn_threshold_bytes: 20000
                latency_us: 0.3
                %2$s
                int_telemetry { enabled: true quantize: true switches: "left_switch" }
              }
              nic { mtu_bytes: 1000 ack_bytes: 80 }
            }
            protocol { %1$s }
            workload { flow_list {
              flows { src: 0 dst: 3 size_bytes: 0 start_us: 0 }
              flows { src: 1 dst: 4 size_bytes: 300000 start_us: 5 }
              flows { src: 2 dst: 3 size_bytes: 0 start_us: 10.5 }
              flows { src: 4 dst: 0 size_bytes: 150000 start_us: 20 }
              flows { src: 5 dst: 2 size_bytes: 64000 start_us: 1000 }
            } }
            output { warmup_us: 1000 sample_interval_us: 100 }
            """;

    /** Runs both back ends and checks that every results file is identical; returns the Java run. */
    private RunResults assertIdentical(Scenario scenario) {
        Path[] dirs = runBoth(scenario);
        ResultsComparison c = ResultsComparison.of(dirs[0], "java", dirs[1], "omnetpp", 0);
        assertTrue(c.agree(), c.report());
        try {
            assertArrayEquals(Files.readAllBytes(dirs[0].resolve("flows.csv")),
                    Files.readAllBytes(dirs[1].resolve("flows.csv")));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return lastJava;
    }

    private RunResults lastJava;

    /**
     * Runs the scenario on both back ends, at its own pipeline depth, and writes their results files: {java dir,
     * omnetpp dir}.
     */
    private Path[] runBoth(Scenario scenario) {
        return runBoth(scenario, scenario);
    }

    /** How opp_run reaches the agents in this test's runs: in-process (DIRECT, the default) or over gRPC. */
    private AgentTransports.Kind transport = AgentTransports.Kind.DIRECT;

    /** The Java back end runs {@code java}, the OMNeT++ runner {@code omnetpp}. */
    private Path[] runBoth(Scenario javaScenario, Scenario omnetppScenario) {
        RunSetup sim = RunSetup.of(omnetppScenario);
        RunResults java = JavaBackend.run(javaScenario, t -> { });
        RunResults omnetpp = Backend.OMNETPP.run(sim, RunSettings.in(tmp.resolve("omnetpp"), System.out)
                .withTransport(transport, null), RunControl.NONE);
        assertTrue(java.complete(), java.failure());
        assertTrue(omnetpp.complete(), omnetpp.failure());
        Path a = tmp.resolve("java");
        Path b = tmp.resolve("omnetpp");
        ResultsWriter.write(a, java, Summary.of(java), ScenarioFiles.canonicalText(javaScenario),
                sim.config().maxRttSamples());
        ResultsWriter.write(b, omnetpp, Summary.of(omnetpp), ScenarioFiles.canonicalText(omnetppScenario),
                sim.config().maxRttSamples());
        lastJava = java;
        return new Path[] {a, b};
    }
}
