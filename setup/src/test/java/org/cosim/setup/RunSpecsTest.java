package org.cosim.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.wire.WireFormat;
import org.cosim.proto.LinkSpec;
import org.cosim.proto.ResolveRequest;
import org.cosim.proto.RunSpec;
import org.cosim.proto.SwitchSpec;
import org.cosim.scenario.ScenarioException;
import org.cosim.setup.topology.TopologyGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The RunSpec an external fabric gets is this fabric's own view of the run, field for field. */
class RunSpecsTest {
    @TempDir
    Path tmp;

    private static final String DUMBBELL = """
            name: "db"
            seed: 9
            duration_us: 2000
            reaction_delay_us: 2
            topology {
              dumbbell { hosts_per_side: 2 host_rate_gbps: 10 bottleneck_rate_gbps: 5 link_delay_us: 1 bottleneck_delay_us: 3 }
              switches {
                buffer_bytes: 400000 port_buffer_bytes: 300000 ecn_threshold_bytes: 30000 latency_us: 0.5
                pfc { enabled: true xoff_bytes: 100000 }
                int_telemetry { enabled: true quantize: true switches: "right_switch" }
              }
              nic { mtu_bytes: 1000 ack_bytes: 80 }
            }
            protocol { pfc_only {} }
            workload { flow_list {
              flows { src: 0 dst: 3 size_bytes: 5000 start_us: 1 }
              flows { src: 3 dst: 1 size_bytes: 0 start_us: 7 } } }
            output { warmup_us: 100 sample_interval_us: 50 }
            """;

    @Test
    void carriesTheResolvedSettingsTopologyRoutesAndFlows() {
        RunSetup sim = RunSetup.of(Scenarios.parse(DUMBBELL));
        RunSpec r = RunSpecs.of(sim);

        assertEquals(WireFormat.hello(sim.session(), sim.scenario()), r.getHello());
        assertEquals("db", r.getScenarioName());
        assertEquals(2_000_000_000L, r.getDurationPs());
        assertEquals(100_000_000L, r.getWarmupPs());
        assertEquals(50_000_000L, r.getSampleIntervalPs());
        assertEquals(256, r.getQueueBucketBytes());
        var hw = r.getHardware();
        assertEquals(1000, hw.getMtuBytes());
        assertEquals(80, hw.getAckBytes());
        assertEquals(400_000, hw.getBufferBytes());
        assertEquals(300_000, hw.getPortBufferBytes());
        assertEquals(30_000, hw.getEcnThresholdBytes());
        assertEquals(500_000, hw.getSwitchLatencyPs());
        assertTrue(hw.getPfcEnabled());
        assertEquals(100_000, hw.getPfcXoffBytes());
        assertEquals(98_000, hw.getPfcXonBytes(), "default XON: two MTUs below XOFF");
        assertEquals("priority", hw.getQueueDiscipline());
        assertTrue(hw.getIntQuantize());
        assertEquals(List.of(1_000_000L, 7_000_000L), r.getFlowStartPsList());

        var t = r.getTopology();
        assertEquals("dumbbell", t.getFamily());
        assertEquals(List.of("left[0]", "left[1]", "right[0]", "right[1]"), t.getHostNamesList());
        assertEquals(2, t.getSwitchesCount());
        assertFalse(t.getSwitches(0).getIntEnabled(), "INT only on the listed switch");
        assertTrue(t.getSwitches(1).getIntEnabled());

        // Links in connection order, with the graph's port numbers, rates and delays.
        List<TopologyGraph.Link> links = sim.graph().links();
        assertEquals(links.size(), t.getLinksCount());
        for (int k = 0; k < links.size(); k++) {
            TopologyGraph.Link l = links.get(k);
            LinkSpec s = t.getLinks(k);
            assertEquals(l.a(), ref(s.getA().getIsSwitch(), s.getA().getId()), "link " + k + " end a");
            assertEquals(l.b(), ref(s.getB().getIsSwitch(), s.getB().getId()), "link " + k + " end b");
            assertEquals(l.portA(), s.getPortA());
            assertEquals(l.portB(), s.getPortB());
            assertEquals(l.rateBps(), s.getRateBps());
            assertEquals(l.delayPs(), s.getDelayPs());
        }
        assertEquals(5_000_000_000L, t.getLinks(4).getRateBps(), "the bottleneck is the last link");
        assertEquals(3_000_000L, t.getLinks(4).getDelayPs());

        // Routes decode to Routing's tables.
        for (int s = 0; s < t.getSwitchesCount(); s++) {
            SwitchSpec sw = t.getSwitches(s);
            assertEquals(sim.graph().switchPorts(s), sw.getPorts());
            assertEquals(sim.routing().groupCount() + 1, sw.getRouteOffsetsCount(), "an entry per route group");
            for (int h = 0; h < sim.graph().hostCount(); h++) {
                List<Integer> ports = new ArrayList<>();
                int g = t.getHostRouteGroups(h);
                if (g == sw.getOwnRouteGroup()) {
                    ports.add(t.getHostPorts(h));  // the host hangs off this switch
                }
                for (int i = sw.getRouteOffsets(g); i < sw.getRouteOffsets(g + 1); i++) {
                    ports.add(sw.getRoutePorts(i));
                }
                assertEquals(java.util.Arrays.stream(sim.routing().routes(s, h)).boxed().toList(), ports,
                        "switch " + s + " toward host " + h);
            }
        }
        assertEquals(1, t.getMonitoredCount());
        assertEquals(0, t.getMonitored(0).getSwitchId());
        assertEquals(2, t.getMonitored(0).getPort());
    }

    private static int ref(boolean isSwitch, int id) {
        return isSwitch ? TopologyGraph.switchRef(id) : id;
    }

    @Test
    void resolveReadsTheBaseRelativeToThePathGiven() throws IOException {
        Files.writeString(tmp.resolve("base.textproto"), DUMBBELL);
        String derived = "base: \"base.textproto\"\nname: \"derived\"\nseed: 4\n";
        RunSpec r = RunSpecs.resolve(ResolveRequest.newBuilder().setScenarioText(derived)
                .setScenarioPath(tmp.resolve("derived.textproto").toString()).build());
        assertEquals("derived", r.getScenarioName());
        assertEquals(4, r.getHello().getSeed());
        assertEquals("dumbbell", r.getTopology().getFamily());
    }

    @Test
    void resolveRefusesANulByteInTheScenarioPathOrABaseAsABadField() {
        ScenarioException path = assertThrows(ScenarioException.class, () -> RunSpecs.resolve(ResolveRequest
                .newBuilder().setScenarioText(DUMBBELL).setScenarioPath("s\0.textproto").build()));
        assertEquals("scenario_path: 's\\0.textproto' is not a usable file name: Nul character not allowed",
                path.getMessage());
        ScenarioException base = assertThrows(ScenarioException.class, () -> RunSpecs.resolve(ResolveRequest
                .newBuilder().setScenarioText("base: \"\\000\"").setScenarioPath(tmp.resolve("s.textproto").toString())
                .build()));
        assertEquals("base", base.field(), base.getMessage());
    }

    @Test
    void resolveNamesTheBadFieldAndRefusesABaseWithoutAPath() {
        ScenarioException bad = assertThrows(ScenarioException.class, () -> RunSpecs.resolve(ResolveRequest
                .newBuilder().setScenarioText(DUMBBELL.replace("xoff_bytes: 100000", "xoff_bytes: 900000")).build()));
        assertTrue(bad.getMessage().startsWith("topology.switches.pfc.xoff_bytes: "), bad.getMessage());
        ScenarioException base = assertThrows(ScenarioException.class, () -> RunSpecs.resolve(ResolveRequest
                .newBuilder().setScenarioText("base: \"x.textproto\"").build()));
        assertTrue(base.getMessage().contains("without its file path"), base.getMessage());
    }

    /** NDP ports travel by name with their resolved settings; ACKs in the data queue as a flag. */
    @Test
    void ndpDisciplineAndAckClass() {
        RunSpec ndp = RunSpecs.of(RunSetup.of(org.cosim.scenario.ScenarioFiles.parse("""
                name: "ndp" duration_us: 100
                topology {
                  dumbbell { hosts_per_side: 2 host_rate_gbps: 10 bottleneck_rate_gbps: 10 link_delay_us: 1 }
                  switches { ndp { data_queue_packets: 4 header_weight: 7 return_to_sender: false } }
                  nic { mtu_bytes: 2000 }
                }
                protocol { ndp {} }
                workload { incast { connections_per_client: 1 } }
                """, "ndp")));
        assertEquals("ndp", ndp.getHardware().getQueueDiscipline());
        var q = ndp.getHardware().getNdp();
        assertEquals(8000, q.getDataQueueBytes());
        assertEquals(8000, q.getHeaderQueueBytes());
        assertEquals(7, q.getHeaderWeight());
        assertEquals(1, q.getDataWeight());
        assertFalse(q.getStrictPriority());
        assertFalse(q.getReturnToSender());
        assertEquals(64, q.getTrimmedBytes());
        assertTrue(q.getTrimTail(), "the coin may trim the tail unless the scenario says otherwise");
        assertFalse(ndp.getHardware().getAcksShareDataQueue());

        RunSpec poseidon = RunSpecs.of(RunSetup.of(org.cosim.scenario.ScenarioFiles.parse(DUMBBELL
                .replace("nic { mtu_bytes: 1000 ack_bytes: 80 }",
                        "nic { mtu_bytes: 1000 ack_bytes: 80 acks_share_data_queue: true }"), "acks")));
        assertEquals("priority", poseidon.getHardware().getQueueDiscipline());
        assertTrue(poseidon.getHardware().getAcksShareDataQueue());
        assertFalse(poseidon.getHardware().hasNdp());
    }

    /** Cut Payload ports travel by name with their resolved settings, in bytes; so does the NICs' timing noise. */
    @Test
    void cutPayloadDiscipline() {
        RunSpec cp = RunSpecs.of(RunSetup.of(org.cosim.scenario.ScenarioFiles.parse("""
                name: "cp" duration_us: 100
                topology {
                  dumbbell { hosts_per_side: 2 host_rate_gbps: 10 bottleneck_rate_gbps: 10 link_delay_us: 1 }
                  switches { cut_payload { queue_packets: 6 trim_threshold_packets: 2 trimmed_bytes: 80 } }
                  nic { mtu_bytes: 2000 tx_gap_jitter_ns: 0.75 }
                }
                protocol { pfc_only {} }
                workload { incast { connections_per_client: 1 } }
                """, "cp")));
        assertEquals("cut_payload", cp.getHardware().getQueueDiscipline());
        var q = cp.getHardware().getCutPayload();
        assertEquals(12000, q.getQueueBytes());
        assertEquals(4000, q.getTrimThresholdBytes());
        assertEquals(80, q.getTrimmedBytes());
        assertFalse(cp.getHardware().hasNdp());
        assertEquals(750, cp.getHardware().getNicTxGapJitterPs(), "the NICs' timing noise, in picoseconds");
    }

    /** A law whose constructor leaves a mark: a server that does not run law code must refuse before it runs. */
    private static final String MARKING_LAW = "package lab; import org.cosim.agents.custom.LawParameters; "
            + "import org.cosim.agents.window.*; public class Marks implements WindowLaw { "
            + "public Marks(LawParameters p) { System.setProperty(\"cosim.test.resolve.ran\", \"yes\"); } "
            + "public double onAck(CongestionWindow w, AckSample a) { return w.cwnd(); } "
            + "public double lossDecrease() { return 0.5; } }";

    @Test
    void resolveOnAServerThatRunsNoLawCodeRefusesOneWithoutRunningIt() throws IOException {
        Files.writeString(tmp.resolve("Marks.java"), MARKING_LAW);
        String text = DUMBBELL.replace("protocol { pfc_only {} }",
                "protocol { custom_window_law { source_file: \"Marks.java\" } }");
        ResolveRequest r = ResolveRequest.newBuilder().setScenarioText(text)
                .setScenarioPath(tmp.resolve("s.textproto").toString()).build();
        System.clearProperty("cosim.test.resolve.ran");
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> RunSpecs.resolve(r, org.cosim.scenario.FileRoot.ANYWHERE, false));
        assertEquals("protocol.custom_window_law.source", e.field());
        assertTrue(e.getMessage().contains("--allow-law-code"), e.getMessage());
        assertEquals(null, System.getProperty("cosim.test.resolve.ran"), "the law never ran");
        assertEquals("db", RunSpecs.resolve(r, org.cosim.scenario.FileRoot.ANYWHERE, true).getScenarioName());
        assertEquals("yes", System.getProperty("cosim.test.resolve.ran"), "a server that runs law code builds it");
    }

    @Test
    void linkChangesTravelWithTheLinkIndexTimeAndRate() {
        RunSpec r = RunSpecs.of(RunSetup.of(Scenarios.parse(DUMBBELL.replace("nic { mtu_bytes: 1000",
                "link_changes { a: \"right_switch\" b: \"left_switch\" at_us: 300 rate_gbps: 1 } "
                        + "nic { mtu_bytes: 1000"))));
        assertEquals(1, r.getTopology().getLinkChangesCount());
        var c = r.getTopology().getLinkChanges(0);
        var l = r.getTopology().getLinks(c.getLink());
        assertTrue(l.getA().getIsSwitch() && l.getB().getIsSwitch(), "the bottleneck between the two switches");
        assertEquals(300_000_000L, c.getAtPs());
        assertEquals(1_000_000_000L, c.getRateBps());
    }

    @Test
    void aPacketTraceTravelsWithItsFlowsAscendingAndItsCap() {
        assertEquals(false, RunSpecs.of(RunSetup.of(Scenarios.parse(DUMBBELL))).hasPacketTrace());
        RunSpec r = RunSpecs.of(RunSetup.of(Scenarios.parse(DUMBBELL
                + "output { packet_trace { flows: [1, 0] max_records: 77 } }")));
        assertEquals(List.of(0, 1), r.getPacketTrace().getFlowsList());
        assertEquals(77, r.getPacketTrace().getMaxRecords());
        assertEquals(List.of(0L, 2_000_000_000L), List.of(r.getPacketTrace().getFromPs(), r.getPacketTrace().getToPs()),
                "the whole run: [0, duration)");
        assertEquals(1_000_000, RunSpecs.of(RunSetup.of(Scenarios.parse(DUMBBELL
                + "output { packet_trace { flows: 0 } }"))).getPacketTrace().getMaxRecords(), "the default");
    }
}
