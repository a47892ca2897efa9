package org.cosim.runner.omnetpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cosim.proto.FatTree;
import org.cosim.proto.Topology;
import org.cosim.setup.topology.Partitions;
import org.cosim.setup.topology.TopologyBuilders;
import org.cosim.setup.topology.TopologyGraph;
import org.junit.jupiter.api.Test;

/**
 * OMNeT++'s warm-up period in the ini files is the scenario's output.warmup_us, so that the statistics OMNeT++
 * summarizes itself start where the results do; a run's ini file says where its agents are.
 */
class OmnetppIniTest {
    @Test
    void aRunsIniSetsTheScenariosWarmUpInMicrosecondsWhenWhole() {
        // 100 ms = 10^11 ps = 100000 us.
        String ini = OmnetppIni.forRun("scenario.textproto", OmnetppIni.RunAgents.server("127.0.0.1:1"), 100_000_000_000L);
        assertTrue(ini.contains("\nwarmup-period = 100000us\n"), ini);
    }

    @Test
    void aWarmUpOfAFractionOfAMicrosecondIsGivenInPicoseconds() {
        // 2.5 us = 2500000 ps: not a whole number of microseconds.
        assertTrue(OmnetppIni.forRun("s.textproto", OmnetppIni.RunAgents.server("a:1"), 2_500_000L).contains("\nwarmup-period = 2500000ps\n"));
    }

    @Test
    void inProcessAgentsGetTheJvmAndAServerNone() {
        var jvm = new OmnetppIni.EmbeddedJvm("/jdk", "/c/cosim.jar", List.of("-Xmx2g", "-XX:+UseParallelGC"));
        String in = OmnetppIni.forRun("s.textproto", OmnetppIni.RunAgents.inProcess(jvm, "runspec.bin"), 0);
        assertTrue(in.contains("""

                **.bridge.agents = "in-process"
                **.bridge.runSpecFile = "runspec.bin"
                **.bridge.jvmHome = "/jdk"
                **.bridge.jvmClassPath = "/c/cosim.jar"
                **.bridge.jvmOptions = "-Xmx2g -XX:+UseParallelGC"
                """), in);
        String server = OmnetppIni.forRun("s.textproto", OmnetppIni.RunAgents.server("a:1"), 0);
        assertFalse(server.contains("jvm") || server.contains("runSpecFile"), server);
    }

    @Test
    void aWorkersIniFindsEveryFileOfARunInItsRunFolderAndLeavesTheWarmUpToTheRunner() {
        var jvm = new OmnetppIni.EmbeddedJvm("/jdk", "/c/cosim.jar", List.of());
        String worker = OmnetppIni.forWorker("scenario.textproto", jvm, "runspec.bin");
        assertTrue(worker.contains("\nresult-dir = current\n"), worker);
        assertTrue(worker.contains("\n**.bridge.rttSampleFile = \"${resultdir}/cosim.rtt\"\n"), worker);
        assertTrue(worker.contains("\n**.bridge.scenario = \"current/scenario.textproto\"\n"), worker);
        assertTrue(worker.contains("\n**.bridge.runSpecFile = \"current/runspec.bin\"\n"), worker);
        assertTrue(worker.contains("\nscheduler-class = \"cosim::WorkerScheduler\"\n"), worker);
        assertTrue(worker.contains("\nrepeat = " + OmnetppIni.WORKER_RUNS + "\n"), worker);
        // WorkerScheduler sets each run's warm-up, from the line the runner gives it.
        assertFalse(worker.contains("warmup-period"), worker);
        // Everything before the result folder as for a run of its own.
        String alone = OmnetppIni.forRun("scenario.textproto", OmnetppIni.RunAgents.inProcess(jvm, "runspec.bin"), 0);
        String common = alone.substring(alone.indexOf("network = "), alone.indexOf("result-dir = "));
        assertTrue(worker.contains(common), worker);
    }

    @Test
    void theRunnersRunsRecordNoModuleParametersTheResultsDoNotRead() {
        var jvm = new OmnetppIni.EmbeddedJvm("/jdk", "/c/cosim.jar", List.of());
        assertTrue(OmnetppIni.forRun("s.textproto", OmnetppIni.RunAgents.server("a:1"), 0)
                .contains("\n**.param-recording = false\n"));
        assertTrue(OmnetppIni.forWorker("scenario.textproto", jvm, "runspec.bin")
                .contains("\n**.param-recording = false\n"));
    }

    @Test
    void aParallelRunsIniPlacesEveryHostAndSwitchInRunsOfIndices() {
        // k = 4 fat tree, 1 us links: 16 hosts, 20 switches; in 2 partitions pods 0-1 and 2-3 (Partitions).
        TopologyGraph k4 = TopologyBuilders.build(Topology.newBuilder()
                .setFatTree(FatTree.newBuilder().setK(4).setLinkRateGbps(10).setLinkDelayUs(1)).build());
        Partitions p = Partitions.of(k4, 2);
        String ini = OmnetppIni.forParallelRun("s.textproto", OmnetppIni.RunAgents.server("a:1,b:2"), 0, p);
        assertTrue(ini.contains("\nparallel-simulation = true\nparsim-num-partitions = 2\n"), ini);
        assertTrue(ini.contains("\nparsim-nullmessageprotocol-lookahead-class = \"cosim::LinkLookahead\"\n"));
        assertTrue(ini.contains("\n*.bridge.partition-id = \"*\"\n*.sampler.partition-id = \"*\"\n"));
        assertTrue(ini.contains("\n**.bridge.agents = \"a:1,b:2\"\n"));
        assertTrue(ini.contains("\n*.host[0..7].partition-id = 0\n*.host[8..15].partition-id = 1\n"), ini);
        // Every switch once, in index order, each line's partition the one Partitions gives.
        int next = 0;
        for (String line : ini.lines().filter(l -> l.startsWith("*.switch[")).toList()) {
            String range = line.substring("*.switch[".length(), line.indexOf(']'));
            int from = Integer.parseInt(range.split("\\.\\.")[0]);
            int to = range.contains("..") ? Integer.parseInt(range.split("\\.\\.")[1]) : from;
            assertEquals(next, from, line);
            for (int s = from; s <= to; s++) {
                assertTrue(line.endsWith("= " + p.ofSwitch(s)), line + " holds switch " + s);
            }
            next = to + 1;
        }
        assertEquals(k4.switchCount(), next);
    }

    @Test
    void theEmbeddedJvmIsThisOneWithAnAbsoluteClassPath() {
        var jvm = OmnetppIni.EmbeddedJvm.ofThisJvm();
        assertEquals(System.getProperty("java.home"), jvm.javaHome());
        for (String entry : jvm.classPath().split(java.io.File.pathSeparator)) {
            assertTrue(java.nio.file.Path.of(entry).isAbsolute(), entry);
        }
    }

    @Test
    void theEmbeddedJvmKeepsHeapCollectorAndCacheButNoTrainingDebuggingOrAgents() {
        assertEquals(List.of("-Xmx8g", "-XX:+UseParallelGC", "--enable-native-access=ALL-UNNAMED",
                        "-XX:AOTCache=/c/cosim.aot", "-Xlog:aot=off"),
                OmnetppIni.EmbeddedJvm.speedOptions(List.of("-Xmx8g", "-XX:+UseParallelGC",
                        "--enable-native-access=ALL-UNNAMED",
                        "-XX:AOTCacheOutput=/tmp/t.aot", "-XX:AOTCache=/c/cosim.aot", "-Xlog:aot=off",
                        "-agentlib:jdwp=transport=dt_socket,server=y,address=5005", "-javaagent:/p/agent.jar",
                        "-Djava.awt.headless=true")));
    }

    @Test
    void noWarmUpSetsNone() {
        assertFalse(OmnetppIni.forRun("s.textproto", OmnetppIni.RunAgents.server("a:1"), 0).contains("warmup-period"));
    }

    @Test
    void eachShippedConfigurationHasItsScenariosWarmUp() {
        String ini = OmnetppIni.shipped(List.of(
                new OmnetppIni.Shipped("a", "", "../scenarios/a.textproto", 10_000_000L),  // 10 us
                new OmnetppIni.Shipped("b", "", "../scenarios/b.textproto", 0)));
        String a = ini.substring(ini.indexOf("[Config a]"), ini.indexOf("[Config b]"));
        String b = ini.substring(ini.indexOf("[Config b]"));
        assertTrue(a.contains("warmup-period = 10us"), a);
        assertFalse(b.contains("warmup-period"), b);
    }
}
