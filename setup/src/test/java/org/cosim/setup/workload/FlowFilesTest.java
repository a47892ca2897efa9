package org.cosim.setup.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.cosim.proto.FatTree;
import org.cosim.proto.Flow;
import org.cosim.proto.FlowFile;
import org.cosim.proto.FlowFileFormat;
import org.cosim.proto.FlowList;
import org.cosim.proto.Permutation;
import org.cosim.proto.Topology;
import org.cosim.proto.TopologyFile;
import org.cosim.proto.TopologyFormat;
import org.cosim.proto.Workload;
import org.cosim.scenario.ScenarioException;
import org.cosim.setup.topology.TopologyBuilders;
import org.cosim.setup.topology.TopologyGraph;
import org.junit.jupiter.api.Test;

class FlowFilesTest {
    private static final TopologyGraph FAT_TREE = TopologyBuilders.build(Topology.newBuilder()
            .setFatTree(FatTree.newBuilder().setK(4).setLinkRateGbps(10).setLinkDelayUs(1)).build());  // 16 hosts

    private static String resource(String name) throws IOException {
        try (InputStream in = FlowFilesTest.class.getResourceAsStream("/network-files/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static FlowTable read(String text, FlowFileFormat format, String source, TopologyGraph g) {
        return Workloads.build(Workload.newBuilder().setFile(FlowFile.newBuilder().setText(text).setFormat(format)
                .setSource(source)).build(), g);
    }

    @Test
    void anHtsimMatrixOfAPermutationGivesTheFlowsOfTheEquivalentFlowList() {
        FlowTable perm = Workloads.build(Workload.newBuilder().setPermutation(Permutation.newBuilder()
                .setFlowBytes(1_000_000)).build(), FAT_TREE, 7);
        StringBuilder cm = new StringBuilder("Nodes 16\nConnections 16\n");
        FlowList.Builder list = FlowList.newBuilder();
        for (int f = 0; f < perm.size(); f++) {
            // flow f starts f x 1.5 us = f x 1,500,000 ps in; flow 3 is long-lived (size 0)
            long size = f == 3 ? 0 : 1_000_000;
            cm.append(perm.src(f)).append("->").append(perm.dst(f)).append(" id ").append(f + 1).append(" start ")
                    .append(f * 1_500_000L).append(" size ").append(size).append('\n');
            list.addFlows(Flow.newBuilder().setSrc(perm.src(f)).setDst(perm.dst(f)).setSizeBytes(size)
                    .setStartUs(f * 1.5));
        }
        FlowTable fromFile = read(cm.toString(), FlowFileFormat.HTSIM_CM, "perm.cm", FAT_TREE);
        FlowTable fromList = Workloads.build(Workload.newBuilder().setFlowList(list).build(), FAT_TREE);
        assertEquals(16, fromFile.size());
        for (int f = 0; f < 16; f++) {
            assertEquals(fromList.src(f), fromFile.src(f));
            assertEquals(fromList.dst(f), fromFile.dst(f));
            assertEquals(fromList.sizeBytes(f), fromFile.sizeBytes(f));
            assertEquals(fromList.startPs(f), fromFile.startPs(f));
            assertEquals(fromList.stopPs(f), fromFile.stopPs(f));
        }
        assertEquals(4_500_000, fromFile.startPs(3));  // 3 x 1.5 us
        assertEquals(0, fromFile.sizeBytes(3));
    }

    @Test
    void anHpccFlowTxtOnAnHpccTopologyNamesNs3NodeIds() throws IOException {
        TopologyGraph g = TopologyBuilders.build(Topology.newBuilder().setFile(TopologyFile.newBuilder()
                .setText(resource("hpcc-topology.txt")).setFormat(TopologyFormat.HPCC_NS3)).build());
        FlowTable t = read(resource("hpcc-flow.txt"), FlowFileFormat.HPCC_FLOW, "hpcc-flow.txt", g);
        assertEquals(2, t.size());  // the count on the first line; the notes after are not read
        // node 1 -> node 3: hosts 0 -> 2 (the hosts are nodes 1, 2, 3); 200,000 B at 0.000001 s = 1,000,000 ps
        assertEquals(List.of(0, 2, 200_000L, 1_000_000L), List.of(t.src(0), t.dst(0), t.sizeBytes(0), t.startPs(0)));
        // node 2 -> node 3: hosts 1 -> 2; 50,000 B at 0.0000025 s = 2,500,000 ps
        assertEquals(List.of(1, 2, 50_000L, 2_500_000L), List.of(t.src(1), t.dst(1), t.sizeBytes(1), t.startPs(1)));
    }

    @Test
    void onAFamilyTopologyAnHpccNodeIdIsTheHostId() throws IOException {
        FlowTable t = read(resource("hpcc-flow.txt"), FlowFileFormat.HPCC_FLOW, "hpcc-flow.txt", FAT_TREE);
        assertEquals(List.of(1, 3, 2, 3), List.of(t.src(0), t.dst(0), t.src(1), t.dst(1)));
    }

    @Test
    void badLinesGiveErrorsNamingTheFileAndTheLine() {
        String head = "Nodes 16\nConnections 1\n";
        List<List<String>> htsim = List.of(
                List.of(head + "0->0 start 0 size 10\n", "m.cm:3: a flow cannot go from host 0 to itself"),
                List.of("Nodes 16\nConnections 2\n0->1 start 0 size 10\n", "m.cm: 'Connections 2' but 1 connection lines"),
                List.of(head + "0->16 start 0 size 10\n", "m.cm:3: destination 16: the matrix's nodes are 0..15"),
                List.of(head + "0->1 start 0 size 1 trigger 3\n", "m.cm:3: 'trigger': not supported"),
                List.of(head + "0->1 size 10\n", "m.cm:3: missing 'start PS'"),
                List.of(head + "0->1 start -5 size 10\n", "m.cm:3: start '-5': expected a time in picoseconds"),
                List.of("Nodes 16\nConnections 2\n0->1 id 4 start 0 size 1\n1->2 id 4 start 0 size 1\n",
                        "m.cm:4: id 4 is already the id of line 3"),
                List.of("Nodes 99\nConnections 0\n", "m.cm:1: Nodes 99: this topology has 16 hosts"),
                List.of("0->1 start 0 size 1\n", "m.cm:1: a connection before the 'Nodes N'"),
                List.of(head + "0-1 start 0 size 1\n", "m.cm:3: '0-1': expected 'Nodes N'"));
        for (List<String> c : htsim) {
            ScenarioException e = assertThrows(ScenarioException.class,
                    () -> read(c.get(0), FlowFileFormat.HTSIM_CM, "m.cm", FAT_TREE), c.get(0));
            assertEquals("workload.file", e.field());
            assertTrue(e.getMessage().startsWith("workload.file: " + c.get(1)), e.getMessage());
        }
        List<List<String>> hpcc = List.of(
                List.of("1\n1 2 3 100 0 0\n", "f.txt:2: size 0 must be at least 1"),
                List.of("2\n1 2 3 100 10 0\n", "f.txt: the file ends after 1 of its 2 flows"),
                List.of("1\n1 2 3 100 10 -1\n", "f.txt:2: start: -1000000.0: must be >= 0"),
                List.of("1\n1 2 3 100 10\n", "f.txt:2: expected 'src dst priority dport size start_time'"),
                List.of("1\n1 99 3 100 10 0\n", "f.txt:2: host 99 does not exist (hosts are 0..15)"));
        for (List<String> c : hpcc) {
            ScenarioException e = assertThrows(ScenarioException.class,
                    () -> read(c.get(0), FlowFileFormat.HPCC_FLOW, "f.txt", FAT_TREE), c.get(0));
            assertTrue(e.getMessage().startsWith("workload.file: " + c.get(1)), e.getMessage());
        }
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> read("1\n", FlowFileFormat.FLOW_FILE_FORMAT_UNSET, "f.txt", FAT_TREE));
        assertEquals("workload.file.format", e.field());
    }
}
