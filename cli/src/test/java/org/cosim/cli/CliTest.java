package org.cosim.cli;

import static org.cosim.cli.CliOutcome.cosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cosim.runner.ShippedScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The `cosim` command line: exit statuses and messages that name the problem. */
class CliTest {
    @TempDir
    Path tmp;

    private String incast() {
        return ShippedScenarios.path("timely-incast.textproto").toString();
    }

    private String shortRun() {
        return "duration_us=20000";
    }

    @Test
    void helpListsTheCommands() {
        CliOutcome o = cosim("--help");
        assertEquals(0, o.status());
        assertTrue(o.out().contains("run") && o.out().contains("bench"), o.out());
        CliOutcome r = cosim("run", "--help");
        assertEquals(0, r.status());
        assertTrue(r.out().contains("--set"), r.out());
    }

    /** The version is the Maven project's (the root pom's), and the commit git's for this checkout's HEAD. */
    @Test
    void versionPrintsTheProjectVersionAndTheCommitOfTheBuild() throws Exception {
        Path root = ShippedScenarios.dir().getParent();
        Matcher v = Pattern.compile("<artifactId>cosim-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(root.resolve("pom.xml")));
        assertTrue(v.find(), "the root pom's version");
        for (String spelling : new String[] {"--version", "version"}) {
            CliOutcome o = cosim(spelling);
            assertEquals(0, o.status(), o.err());
            assertTrue(o.out().startsWith("cosim " + v.group(1)), o.out());
        }
        Process git = new ProcessBuilder("git", "-C", root.toString(), "rev-parse", "HEAD").start();
        String head = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assumeTrue(git.waitFor() == 0 && !head.isEmpty(), "not a git checkout");
        String commit = BuildInfo.current().commit().replace("-dirty", "");
        assertTrue(commit.length() >= 12 && head.startsWith(commit), commit + " is a prefix of HEAD " + head);
        assertTrue(cosim("--version").out().contains("(commit " + commit), "the commit is printed");
    }

    @Test
    void unknownCommandAndOptionExitTwo() {
        assertEquals(2, cosim("frobnicate").status());
        CliOutcome o = cosim("run", incast(), "--frobnicate");
        assertEquals(2, o.status());
        assertTrue(o.err().contains("frobnicate"), o.err());
    }

    @Test
    void aMistypedCommandOptionOrFieldGetsTheNearestName() {
        CliOutcome command = cosim("rnu", "x");
        assertEquals(2, command.status());
        assertTrue(command.err().startsWith("cosim: unknown command 'rnu'; did you mean 'run'?\n"), command.err());
        CliOutcome option = cosim("run", incast(), "--no-plot");
        assertEquals(2, option.status());
        assertTrue(option.err().contains("Unrecognized option: --no-plot; did you mean '--no-plots'?"), option.err());
        CliOutcome family = cosim("run", incast(), "--set", "topology.fat_tre.k=8");
        assertEquals(2, family.status());
        assertTrue(family.err().contains("topology.fat_tre: unknown field (Topology has no field 'fat_tre'); did you "
                + "mean 'fat_tree'?"), family.err());
        CliOutcome field = cosim("run", incast(), "--set", "protocol.timely.tlow_us=3");
        assertTrue(field.err().contains("did you mean 't_low_us'?"), field.err());
        // Nothing near: no guess.
        assertFalse(cosim("frobnicate").err().contains("did you mean"));
        assertFalse(cosim("run", incast(), "--set", "protocol.timely.zzz=3").err().contains("did you mean"));
    }

    @Test
    void missingScenarioFileIsNamed() {
        CliOutcome o = cosim("run", tmp.resolve("nope.textproto").toString());
        assertEquals(2, o.status());
        assertTrue(o.err().contains("nope.textproto") && o.err().contains("no such scenario file"), o.err());
    }

    @Test
    void unknownFieldInAnOverrideIsNamed() {
        CliOutcome o = cosim("run", incast(), "--set", "protocol.timely.t_lo_us=3");
        assertEquals(2, o.status());
        assertTrue(o.err().contains("protocol.timely.t_lo_us") && o.err().contains("unknown field"), o.err());
    }

    @Test
    void tLowAboveTHighIsNamed() {
        CliOutcome o = cosim("run", incast(), "--set", "protocol.timely.t_low_us=600");
        assertEquals(2, o.status());
        assertTrue(o.err().contains("protocol.timely.t_low_us") && o.err().contains("above T_high"), o.err());
    }

    @Test
    void negativeRateIsNamed() {
        CliOutcome o = cosim("run", incast(), "--set", "topology.incast_star.server_rate_gbps=-20");
        assertEquals(2, o.status());
        assertTrue(o.err().contains("topology.incast_star.server_rate_gbps"), o.err());
    }

    @Test
    void zeroHostsIsNamed() {
        CliOutcome o = cosim("run", incast(), "--set", "topology.incast_star.clients=0");
        assertEquals(2, o.status());
        assertTrue(o.err().contains("topology.incast_star.clients"), o.err());
    }

    @Test
    void badValueTypeIsNamed() {
        CliOutcome o = cosim("run", incast(), "--set", "duration_us=soon");
        assertEquals(2, o.status());
        assertTrue(o.err().contains("duration_us") && o.err().contains("soon"), o.err());
    }

    @Test
    void malformedScenarioNamesLineAndColumn() throws IOException {
        Path bad = tmp.resolve("bad.textproto");
        Files.writeString(bad, "name: \"x\"\nduration_us: 100\ntopology {\n  incast_star { clients: ten }\n}\n");
        CliOutcome o = cosim("run", bad.toString());
        assertEquals(2, o.status());
        assertTrue(o.err().contains("bad.textproto:4:"), o.err());
    }

    @Test
    void unknownFieldInAFileNamesLineAndColumn() throws IOException {
        Path bad = tmp.resolve("unknown.textproto");
        Files.writeString(bad, "name: \"x\"\nduratoin_us: 100\n");
        CliOutcome o = cosim("run", bad.toString());
        assertEquals(2, o.status());
        assertTrue(o.err().contains("unknown.textproto:2:") && o.err().contains("duratoin_us"), o.err());
    }

    @Test
    void aRunWritesItsResultsAndSaysWhere() throws IOException {
        Path out = tmp.resolve("res");
        CliOutcome o = cosim("run", incast(), "--set", shortRun(), "--set", "output.warmup_us=5000", "--out",
                out.toString());
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("throughput") && o.out().contains("RTT"), o.out());
        assertTrue(o.out().contains(out.resolve("rates.png").toString()), o.out());
        for (String f : new String[] {"flows.csv", "summary.json", "rtt_samples.csv", "timeseries.csv", "run.json",
                "scenario.textproto", "rates.png", "rtt_cdf.png", "queue.png"}) {
            assertTrue(Files.size(out.resolve(f)) > 0, f);
        }
    }

    /**
     * Each RTT sample's network RTT (from the segment's first packet onto the wire) and host RTT (from its
     * hand-over to the NIC) are named in rtt_samples.csv, summary.json and on the terminal. The host RTT
     * starts no later, so it is never the smaller; TIMELY's incast queues segments in the senders' NICs,
     * so some samples differ. summary.json's means are those of the columns (no thinning at this length).
     */
    @Test
    void aRunNamesItsNetworkAndHostRttsInEveryOutput() throws IOException {
        Path out = tmp.resolve("res");
        CliOutcome o = cosim("run", incast(), "--set", shortRun(), "--set", "output.warmup_us=5000", "--no-plots",
                "--out", out.toString());
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("  RTT         network mean ") && o.out().contains("; host mean "), o.out());
        List<String> rows = Files.readAllLines(out.resolve("rtt_samples.csv"));
        assertEquals("time_ps,flow_id,network_rtt_ps,host_rtt_ps", rows.get(0));
        double network = 0;
        double host = 0;
        int differ = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] v = row.split(",");
            long n = Long.parseLong(v[2]);
            long h = Long.parseLong(v[3]);
            assertTrue(n > 0 && n <= h, row);
            differ += n < h ? 1 : 0;
            network += n;
            host += h;
        }
        int samples = rows.size() - 1;
        assertTrue(samples > 100 && differ > 0, samples + " samples, " + differ + " with a wait in the NIC");
        String summary = Files.readString(out.resolve("summary.json"));
        assertEquals(network / samples / 1e6, rttField(summary, "rtt_network_us", "mean"), 1e-3);
        assertEquals(host / samples / 1e6, rttField(summary, "rtt_host_us", "mean"), 1e-3);
        assertEquals(samples, (int) rttField(summary, "rtt_host_us", "samples"));
        for (String stat : new String[] {"samples", "mean", "p50", "p99", "p999"}) {
            assertEquals(rttField(summary, "rtt_host_us", stat), rttField(summary, "rtt_us", stat), "rtt_us." + stat
                    + " is rtt_host_us's");
        }
    }

    /** {@code "block": { ... "field": value ...}} of summary.json. */
    private static double rttField(String summary, String block, String field) {
        int from = summary.indexOf("\"" + block + "\": {");
        assertTrue(from >= 0, block);
        String body = summary.substring(from, summary.indexOf('}', from));
        Matcher m = Pattern.compile("\"" + field + "\": ([-0-9.eE]+)").matcher(body);
        assertTrue(m.find(), block + "." + field);
        return Double.parseDouble(m.group(1));
    }

    /** A run too short for any of 100 incast flows to finish says so, rather than printing NaN percentiles. */
    @Test
    void aSizeBucketWithNoFinishedFlowSaysSo() {
        CliOutcome o = cosim("run", ShippedScenarios.path("ndp-fig16-incast.textproto").toString(), "--set",
                "duration_us=200", "--set", "output.warmup_us=0", "--set", "output.sample_interval_us=100",
                "--no-plots", "--out", tmp.resolve("short").toString());
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("none of 100 flows finished"), o.out());
        assertFalse(o.out().contains("NaN"), o.out());
    }

    /** With agent_state and a packet trace: their files, their plots, and the trace's line in the output. */
    @Test
    void aRunWithStatesAndATraceWritesThemAndTheirPlots() throws IOException {
        Path out = tmp.resolve("traced");
        CliOutcome o = cosim("run", incast(), "--set", shortRun(), "--set", "output.warmup_us=5000", "--set",
                "output.agent_state=true", "--set", "output.packet_trace={flows: [0, 3] max_records: 500}",
                "--out", out.toString());
        assertEquals(0, o.status(), o.err());
        for (String f : new String[] {"agent_state.csv", "agent_state.png", "packet_trace.csv", "packet_trace.png"}) {
            assertTrue(Files.size(out.resolve(f)) > 0, f);
        }
        assertTrue(o.out().contains("packet trace: 500 steps; data NIC to NIC p50 "), o.out());
        assertTrue(o.out().contains("packet trace: kept the first 500 of "), "the cap is said: " + o.out());
        assertEquals(501, Files.readAllLines(out.resolve("packet_trace.csv")).size());
    }

    @Test
    void onlyTheJavaBackEndIsKnown() {
        CliOutcome o = cosim("run", incast(), "--backend", "ns3");
        assertEquals(2, o.status());
        assertTrue(o.err().contains("ns3"), o.err());
        assertFalse(o.err().contains("Exception"), o.err());
    }
}
