package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cosim.runner.ShippedScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A topology and traffic brought from files run exactly as the built-in family and workload they write out:
 * NDP (per-packet spraying over every shortest path, trimming coins keyed by switch and port) on the k = 4 fat
 * tree of scenarios/custom/fat-tree-k4.topo, with an htsim connection matrix of the permutation the built-in
 * workload draws.
 */
class TopologyFileRunTest {
    @TempDir
    Path tmp;

    private static final String COMMON = """
            base: "%s"
            name: "k4-permutation"
            duration_us: 2000
            """;

    @Test
    void aFatTreeFileAndAnHtsimMatrixGiveTheBuiltInFatTreesAndPermutationsResultsByteForByte() throws IOException {
        String base = COMMON.formatted(ShippedScenarios.path("ndp-fabric.textproto"));
        Path builtIn = tmp.resolve("built-in.textproto");
        Files.writeString(builtIn, base + """
                topology { fat_tree { k: 4 link_rate_gbps: 10 link_delay_us: 1 } }
                workload { permutation { flow_bytes: 200000 } }
                """);
        Path a = tmp.resolve("a");
        run(builtIn, a);
        // The permutation as htsim writes it: 16 hosts, flow i from host i; start in picoseconds.
        List<String> flows = Files.readAllLines(a.resolve("flows.csv"));
        StringBuilder cm = new StringBuilder("Nodes 16\nConnections " + (flows.size() - 1) + "\n");
        for (String row : flows.subList(1, flows.size())) {
            String[] c = row.split(",");  // flow_id,src,dst,size_bytes,start_ps,...
            cm.append(c[1]).append("->").append(c[2]).append(" id ").append(Integer.parseInt(c[0]) + 1)
                    .append(" start ").append(c[4]).append(" size ").append(c[3]).append('\n');
        }
        Files.createDirectories(tmp.resolve("traffic"));
        Files.writeString(tmp.resolve("traffic/permutation.cm"), cm);
        Path fromFiles = tmp.resolve("from-files.textproto");
        Files.writeString(fromFiles, base + """
                topology { file { path: "%s" } }
                workload { file { path: "traffic/permutation.cm" format: HTSIM_CM } }
                """.formatted(ShippedScenarios.path("custom/fat-tree-k4.topo")));
        Path b = tmp.resolve("b");
        run(fromFiles, b);
        assertEquals(17, flows.size());  // a header and k^3/4 = 16 flows
        for (String f : new String[] {"flows.csv", "rtt_samples.csv", "timeseries.csv"}) {
            assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)), f + " differs");
        }
        // summary.json differs only in the scenario's digest: its text names the files.
        List<String> sa = Files.readAllLines(a.resolve("summary.json"));
        List<String> sb = Files.readAllLines(b.resolve("summary.json"));
        assertEquals(sa.stream().filter(l -> !l.contains("scenario_sha256")).toList(),
                sb.stream().filter(l -> !l.contains("scenario_sha256")).toList());
        assertNotEquals(sa, sb);
    }

    private static void run(Path scenario, Path out) {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(text);
        assertEquals(0, Main.run(new String[] {"run", scenario.toString(), "--no-plots", "--out", out.toString()},
                sink, sink), text::toString);
    }
}
