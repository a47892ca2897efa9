package org.cosim.cli;

import static org.cosim.cli.CliOutcome.cosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cosim.proto.Scenario;
import org.cosim.runner.ShippedScenarios;
import org.cosim.runner.omnetpp.OmnetppInstall;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs an audit of the command line found mishandled (a stack trace, a run that
 * went on as if nothing was wrong, results lost at the end, a message naming the
 * wrong field): each now stops before the run with exit status 2 and a message
 * that names the problem, or fails the run with its results kept.
 */
class BadInputTest {
    @TempDir
    Path tmp;

    private static String incast() {
        return ShippedScenarios.path("timely-incast.textproto").toString();
    }

    private static final String NO_WARMUP = "output.warmup_us=0";

    private static String short1ms() {
        return "duration_us=1000";
    }

    /** Exit status 2, the words {@code said} in the message, and no stack trace; shared by the CLI audits. */
    static void refused(CliOutcome o, String... said) {
        assertEquals(2, o.status(), o.err());
        for (String s : said) {
            assertTrue(o.err().contains(s), "'" + s + "' in: " + o.err());
        }
        assertFalse(o.err().contains("\tat "), "no stack trace: " + o.err());
    }

    @Test
    void anOutputDirectoryThatCannotBeMadeIsRefusedBeforeTheRun() throws IOException {
        Path file = Files.writeString(tmp.resolve("afile"), "x");
        refused(cosim("run", incast(), "--set", short1ms(), "--set", NO_WARMUP, "--out", file.toString()), "--out", "afile",
                "a file of that name is in the way");
        refused(cosim("run", incast(), "--set", short1ms(), "--set", NO_WARMUP, "--out", file.resolve("sub").toString()), "--out",
                "cannot make it");
        refused(cosim("sweep", incast(), "--set", short1ms(), "--set", NO_WARMUP, "--vary", "seed=1,2", "--out", file.toString()),
                "--out");
        refused(cosim("validate", "--quick", "--only", "timely-fig13", "--out", file.toString()), "--out");
        assertEquals("x", Files.readString(file), "the file in the way is left alone");
    }

    @Test
    void compareDirsThatHoldNoResultsAreNamed() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        refused(cosim("compare", "--dirs", tmp.resolve("nope").toString(), empty.toString()), "nope",
                "no such directory");
        refused(cosim("compare", "--dirs", empty.toString(), empty.toString()), "holds no flows.csv");
    }

    @Test
    void compareWithoutOmnetppSaysSoBeforeTheJavaRun() {
        assumeFalse(OmnetppInstall.locate().found(), "OMNeT++ is installed here");
        Path out = tmp.resolve("cmp");
        CliOutcome o = cosim("compare", incast(), "--set", short1ms(), "--set", NO_WARMUP, "--out", out.toString());
        assertEquals(1, o.status(), o.err());
        assertTrue(o.err().contains("needs OMNeT++"), o.err());
        assertFalse(Files.exists(out.resolve("java")), "no Java run made only to be compared with nothing");
    }

    @Test
    void twoMembersOfAOneofOrAFieldTwiceAreRefused() throws IOException {
        Path f = Files.writeString(tmp.resolve("two.textproto"), "base: \"" + incast() + "\"\n"
                + "protocol { timely {} ndp {} }\n");
        refused(cosim("run", f.toString()), "two.textproto:2:", "ndp");
        Path g = Files.writeString(tmp.resolve("twice.textproto"), "base: \"" + incast() + "\"\nseed: 1\nseed: 2\n");
        refused(cosim("run", g.toString()), "twice.textproto:3:", "seed");
        Path h = Files.writeString(tmp.resolve("key.textproto"), "base: \"" + incast() + "\"\n"
                + "protocol { custom_rate_law { params { key: \"target_us\" value: 10 }"
                + " params { key: \"target_us\" value: 500 } } }\n");
        refused(cosim("run", h.toString()), "key.textproto: protocol.custom_rate_law.params[target_us]: given twice");
    }

    /** Protobuf's list syntax for repeated messages puts every element in one parse tree: not a field twice. */
    @Test
    void repeatedMessagesInListSyntaxAreNotFieldsGivenTwice() throws IOException {
        Path f = Files.writeString(tmp.resolve("list.textproto"), "base: \"" + incast() + "\"\n"
                + "workload { flow_list { flows [{src: 1 dst: 0 size_bytes: 1000}, {src: 2 dst: 0 size_bytes: 1000}] } }\n");
        CliOutcome o = cosim("run", f.toString(), "--set", short1ms(), "--set", NO_WARMUP, "--no-plots", "--out",
                tmp.resolve("list").toString());
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("2 flows"), o.out());
        Path g = Files.writeString(tmp.resolve("one-by-one.textproto"), "base: \"" + incast() + "\"\n"
                + "workload { flow_list { flows {src: 1 dst: 0} flows {src: 2 src: 3 dst: 0} } }\n");
        refused(cosim("run", g.toString()), "one-by-one.textproto:2:", "\"src\" is given twice");
    }

    @Test
    void aBinaryFileAndAByteOrderMark() throws IOException {
        Path bin = Files.write(tmp.resolve("bin.textproto"), new byte[] {(byte) 0xC3, (byte) 0x28, 0, 1, 2});
        refused(cosim("run", bin.toString()), "bin.textproto", "not a text file");
        Path bom = Files.writeString(tmp.resolve("bom.textproto"), "\uFEFFbase: \"" + incast() + "\"\n",
                StandardCharsets.UTF_8);
        CliOutcome o = cosim("run", bom.toString(), "--set", short1ms(), "--set", NO_WARMUP, "--no-plots", "--out",
                tmp.resolve("bom").toString());
        assertEquals(0, o.status(), "a byte-order mark is no part of the text: " + o.err());
        assertFalse(o.err().contains("\uFEFF"));
    }

    /** Read whole, a device or a huge file ran the JVM out of heap: each is refused before it is read. */
    @Test
    void aScenarioOrBaseThatIsNotARegularFileOrIsHugeIsRefused() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("adir.textproto"));
        refused(cosim("run", dir.toString()), "adir.textproto: cannot read: not a regular file");
        Path base = Files.writeString(tmp.resolve("dirbase.textproto"), "base: \"adir.textproto\"\n");
        refused(cosim("run", base.toString()), "adir.textproto: cannot read: not a regular file",
                "(base of " + base + ")");
        try (RandomAccessFile huge = new RandomAccessFile(tmp.resolve("huge.textproto").toFile(), "rw")) {
            huge.setLength((64L << 20) + 1);
        }
        Path hugeBase = Files.writeString(tmp.resolve("hugebase.textproto"), "base: \"huge.textproto\"\n");
        refused(cosim("run", hugeBase.toString()), "huge.textproto: cannot read: larger than 64 MiB",
                "(base of " + hugeBase + ")");
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero), "no /dev/zero here");
        Path zeroBase = Files.writeString(tmp.resolve("zero.textproto"), "base: \"/dev/zero\"\n");
        refused(cosim("run", zeroBase.toString()), "/dev/zero: cannot read: not a regular file",
                "(base of " + zeroBase + ")");
    }

    @Test
    void timeSeriesThatWouldNotFitAreRefusedBeforeTheRun() {
        refused(cosim("run", incast(), "--set", short1ms(), "--set", NO_WARMUP, "--set", "output.sample_interval_us=1e-6"),
                "output.sample_interval_us", "would not fit", "sample at least every");
        refused(cosim("run", incast(), "--set", "duration_us=1e11"), "output.sample_interval_us", "would not fit");
        refused(cosim("run", incast(), "--set", short1ms(), "--set", NO_WARMUP, "--set", "output.sample_interval_us=5000"),
                "output.sample_interval_us", "longer than duration_us");
    }

    @Test
    void anEndlessOrNonFiniteDurationIsRefused() {
        refused(cosim("run", incast(), "--set", "duration_us=1e30"), "duration_us", "at most");
        refused(cosim("run", incast(), "--set", "duration_us=1e400"), "duration_us", "Infinity");
    }

    @Test
    void networksAndWorkloadsTooLargeForMemoryAreRefused() {
        refused(cosim("run", incast(), "--set",
                "topology={parking_lot {switches: 100000 hosts_per_switch: 2 host_rate_gbps: 10 link_rate_gbps: 10}}"),
                "topology.parking_lot.hosts_per_switch", "more than 100000");
        refused(cosim("run", incast(), "--set", "workload.incast.connections_per_client=100000000"),
                "workload.incast.connections_per_client", "too many flows");
        refused(cosim("run", incast(), "--set", "topology.incast_star.clients=3000000000"),
                "topology.incast_star.clients", "3000000000");
    }

    @Test
    void ratesAndDelaysBeyondAnyLinkAreRefused() {
        refused(cosim("run", incast(), "--set", "topology.incast_star.client_rate_gbps=1e20"),
                "topology.incast_star.client_rate_gbps", "at most");
        refused(cosim("run", incast(), "--set", "topology.incast_star.link_delay_us=1e20"),
                "topology.incast_star.link_delay_us", "at most");
    }

    @Test
    void aZeroDelayTopologyNamesTimelysDerivedMinRtt() {
        refused(cosim("run", incast(), "--set", "topology.incast_star.link_delay_us=0"), "protocol.timely.min_rtt_us",
                "propagation RTT", "set min_rtt_us");
    }

    @Test
    void aRateFloorAboveTheLineRateIsRefused() {
        refused(cosim("run", incast(), "--set", "protocol.timely.min_rate_mbps=50000"), "protocol.timely.min_rate_mbps",
                "above the 10.0 Gb/s NIC of host");
    }

    /** Agent-state samples beyond the bound: refused as the agents start, not when the bound is reached. */
    @Test
    void agentStateThatWouldNotFitIsRefusedAtTheStart() {
        // One connection a client: the time series (11 series x 10 M samples) fit in memory, the agent state not.
        CliOutcome o = cosim("run", incast(), "--set", "output.agent_state=true", "--set", "output.sample_interval_us=1",
                "--set", "duration_us=10000000", "--set", "workload.incast.connections_per_client=1", "--no-plots",
                "--out", tmp.resolve("as").toString());
        assertEquals(1, o.status(), o.err());
        assertTrue(o.err().contains("the run could not start: output.agent_state: the run's 9999999 samples"), o.err());
        assertTrue(o.err().contains("sample less often (output.sample_interval_us)"), o.err());
        assertFalse(o.err().contains("\tat "), "no stack trace: " + o.err());
    }

    @Test
    void namesThatPointAtNothingAreRefused() {
        String perm = ShippedScenarios.path("ndp-permutation-128.textproto").toString();
        refused(cosim("run", perm, "--set", short1ms(), "--set", NO_WARMUP, "--set", "protocol.ndp.prioritized_flows[0]=5000"),
                "protocol.ndp.prioritized_flows[0]", "128 flows");
        refused(cosim("run", incast(), "--set", "base=/nonexistent.textproto"), "base", "before any --set");
        refused(cosim("validate", "--only", ","), "--only", "names no experiment");
        refused(cosim("validate", "--only", "timely-fig13", "--jobs", "0"), "--jobs", "1..256");
        refused(cosim("validate", "--only", "timely-fig13", "--jobs", "two"), "--jobs", "'two'");
    }

    @Test
    void aLinkOverriddenTwiceIsRefused() {
        String perm = ShippedScenarios.path("ndp-permutation-128.textproto").toString();
        refused(cosim("run", perm, "--set", short1ms(), "--set", NO_WARMUP,
                "--set", "topology.fat_tree.link_overrides[0]={a: \"core[0]\" b: \"agg[1][0]\" rate_gbps: 1}",
                "--set", "topology.fat_tree.link_overrides[1]={a: \"agg[1][0]\" b: \"core[0]\" rate_gbps: 5}"),
                "topology.fat_tree.link_overrides[1]", "already set by", "link_overrides[0]");
    }

    @Test
    void aSetPathThatCannotBeFollowedIsRefused() {
        refused(cosim("run", incast(), "--set", "workload.flow_list.flows[99999999999].src=1"),
                "workload.flow_list.flows", "index 99999999999 out of range");
    }

    @Test
    void anOptionWithoutItsValueIsNamedByItsLongName() {
        refused(cosim("run", incast(), "--set"), "--set needs a value");
    }

    @Test
    void flowsThatStartAfterTheEndAreSaidNotRefused() throws IOException {
        Path f = Files.writeString(tmp.resolve("late.textproto"), "base: \"" + incast() + "\"\n"
                + "workload { flow_list { flows { src: 1 dst: 0 size_bytes: 1000 start_us: 10 }"
                + " flows { src: 2 dst: 0 size_bytes: 1000 start_us: 5000 } } }\n");
        CliOutcome o = cosim("run", f.toString(), "--set", short1ms(), "--set", NO_WARMUP, "--no-plots", "--out",
                tmp.resolve("late").toString());
        assertEquals(0, o.status(), o.err());
        assertTrue(o.err().contains("note: 1 of 2 flows start at or after the end of the run"), o.err());
    }

    @Test
    void aWorkloadWithNoFlowBeforeTheEndIsRefused() {
        refused(cosim("run", incast(), "--set", short1ms(), "--set", NO_WARMUP, "--set",
                "workload={poisson {sizes {fixed_bytes: 1000} load: 0.5 start_us: 2000}}", "--no-plots", "--out",
                tmp.resolve("none").toString()), "workload.poisson", "no flow starts before the end of the run");
        refused(cosim("run", incast(), "--set", short1ms(), "--set", NO_WARMUP, "--set",
                "workload={flow_list {flows {src: 1 dst: 0 size_bytes: 1000 start_us: 1e30}}}", "--no-plots", "--out",
                tmp.resolve("late").toString()), "workload.flow_list", "no flow starts before the end of the run");
    }

    @Test
    void aRunWithNoFlowActiveAfterTheWarmupPrintsNoNaN() {
        CliOutcome o = cosim("run", incast(), "--set", short1ms(), "--set", "output.warmup_us=500", "--set",
                "workload={flow_list {flows {src: 1 dst: 0 size_bytes: 1000}}}", "--no-plots", "--out",
                tmp.resolve("early").toString());
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("no flow was active after the warm-up"), o.out());
        assertFalse(o.out().contains("NaN"), o.out());
    }

    @Test
    void omnetppIniRefusesAFileItWasNamedThatCannotRun() throws IOException {
        Path f = Files.writeString(tmp.resolve("self.textproto"), "base: \"" + incast() + "\"\n"
                + "workload { flow_list { flows { src: 1 dst: 1 size_bytes: 1000 } } }\n");
        refused(cosim("omnetpp-ini", f.toString()), "workload");
    }

    @Test
    void aRateLawWithANonsenseRateFailsTheRunAndKeepsItsResults() throws IOException {
        Path law = Files.writeString(tmp.resolve("NaNRate.java"), """
                package org.example;
                import org.cosim.agents.custom.LawParameters;
                import org.cosim.agents.custom.RateFlow;
                import org.cosim.agents.sender.RateControl;
                public class NaNRate implements RateControl {
                    public NaNRate(LawParameters p, RateFlow f) {}
                    public double rateBps() { return Double.NaN; }
                    public void onRttSample(long rttPs) {}
                }
                """);
        Path scenario = Files.writeString(tmp.resolve("nan.textproto"), "base: \""
                + ShippedScenarios.path("custom/delay-aimd-incast.textproto") + "\"\n"
                + "protocol { custom_rate_law { source_file: \"" + law + "\" } }\n");
        Path out = tmp.resolve("nan");
        CliOutcome o = cosim("run", scenario.toString(), "--set", short1ms(), "--set", NO_WARMUP,
                "--no-plots", "--out", out.toString());
        assertEquals(1, o.status(), o.out() + o.err());
        assertTrue(o.err().contains("pacing rate of NaN"), o.err());
        assertTrue(Files.readString(out.resolve("summary.json")).contains("\"failed\""));
    }

    /** Settings that would silently do nothing are refused, naming the field and why. */
    @Test
    void settingsThatCouldNeverActAreRefused() {
        refused(cosim("run", incast(), "--set", short1ms(), "--set", NO_WARMUP, "--set",
                "protocol.timely.nic_pacing_mbps=1e9"), "protocol.timely.nic_pacing_mbps", "above the 10.0 Gb/s NIC",
                "would pace nothing");
        refused(cosim("run", incast(), "--set", short1ms(), "--set", NO_WARMUP, "--set",
                "topology.switches.ecn_threshold_bytes=99999999999"), "topology.switches.ecn_threshold_bytes",
                "above a port's buffer", "no packet could ever be marked");
        refused(cosim("run", incast(), "--set", "duration_us=1e-9", "--set", NO_WARMUP), "duration_us",
                "rounds to 0 ps");
        refused(cosim("run", incast(), "--set", short1ms(), "--set", NO_WARMUP, "--set",
                "output.sample_interval_us=1e-9"), "output.sample_interval_us", "it rounds to 0 ps");
    }

    /** A --set inside another member of a oneof switches to it: allowed, and said. */
    @Test
    void anOverrideThatSwitchesTheProtocolSaysSo() {
        CliOutcome o = cosim("run", incast(), "--set", short1ms(), "--set", NO_WARMUP, "--set",
                "protocol.swift.beta=0.5", "--no-plots", "--out", tmp.resolve("swift").toString());
        assertEquals(0, o.status(), o.err());
        assertTrue(o.err().contains("cosim run: note: --set replaced protocol.timely with protocol.swift"), o.err());
        assertTrue(o.out().contains("swift on the java back end"), o.out());
        CliOutcome same = cosim("run", incast(), "--set", short1ms(), "--set", NO_WARMUP, "--set",
                "protocol.timely.beta=0.5", "--no-plots", "--out", tmp.resolve("timely").toString());
        assertEquals(0, same.status(), same.err());
        assertFalse(same.err().contains("note: --set replaced"), same.err());
    }

    /**
     * --set topology.fat_tree.k=8 on the incast star chooses a fat tree with its rate and delay at 0: the refusal
     * names the switch and both fields the fat tree has no default for, then the check that refused.
     */
    @Test
    void switchingTheTopologyFamilyByASetNamesWhatTheNewFamilyStillNeeds() {
        refused(cosim("run", incast(), "--set", "topology.fat_tree.k=8"),
                "cosim run: note: --set replaced topology.incast_star with topology.fat_tree",
                "cosim run: bad scenario: topology.fat_tree: switching topology from incast_star to fat_tree, whose "
                        + "link_rate_gbps and link_delay_us have no default: set them too; refused: "
                        + "topology.fat_tree.link_rate_gbps: 0.0 Gb/s: a link rate must be at least 1 b/s");
        // k given wrong as well: the first refusal is k's, and only the delay is still to set.
        refused(cosim("run", incast(), "--set", "topology.fat_tree.k=7", "--set",
                        "topology.fat_tree.link_rate_gbps=10"),
                "topology.fat_tree: switching topology from incast_star to fat_tree, whose link_delay_us has no "
                        + "default: set it too; refused: topology.fat_tree.k: ");
        // The same from a sweep's --vary.
        refused(cosim("sweep", incast(), "--vary", "topology.fat_tree.k=4,8", "--out", tmp.resolve("s").toString()),
                "topology.fat_tree: switching topology from incast_star to fat_tree, whose link_rate_gbps and "
                        + "link_delay_us have no default", "(sweep run 1: topology.fat_tree.k=4)");
        // A refusal outside the chosen member is the check's own: the switch is only noted.
        CliOutcome other = cosim("run", incast(), "--set", "protocol.swift.beta=0.5", "--set", "duration_us=-1");
        refused(other, "bad scenario: duration_us: ");
        assertFalse(other.err().contains("switching"), other.err());
    }

    @Test
    void runOnOmnetppWithoutOmnetppSaysSoBeforeMakingItsDirectory() {
        assumeFalse(OmnetppInstall.locate().found(), "OMNeT++ is installed here");
        Path out = tmp.resolve("opp");
        CliOutcome o = cosim("run", incast(), "--set", short1ms(), "--set", NO_WARMUP, "--backend", "omnetpp",
                "--out", out.toString());
        assertEquals(1, o.status(), o.err());
        assertTrue(o.err().contains("--backend omnetpp needs OMNeT++"), o.err());
        assertFalse(Files.exists(out), "no empty results directory");
    }

    @Test
    void aQuotedNumberIsQuotedOnceAndALongNameIsCut() throws IOException {
        Path quoted = Files.writeString(tmp.resolve("q.textproto"), "seed: \"one\"\n");
        CliOutcome o = cosim("run", quoted.toString());
        refused(o, "q.textproto:1:7", "For input string: \"one\"");
        assertFalse(o.err().contains("\"\"one\"\""), o.err());
        // The default results directory is results/<name>: cut to 120 characters, under any file system's cap.
        Scenario named = Scenario.newBuilder().setName("n".repeat(5000)).build();
        assertEquals("n".repeat(120), CommandLines.nameOf(named, Path.of("x.textproto")));
    }
}
