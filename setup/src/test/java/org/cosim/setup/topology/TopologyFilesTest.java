package org.cosim.setup.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.cosim.proto.FatTree;
import org.cosim.proto.Topology;
import org.cosim.proto.TopologyFile;
import org.cosim.proto.TopologyFormat;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;
import org.junit.jupiter.api.Test;

class TopologyFilesTest {
    /** A file of the repository (scenarios/...), found from the module's working directory. */
    static String repositoryFile(String path) throws IOException {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.exists(p.resolve(path))) {
            p = p.getParent();
        }
        return Files.readString(p.resolve(path));
    }

    static String resource(String name) throws IOException {
        try (InputStream in = TopologyFilesTest.class.getResourceAsStream("/network-files/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static TopologyGraph read(String text, TopologyFormat format, String source) {
        return TopologyBuilders.build(Topology.newBuilder().setFile(TopologyFile.newBuilder().setText(text)
                .setFormat(format).setSource(source)).build());
    }

    @Test
    void theK4FatTreeFileIsTheBuiltInFatTreeNodeForNodeAndPortForPort() throws IOException {
        TopologyGraph file = read(repositoryFile("scenarios/custom/fat-tree-k4.topo"), TopologyFormat.COSIM, "k4");
        TopologyGraph built = TopologyBuilders.build(Topology.newBuilder().setFatTree(FatTree.newBuilder().setK(4)
                .setLinkRateGbps(10).setLinkDelayUs(1)).build());
        assertEquals(built.hostNames(), file.hostNames());  // 4^3 / 4 = 16 hosts
        assertEquals(built.switchNames(), file.switchNames());  // 8 ToR + 8 aggregation + 4 core = 20
        assertEquals(built.links(), file.links());  // 16 host links + 16 ToR-agg + 16 agg-core = 48
        assertEquals(48, file.linkCount());
        Routing fromBuilt = new Routing(built);
        Routing fromFile = new Routing(file);
        for (int s = 0; s < built.switchCount(); s++) {
            for (int h = 0; h < built.hostCount(); h++) {
                assertArrayEquals(fromBuilt.routes(s, h), fromFile.routes(s, h), "switch " + s + " to host " + h);
            }
        }
    }

    /** NDP sprays over source routes 1..pathCount: between pods of a k = 4 fat tree, (k/2)^2 = 4 distinct paths. */
    @Test
    void sprayingOnAFileGraphGoesOverEveryShortestPath() throws IOException {
        Routing r = new Routing(read(repositoryFile("scenarios/custom/fat-tree-k4.topo"), TopologyFormat.COSIM, "k4"));
        assertEquals(4, r.pathCount(0, 15));
        Set<List<Integer>> distinct = new HashSet<>();
        for (int[] p : r.paths(0, 15)) {
            assertEquals(6, p.length);  // host-ToR, ToR-agg, agg-core, core-agg, agg-ToR, ToR-host
            distinct.add(java.util.Arrays.stream(p).boxed().toList());
        }
        assertEquals(4, distinct.size());
        Routing racks = new Routing(read(repositoryFile("scenarios/custom/two-racks.topo"), TopologyFormat.COSIM, "t"));
        assertEquals(2, racks.pathCount(0, 4));  // h0 -> h4 over spine0 or spine1
        assertEquals(1, racks.pathCount(0, 1));  // under one ToR
    }

    @Test
    void anHpccTopologyTxtGivesNodesNamedByTheirNs3IdsHostsFirst() throws IOException {
        TopologyGraph g = read(resource("hpcc-topology.txt"), TopologyFormat.HPCC_NS3, "hpcc-topology.txt");
        // 5 nodes, switches 0 and 4: hosts are nodes 1, 2, 3 in id order
        assertEquals(List.of("node[1]", "node[2]", "node[3]"), g.hostNames());
        assertEquals(List.of("node[0]", "node[4]"), g.switchNames());
        int node0 = TopologyGraph.switchRef(0);
        int node4 = TopologyGraph.switchRef(1);
        // 100Gbps = 1e11 b/s; 0.001ms = 1 us = 1,000,000 ps
        assertEquals(new TopologyGraph.Link(0, 0, node0, 0, 100_000_000_000L, 1_000_000), g.link(0));
        assertEquals(new TopologyGraph.Link(1, 0, node0, 1, 100_000_000_000L, 1_000_000), g.link(1));
        // 25Gbps; 1000ns = 1,000,000 ps; node[3] is node[4]'s port 0
        assertEquals(new TopologyGraph.Link(2, 0, node4, 0, 25_000_000_000L, 1_000_000), g.link(2));
        // 400Gbps; 2us; node[0]'s third port, node[4]'s second
        assertEquals(new TopologyGraph.Link(node0, 2, node4, 1, 400_000_000_000L, 2_000_000), g.link(3));
        assertEquals(4, g.linkCount());  // the notes after the 4 counted links are not read
    }

    @Test
    void aSwitchLineSetsThatSwitchsBufferAndTheScenarioTheOthers() throws IOException {
        RunSetup sim = RunSetup.of(ScenarioFiles.parse("""
                duration_us: 100
                topology {
                  file { text: "%s" source: "two-racks.topo" }
                  switches { buffer_bytes: 4000000 port_buffer_bytes: 3000000 ecn_threshold_bytes: 100000 }
                }
                protocol { dctcp {} }
                workload { flow_list { flows { src: 0 dst: 4 size_bytes: 10000 } } }
                """.formatted(escape(repositoryFile("scenarios/custom/two-racks.topo"))), "test"));
        // tor1: buffer_bytes=2000000, its port cap the smaller of that and the scenario's 3,000,000
        assertEquals(2_000_000, sim.switchParams(1).bufferBytes());
        assertEquals(2_000_000, sim.switchParams(1).portBufferBytes());
        assertEquals(4_000_000, sim.switchParams(0).bufferBytes());
        assertEquals(3_000_000, sim.switchParams(0).portBufferBytes());
        assertEquals(100_000, sim.switchParams(1).ecnThresholdBytes());
    }

    @Test
    void aSwitchsOwnBufferIsCheckedByTheScenarioRulesNamingItsLine() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> RunSetup.of(ScenarioFiles.parse("""
                duration_us: 100
                topology {
                  file { text: "host a\\nhost b\\nswitch s buffer_bytes=50000\\nlink a s rate_gbps=10 delay_us=1\\nlink b s rate_gbps=10 delay_us=1\\n" source: "t.topo" }
                  switches { ecn_threshold_bytes: 100000 }
                }
                protocol { dctcp {} }
                workload { flow_list { flows { src: 0 dst: 1 size_bytes: 10000 } } }
                """, "test")));
        assertTrue(e.getMessage().startsWith("topology.file: t.topo:3: switch s (buffer_bytes 50000, port_buffer_bytes "
                + "50000): topology.switches.ecn_threshold_bytes: 100000: above a port's buffer"), e.getMessage());
    }

    @Test
    void badLinesGiveErrorsNamingTheFileAndTheLine() {
        String ok = "host a\nhost b\nswitch s\nlink a s rate_gbps=10 delay_us=1\nlink b s rate_gbps=10 delay_us=1\n";
        List<List<String>> cases = List.of(
                List.of("host a\nswitch s\nlink a s rate_gbps=10\n", "t.topo:3: missing delay_us="),
                List.of("host a\nswitch s\nlink a x rate_gbps=10 delay_us=1\n", "t.topo:3: no host or switch named 'x'"),
                List.of("host a\n\n# a comment\nhost a\n", "t.topo:4: 'a' is already declared on line 1"),
                List.of("host a\nhost b\nswitch s\nlink a b rate_gbps=1 delay_us=1\n", "t.topo:4: a link between two hosts"),
                List.of("host a\nswitch s\nswitch t\nlink a s rate_gbps=1 delay_us=1\nlink a t rate_gbps=1 delay_us=1\n",
                        "t.topo:5: host 'a' already has its link (line 4)"),
                List.of("host a\nhost b\nswitch s\nswitch t\nlink a s rate_gbps=1 delay_us=1\n"
                        + "link b t rate_gbps=1 delay_us=1\n", "t.topo:2: 'b' cannot reach 'a'"),
                List.of("host a\nswitch s\nlink a s rate_gbps=0 delay_us=1\n",
                        "t.topo:3: rate_gbps: 0.0 Gb/s: a link rate must be at least 1 b/s"),
                List.of("host a\nswitch s\nlink a s rate_gbps=ten delay_us=1\n", "t.topo:3: rate_gbps 'ten' is not a number"),
                List.of("host a\nswitch s\nlink a s rate_gbps=1 delay_us=1 mtu=9000\n", "t.topo:3: 'mtu=9000': expected one of"),
                List.of("hots a\n", "t.topo:1: 'hots': a line is 'host NAME'"),
                List.of("host a\nswitch s buffer_bytes=-5\n", "t.topo:2: buffer_bytes=-5: must be a whole number of bytes"),
                List.of(ok.replace("link b s", "link b b"), "t.topo:5: a link from 'b' to itself"),
                List.of("host a\nhost b\nswitch s\nlink a s rate_gbps=10 delay_us=1\n", "t.topo:2: host 'b' has no link"),
                List.of(ok + "monitor a s\n", "t.topo:6: 'a' is a host"),
                List.of(ok + "switch t\nlink t s rate_gbps=1 delay_us=1\nmonitor t b\n", "t.topo:8: no link joins 't' and 'b'"));
        for (List<String> c : cases) {
            ScenarioException e = assertThrows(ScenarioException.class,
                    () -> read(c.get(0), TopologyFormat.COSIM, "t.topo"), c.get(0));
            assertEquals("topology.file", e.field());
            assertTrue(e.getMessage().startsWith("topology.file: " + c.get(1)), e.getMessage());
        }
        List<List<String>> hpcc = List.of(
                List.of("3 1 2\n0\n1 0 100Gbps 1us 0\n2 0 100Gbps 1us 0.01\n", "t.txt:4: error_rate 0.01"),
                List.of("3 1 2\n0\n1 0 100Gbit 1us 0\n", "t.txt:3: rate '100Gbit'"),
                List.of("3 1 2\n0\n1 0 100Gbps 1 us 0\n", "t.txt:3: expected 'src dst rate delay error_rate'"),
                List.of("3 1 3\n0\n1 0 100Gbps 1us 0\n2 0 100Gbps 1us 0\n", "t.txt: the file ends after 2 of its 3 links"),
                List.of("3 1 2\n5\n", "t.txt:2: switch id 5: the nodes are 0..2"),
                List.of("3 3 2\n0 1 2\n", "t.txt:1: 3 switches of 3 nodes leave no host"),
                List.of("3 1 2\n0\n1 0 100Gbps 1us 0\n2 7 100Gbps 1us 0\n", "t.txt:4: node 7: the nodes are 0..2"));
        for (List<String> c : hpcc) {
            ScenarioException e = assertThrows(ScenarioException.class,
                    () -> read(c.get(0), TopologyFormat.HPCC_NS3, "t.txt"), c.get(0));
            assertTrue(e.getMessage().startsWith("topology.file: " + c.get(1)), e.getMessage());
        }
    }

    /** The text as a protobuf text-format string. */
    static String escape(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("'", "\\'");
    }
}
