package org.cosim.agents.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.cosim.proto.ActionBatch;
import org.cosim.proto.ContractVersion;
import org.cosim.proto.FlowSpec;
import org.cosim.proto.Hello;
import org.cosim.proto.HostSpec;
import org.cosim.scenario.ScenarioFiles;
import org.junit.jupiter.api.Test;

/**
 * A scenario can carry a custom law's Java source, which the agent server
 * compiles and runs: a server that runs law code serves it, one told not to
 * (`cosim agents` on a non-loopback address without --allow-law-code) refuses
 * the handshake and says how to allow it.
 */
class LawCodeGateTest {
    private static final String LAW = "package lab; import org.cosim.agents.custom.LawParameters; "
            + "import org.cosim.agents.window.*; public class Keep implements WindowLaw { "
            + "public Keep(LawParameters p) { System.setProperty(\"cosim.test.gate.ran\", \"yes\"); } "
            + "public double onAck(CongestionWindow w, AckSample a) { return w.cwnd(); } "
            + "public double lossDecrease() { return 0.5; } }";

    private static final String RATE_LAW = "import org.cosim.agents.custom.*; "
            + "class Line implements org.cosim.agents.sender.RateControl { private final double r; "
            + "Line(LawParameters p, RateFlow f) { r = f.nicRateBps(); } "
            + "public double rateBps() { return r; } public void onRttSample(long rtt) { } }";

    private static final String PULL_ORDER = "class First implements org.cosim.agents.ndp.PullOrder { "
            + "First(org.cosim.agents.custom.LawParameters p) { } "
            + "public int next(java.util.List<? extends org.cosim.agents.ndp.PullingFlow> w, long now) { return 0; } }";

    private static Hello lawHello() {
        return lawHello("custom_window_law { source: '" + LAW + "' window { initial_cwnd_packets: 4 } }",
                "custom_window_law");
    }

    private static Hello lawHello(String protocol, String name) {
        String scenario = "name: \"gate\"\nduration_us: 1000\nprotocol { " + protocol + " }\n";
        var parsed = ScenarioFiles.parse(scenario, "test");
        Hello.Builder h = Hello.newBuilder().setVersion(ContractVersion.CONTRACT_VERSION_1)
                .setScenarioText(ScenarioFiles.canonicalText(parsed)).setScenarioDigest(ScenarioFiles.digest(parsed))
                .setReactionDelayPs(1_000_000).setBaseRttPs(20_000_000).setSeed(1);
        for (int i = 0; i < 2; i++) {
            h.addHosts(HostSpec.newBuilder().setHost(i).setProtocol(name).setNicRateBps(200_000_000_000L));
        }
        h.addFlows(FlowSpec.newBuilder().setFlow(0).setSrc(1).setDst(0));
        h.setMtuBytes(4096);
        return h.build();
    }

    private static AgentServer start(AgentServerOptions o) {
        return AgentServer.start("127.0.0.1", 0, o);
    }

    @Test
    void aServerThatRunsLawCodeServesTheLaw() {
        System.clearProperty("cosim.test.gate.ran");
        try (AgentServer server = start(AgentServerOptions.DEFAULTS);
             AgentClient c = AgentClient.connect("127.0.0.1", server.port(), Duration.ofSeconds(10))) {
            c.open(lawHello());
            ActionBatch a = c.exchange(AgentServiceContractTest.window(0,
                    AgentServiceContractTest.arrival(10, 1, 0)));
            assertTrue(a.getActionsCount() >= 4, "the law's sender sends its first window: " + a.getActionsCount());
        }
        assertEquals("yes", System.getProperty("cosim.test.gate.ran"), "the mark the refusing test looks for");
    }

    @Test
    void aServerToldNotToRefusesTheHandshakeWithoutRunningTheCode() {
        System.clearProperty("cosim.test.gate.ran");
        try (AgentServer server = start(AgentServerOptions.DEFAULTS.withoutLawCode());
             AgentClient c = AgentClient.connect("127.0.0.1", server.port(), Duration.ofSeconds(10))) {
            AgentLinkException e = assertThrows(AgentLinkException.class, () -> c.open(lawHello()));
            assertTrue(e.getMessage().contains("INVALID_ARGUMENT") && e.getMessage().contains("--allow-law-code"),
                    e.getMessage());
        }
        assertNull(System.getProperty("cosim.test.gate.ran"), "the law's constructor never ran");
        try (AgentServer server = start(AgentServerOptions.DEFAULTS.withoutLawCode());
             AgentClient c = AgentClient.connect("127.0.0.1", server.port(), Duration.ofSeconds(10))) {
            AgentLinkException e = assertThrows(AgentLinkException.class, () -> c.open(lawHello(
                    "custom_rate_law { source: \"" + RATE_LAW + "\" }", "custom_rate_law")));
            assertTrue(e.getMessage().contains("protocol.custom_rate_law.source"), e.getMessage());
        }
        try (AgentServer server = start(AgentServerOptions.DEFAULTS.withoutLawCode());
             AgentClient c = AgentClient.connect("127.0.0.1", server.port(), Duration.ofSeconds(10))) {
            AgentLinkException e = assertThrows(AgentLinkException.class, () -> c.open(lawHello(
                    "ndp { pull_order { source: \"" + PULL_ORDER + "\" } }", "ndp")));
            assertTrue(e.getMessage().contains("protocol.ndp.pull_order.source"), e.getMessage());
        }
    }
}
