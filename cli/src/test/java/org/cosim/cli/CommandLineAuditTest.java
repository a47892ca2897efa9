package org.cosim.cli;

import static org.cosim.cli.CliOutcome.cosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cosim.proto.Scenario;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.omnetpp.OmnetppInstall;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a second audit of the command line found: options given twice, files
 * that cannot be written found only once a run started, commands that needed
 * OMNeT++ and said so late or not at all, a failed bench run's stack trace, plots
 * of an earlier run left beside new results, a seed printed negative.
 */
class CommandLineAuditTest {
    @TempDir
    Path tmp;

    private static final String[] SHORT = {"--set", "duration_us=1000", "--set", "output.warmup_us=0"};

    private static String incast() {
        return ShippedScenarios.path("timely-incast.textproto").toString();
    }

    private static String[] run(String... more) {
        String[] head = {"run", incast(), SHORT[0], SHORT[1], SHORT[2], SHORT[3]};
        String[] all = new String[head.length + more.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(more, 0, all, head.length, more.length);
        return all;
    }

    private static void refused(CliOutcome o, String... said) {
        BadInputTest.refused(o, said);
    }

    @Test
    void anOptionThatTakesOneValueGivenTwiceIsRefused() {
        Path a = tmp.resolve("a");
        refused(cosim(run("--out", a.toString(), "--out", tmp.resolve("b").toString())),
                "--out is given more than once");
        assertFalse(Files.exists(a), "nothing written");
        refused(cosim("sweep", incast(), "--vary", "seed=1,2", "--jobs", "1", "--jobs", "2"), "--jobs");
    }

    @Test
    void partitionsAreAnOmnetppOptionWithAWholeNumberAndOneAgentServerPerPartition() {
        Path out = tmp.resolve("p");
        refused(cosim(run("--out", out.toString(), "--partitions", "2")), "--partitions is an option of the omnetpp");
        refused(cosim(run("--out", out.toString(), "--backend", "omnetpp", "--partitions", "0")),
                "--partitions takes a whole number in 1..4096, not '0'");
        refused(cosim(run("--out", out.toString(), "--backend", "omnetpp", "--partitions", "two")),
                "--partitions takes a whole number");
        refused(cosim(run("--out", out.toString(), "--backend", "omnetpp", "--partitions", "3",
                "--agents", "a:1,b:1")), "--agents lists 2 agent servers for 3 partitions");
        refused(cosim(run("--out", out.toString(), "--backend", "omnetpp", "--agents", "a:1,b:1")),
                "--agents lists 2 agent servers for 1 partition:");
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void anEmptyOutputDirectoryIsRefused() {
        refused(cosim(run("--out", "")), "--out is empty");
    }

    @Test
    void filesToWriteAreCheckedBeforeAnythingStarts() {
        Path out = tmp.resolve("out");
        Path missing = tmp.resolve("no/such/dir/trace.bin");
        refused(cosim(run("--out", out.toString(), "--record-trace", missing.toString())), "--record-trace",
                "no such directory");
        assertFalse(Files.exists(out), "no results directory made for a run that cannot start");
        refused(cosim(run("--out", out.toString(), "--record-trace", tmp.toString())), "is a directory");
        refused(cosim("agents", "--port", "0", "--port-file", missing.toString()), "--port-file",
                "no such directory");
        refused(cosim("agents", "--port", "0", "--bind", "nosuchhost.invalid"), "--bind nosuchhost.invalid",
                "no such host");
    }

    @Test
    void helpCommandShowsTheCommandsOwnHelp() {
        CliOutcome o = cosim("help", "sweep");
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("usage: cosim sweep"), o.out());
    }

    @Test
    void aScenarioNamedDotDotStaysInsideResults() {
        Scenario s = Scenario.newBuilder().setName("..").build();
        assertEquals("__", CommandLines.nameOf(s, Path.of("x.textproto")));
        assertEquals("a..b", CommandLines.nameOf(s.toBuilder().setName("a..b").build(), Path.of("x.textproto")));
    }

    @Test
    void plotsOfAnEarlierRunDoNotStayBesideNewResults() {
        Path out = tmp.resolve("twice");
        assertEquals(0, cosim(run("--out", out.toString())).status());
        assertTrue(Files.exists(out.resolve("rates.png")));
        assertEquals(0, cosim(run("--out", out.toString(), "--no-plots", "--set", "seed=7")).status());
        for (String png : new String[] {"rates.png", "rtt_cdf.png", "queue.png"}) {
            assertFalse(Files.exists(out.resolve(png)), png + " of the first run removed");
        }
    }

    @Test
    void aSeedAbove2To63IsWrittenAsTheUnsignedNumberItIs() throws IOException {
        Path out = tmp.resolve("seed");
        CliOutcome o = cosim(run("--out", out.toString(), "--no-plots", "--set", "seed=18446744073709551615"));
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("seed 18446744073709551615"), o.out());
        assertTrue(Files.readString(out.resolve("summary.json")).contains("\"seed\": 18446744073709551615"));
    }

    @Test
    void aBenchRunThatFailsSaysWhyInOneLine() throws IOException {
        Path law = Files.writeString(tmp.resolve("Throws.java"), """
                import org.cosim.agents.custom.LawParameters;
                import org.cosim.agents.custom.RateFlow;
                import org.cosim.agents.sender.RateControl;
                public final class Throws implements RateControl {
                    public Throws(LawParameters p, RateFlow f) {}
                    @Override public double rateBps() { return 1e9; }
                    @Override public void onRttSample(long rttPs) { throw new IllegalStateException("law broke"); }
                }
                """);
        CliOutcome o = cosim("bench", incast(), SHORT[0], SHORT[1], SHORT[2], SHORT[3], "--runs", "1",
                "--warmup-runs", "0", "--set", "protocol.custom_rate_law={source_file: \"" + law + "\"}");
        assertEquals(1, o.status(), o.err());
        assertTrue(o.err().contains("cosim bench: the run failed at") && o.err().contains("law broke"), o.err());
        assertFalse(o.err().contains("\tat "), "no stack trace: " + o.err());
    }

    @Test
    void validateNamesThePaperOfAnExperimentOutsideTheOneChosen() {
        refused(cosim("validate", "--paper", "ndp", "--only", "timely-fig13", "--list"),
                "'timely-fig13' is of the timely paper");
    }

    @Test
    void compareDirsWithoutASummaryAreNotResults() throws IOException {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Files.writeString(a.resolve("flows.csv"), "flow_id\n");
        refused(cosim("compare", "--dirs", a.toString(), a.toString()), "holds no summary.json");
    }

    @Test
    void commandsThatNeedOmnetppSaySoBeforeRunningAnything() {
        assumeFalse(OmnetppInstall.locate().found(), "OMNeT++ is installed here");
        Path out = tmp.resolve("bb");
        CliOutcome bench = cosim("bench", incast(), SHORT[0], SHORT[1], SHORT[2], SHORT[3], "--backends", "--runs",
                "1", "--out", out.toString());
        assertEquals(1, bench.status(), bench.err());
        assertTrue(bench.err().contains("--backends needs OMNeT++"), bench.err());
        assertFalse(Files.exists(out), "no Java half run, no directory made");
        for (String backend : new String[] {"omnetpp", "both"}) {
            CliOutcome v = cosim("validate", "--quick", "--only", "timely-fig13", "--backend", backend, "--out",
                    tmp.resolve("v").toString());
            assertEquals(1, v.status(), v.err());
            assertTrue(v.err().contains("needs OMNeT++"), v.err());
        }
        Path cmp = tmp.resolve("cmp");
        assertEquals(1, cosim("compare", incast(), SHORT[0], SHORT[1], SHORT[2], SHORT[3], "--out", cmp.toString())
                .status());
        assertFalse(Files.exists(cmp), "no empty results directory left");
    }
}
