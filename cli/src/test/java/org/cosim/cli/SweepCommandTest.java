package org.cosim.cli;

import static org.cosim.cli.CliOutcome.cosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cosim.runner.ShippedScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `cosim sweep`: each point is the run `cosim run --set` would make, the files do
 * not depend on --jobs, a bad point stops the sweep before it starts, and a failed
 * run is a row marked failed while the others stand.
 */
class SweepCommandTest {
    @TempDir
    Path tmp;

    private static String incast() {
        return ShippedScenarios.path("timely-incast.textproto").toString();
    }

    private CliOutcome sweep(Path out, String jobs) {
        return cosim("sweep", incast(), "--set", "duration_us=3000", "--set", "output.warmup_us=1000",
                "--vary", "topology.incast_star.clients=2,5", "--vary", "protocol.timely.t_low_us=50,100",
                "--jobs", jobs, "--out", out.toString(), "--plot", "rtt_network_p99_us");
    }

    @Test
    void eachPointIsTheRunOfItsOverridesAndJobsChangeNothing() throws IOException {
        CliOutcome one = sweep(tmp.resolve("j1"), "1");
        assertEquals(0, one.status(), one.err());
        CliOutcome two = sweep(tmp.resolve("j2"), "2");
        assertEquals(0, two.status(), two.err());
        String csv = Files.readString(tmp.resolve("j1/sweep.csv"));
        assertEquals(csv, Files.readString(tmp.resolve("j2/sweep.csv")));
        List<String> lines = csv.lines().toList();
        assertEquals(5, lines.size(), csv);
        assertTrue(lines.get(0).startsWith("point,dir,topology.incast_star.clients,protocol.timely.t_low_us,status,"
                + "goodput_gbps,"), lines.get(0));
        assertTrue(lines.get(3).startsWith("3,3_clients=5_t_low_us=50,5,50,complete,"), lines.get(3));
        assertTrue(one.out().contains("clients t_low_us"), one.out());
        byte[] png = Files.readAllBytes(tmp.resolve("j1/sweep_rtt_network_p99_us.png"));
        assertTrue(png.length > 1000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', "a PNG figure");

        CliOutcome run = cosim("run", incast(), "--set", "duration_us=3000", "--set", "output.warmup_us=1000",
                "--set", "topology.incast_star.clients=5", "--set", "protocol.timely.t_low_us=50", "--no-plots",
                "--out", tmp.resolve("run").toString());
        assertEquals(0, run.status(), run.err());
        for (String f : new String[] {"flows.csv", "summary.json", "timeseries.csv", "scenario.textproto"}) {
            String direct = Files.readString(tmp.resolve("run").resolve(f));
            assertEquals(direct, Files.readString(tmp.resolve("j1/3_clients=5_t_low_us=50").resolve(f)), f);
            assertEquals(direct, Files.readString(tmp.resolve("j2/3_clients=5_t_low_us=50").resolve(f)), f);
        }
        // The two client counts differ, so the rows do: the varied field reached the runs.
        assertFalse(lines.get(1).substring(lines.get(1).indexOf("complete"))
                .equals(lines.get(3).substring(lines.get(3).indexOf("complete"))));
        assertFalse(Files.exists(tmp.resolve("j1/sweep_seeds.csv")), "no seed varied: no summary over seeds");
    }

    /** Varying seed repeats each configuration: sweep_seeds.csv has its mean, sd and 95% CI over the seeds. */
    @Test
    void seedsAreSummarizedPerConfiguration() throws IOException {
        Path out = tmp.resolve("seeds");
        CliOutcome o = cosim("sweep", ShippedScenarios.path("ndp-fig16-incast.textproto").toString(),
                "--set", "duration_us=2000", "--set", "workload.incast.senders=8", "--set",
                "workload.incast.flow_bytes=90000", "--vary", "topology.switches.ndp.strict_priority=false,true",
                "--vary", "seed=1..3", "--out", out.toString(), "--plot", "rtt_network_p99_us");
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("over the seeds (mean +- 95% confidence interval"), o.out());
        List<String> runs = Files.readString(out.resolve("sweep.csv")).lines().toList();
        List<String> header = List.of(runs.get(0).split(","));
        int rtt = header.indexOf("rtt_network_p99_us");
        List<String> seeds = Files.readString(out.resolve("sweep_seeds.csv")).lines().toList();
        assertEquals(3, seeds.size(), "a heading and one row per strict_priority value");
        List<String> summaryHeader = List.of(seeds.get(0).split(","));
        assertEquals(List.of("topology.switches.ndp.strict_priority", "seeds"), summaryHeader.subList(0, 2));
        int mean = summaryHeader.indexOf("rtt_network_p99_us_mean");
        for (int g = 0; g < 2; g++) {
            double[] x = new double[3];
            for (int i = 0; i < 3; i++) {
                x[i] = Double.parseDouble(runs.get(1 + 3 * g + i).split(",")[rtt]);
            }
            double m = (x[0] + x[1] + x[2]) / 3;
            double sd = Math.sqrt(((x[0] - m) * (x[0] - m) + (x[1] - m) * (x[1] - m) + (x[2] - m) * (x[2] - m)) / 2);
            String[] row = seeds.get(1 + g).split(",");
            assertEquals(g == 0 ? "false" : "true", row[0]);
            assertEquals("3", row[1]);
            assertEquals(m, Double.parseDouble(row[mean]), 1e-3 * m);
            assertEquals(sd, Double.parseDouble(row[mean + 1]), 1e-3 * m);
            assertEquals(4.3027 * sd / Math.sqrt(3), Double.parseDouble(row[mean + 2]), 1e-3 * m);
            assertTrue(sd > 0, "the seeds give different RTTs here, so the test sees a spread: " + seeds.get(1 + g));
        }
        assertTrue(Files.size(out.resolve("sweep_rtt_network_p99_us.png")) > 1000, "the means drawn");
    }

    @Test
    void aBadPointStopsTheSweepBeforeAnyRun() {
        Path out = tmp.resolve("bad");
        CliOutcome o = cosim("sweep", incast(), "--vary", "protocol.timely.t_low_us=50,600", "--out", out.toString());
        assertEquals(2, o.status());
        assertTrue(o.err().contains("protocol.timely.t_low_us") && o.err().contains("sweep run 2"), o.err());
        assertFalse(Files.exists(out), "nothing ran");
        CliOutcome jobs = cosim("sweep", incast(), "--vary", "seed=1,2", "--jobs", "0");
        assertEquals(2, jobs.status());
        assertTrue(jobs.err().contains("--jobs"), jobs.err());
        CliOutcome plot = cosim("sweep", incast(), "--vary", "seed=1,2", "--plot", "speed");
        assertEquals(2, plot.status());
        assertTrue(plot.err().contains("--plot speed: not a sweep.csv column"), plot.err());
    }

    /** A window law (custom_window_law) that fails its run at the ACK numbered params[break_at] (0: never). */
    static final String BREAKS = """
            import org.cosim.agents.custom.LawParameters;
            import org.cosim.agents.window.*;
            public class Breaks implements WindowLaw {
                private final double at;
                private int acks;
                public Breaks(LawParameters p) { at = p.get("break_at", 0); }
                public double onAck(CongestionWindow w, AckSample a) {
                    if (++acks == at) throw new IllegalStateException("broke as asked");
                    return w.cwnd();
                }
                public double lossDecrease() { return 0.5; }
            }
            """;

    @Test
    void aFailedRunIsARowAndTheOthersStand() throws IOException {
        Path law = tmp.resolve("Breaks.java");
        Files.writeString(law, BREAKS);
        Path out = tmp.resolve("fail");
        CliOutcome o = cosim("sweep", ShippedScenarios.path("poseidon/fig14-m2-n2.textproto").toString(),
                "--set", "duration_us=300", "--set", "output.warmup_us=100",
                "--set", "protocol.custom_window_law.source_file=" + Path.of("").toAbsolutePath().relativize(law),
                "--vary", "protocol.custom_window_law.params[break_at]=0,500", "--out", out.toString());
        assertEquals(1, o.status(), o.err());
        assertTrue(o.err().contains("1 of 2 runs failed"), o.err());
        List<String> lines = Files.readString(out.resolve("sweep.csv")).lines().toList();
        assertTrue(lines.get(1).contains(",0,complete,"), lines.get(1));
        assertTrue(lines.get(2).contains(",500,failed,"), lines.get(2));
        assertTrue(Files.readString(out.resolve("2_params_break_at_=500/summary.json"))
                .contains("broke as asked"), "the failed run's partial results are kept");
    }

    /** Without OMNeT++ a sweep that needs it says so and runs nothing (checked where OMNeT++ is absent, as in CI). */
    @Test
    void bothBackEndsWithoutOmnetppIsRefusedBeforeAnyRun() {
        org.junit.jupiter.api.Assumptions.assumeFalse(org.cosim.runner.omnetpp.OmnetppInstall.locate().found(),
                "OMNeT++ is installed here");
        Path out = tmp.resolve("both");
        CliOutcome both = cosim("sweep", incast(), "--backend", "both", "--vary", "topology.incast_star.clients=2,3",
                "--out", out.toString());
        assertEquals(1, both.status());
        assertTrue(both.err().contains("--backend both needs OMNeT++"), both.err());
        assertFalse(java.nio.file.Files.exists(out), "nothing ran");
    }

    @Test
    void protocolsAreVariedByNameAndTheTableShowsTheSlowdownsAndThePlottedMetrics() throws IOException {
        Path out = tmp.resolve("protocols");
        CliOutcome sweep = cosim("sweep", ShippedScenarios.path("websearch-leafspine.textproto").toString(), "--set",
                "duration_us=6000", "--set", "output.warmup_us=2000", "--vary", "protocol=dctcp,swift", "--plot",
                "fct_p50_us", "--out", out.toString());
        assertEquals(0, sweep.status(), sweep.err());
        for (String p : List.of("dctcp", "swift")) {
            String dir = (p.equals("dctcp") ? "1" : "2") + "_protocol=" + p;
            assertTrue(Files.readString(out.resolve(dir).resolve("summary.json")).contains("\"protocol\": \"" + p
                    + "\""), dir);
        }
        String header = sweep.out().lines().findFirst().orElseThrow();
        for (String column : List.of("protocol", "slowdown p99", "p99 10KB_100KB", "fct_p50_us")) {
            assertTrue(header.contains(column), column + " in " + header);
        }
        assertTrue(Files.readString(out.resolve("sweep.csv")).lines().findFirst().orElseThrow()
                .contains(",slowdown_p50_under_10KB,slowdown_p99_under_10KB,"));
        assertTrue(Files.size(out.resolve("sweep_fct_p50_us.png")) > 1000);
    }
}
