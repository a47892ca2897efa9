package org.cosim.agents.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.cosim.proto.Action;
import org.cosim.proto.ActionBatch;
import org.cosim.proto.ContractVersion;
import org.cosim.proto.Event;
import org.cosim.proto.EventBatch;
import org.cosim.proto.FabricDone;
import org.cosim.proto.FabricMessage;
import org.cosim.proto.FlowSpec;
import org.cosim.proto.Hello;
import org.cosim.proto.HostSpec;
import org.cosim.proto.SegmentCompletion;
import org.cosim.scenario.ScenarioFiles;
import org.junit.jupiter.api.Test;

/**
 * Sessions do not wait on each other: a custom law that never returns ends its own
 * session, naming the law, and idle sessions and new ones are served as if it were
 * not there; a message that waits behind slow handling is not idleness.
 */
class SessionIsolationTest {
    private static final long L = 1_000_000;

    /** A rate law whose onRttSample runs {@code body}. */
    private static String rateLaw(String name, String fields, String body) {
        return "import org.cosim.agents.custom.*; class " + name + " implements org.cosim.agents.sender.RateControl { "
                + "private final double r; " + fields + " " + name + "(LawParameters p, RateFlow f) { "
                + "r = f.nicRateBps(); } public double rateBps() { return r; } "
                + "public void onRttSample(long rtt) { " + body + " } }";
    }

    /** Sleeps in a loop that shrugs off interrupts: a law that never returns, without spending a core. */
    private static final String STUCK = rateLaw("Stuck", "",
            "for (;;) { try { Thread.sleep(60000); } catch (InterruptedException e) { } }");

    /** Sleeps 600 ms on its first RTT sample, then returns. */
    private static final String SLOW_ONCE = rateLaw("SlowOnce", "private boolean slept;",
            "if (!slept) { slept = true; try { Thread.sleep(600); } catch (InterruptedException e) { } }");

    /** Two hosts, flow 0: 1 -> 0, long-lived, under the custom rate law {@code source}. */
    private static Hello lawHello(String source) {
        String scenario = "name: \"isolation\"\nduration_us: 1000\nprotocol { custom_rate_law { source: \""
                + source.replace("\"", "\\\"") + "\" } }\n";
        var parsed = ScenarioFiles.parse(scenario, "test");
        Hello.Builder h = Hello.newBuilder().setVersion(ContractVersion.CONTRACT_VERSION_1)
                .setScenarioText(ScenarioFiles.canonicalText(parsed)).setScenarioDigest(ScenarioFiles.digest(parsed))
                .setReactionDelayPs(L).setBaseRttPs(20_000_000).setSeed(1).setMtuBytes(4096);
        for (int i = 0; i < 2; i++) {
            h.addHosts(HostSpec.newBuilder().setHost(i).setProtocol("custom_rate_law").setNicRateBps(10_000_000_000L));
        }
        h.addFlows(FlowSpec.newBuilder().setFlow(0).setSrc(1).setDst(0));
        return h.build();
    }

    /** The window at {@code w} completing the first segment of {@code sent}: the law's first RTT sample. */
    private static EventBatch completionOfFirstSegment(ActionBatch sent, long w) {
        Action a = sent.getActionsList().stream().filter(Action::hasSendSegment).findFirst().orElseThrow();
        return AgentServiceContractTest.window(w, Event.newBuilder().setTimePs(w + 10).setHost(1)
                .setCompletion(SegmentCompletion.newBuilder().setFlow(0).setSeq(a.getSendSegment().getSeq())
                        .setBytes(a.getSendSegment().getBytes()).setSendTimePs(a.getTimePs())
                        .setCompletionTimePs(w + 10)).build());
    }

    /**
     * Session A opens and idles; session B's law never returns from onRttSample. With an idle timeout of
     * 500 ms and a budget of 1000 ms per message: B ends with DEADLINE_EXCEEDED naming the law and the method
     * (within 1000 + 1000 ms), A with DEADLINE_EXCEEDED for its idleness, and 8 new sessions run to their end,
     * one after another, while B's thread is still stuck.
     */
    @Test
    void aLawThatNeverReturnsEndsItsOwnSessionNamingTheLawAndNoOtherSessionWaitsOnIt() throws Exception {
        AgentServerOptions o = new AgentServerOptions(Duration.ofMillis(500), 1 << 10, 1 << 20)
                .withLimits(SessionLimits.DEFAULTS.withHandlingBudget(Duration.ofMillis(1000)));
        try (AgentServer server = AgentServer.start("127.0.0.1", 0, o);
             RawBytes idle = new RawBytes(server.port());
             AgentClient stuck = AgentClient.connect("127.0.0.1", server.port(), Duration.ofSeconds(10))) {
            idle.send(FabricMessage.newBuilder().setHello(AgentServiceContractTest.goodHello()).build().toByteArray());
            assertTrue(idle.next(Duration.ofSeconds(10)) instanceof org.cosim.proto.AgentMessage m && m.hasHelloAck());
            stuck.open(lawHello(STUCK));
            ActionBatch first = stuck.exchange(AgentServiceContractTest.window(0,
                    AgentServiceContractTest.arrival(10, 1, 0)));
            long start = System.nanoTime();
            CompletableFuture<String> stuckEnd = CompletableFuture.supplyAsync(() -> failure(() ->
                    stuck.exchange(completionOfFirstSegment(first, 30 * L))));
            String b = stuckEnd.get(5, TimeUnit.SECONDS);
            assertTrue(b.contains("DEADLINE_EXCEEDED: law Stuck did not return from onRttSample within ")
                    && b.contains(" ms (handling the window at 30000000 ps of session s2; the budget is 1000 ms)"), b);
            assertTrue(System.nanoTime() - start < 2_500_000_000L, "within the budget and a watch period");
            for (int i = 0; i < 8; i++) {
                AgentServiceContractTest.stillServes(server.port());
            }
            String a = idle.status(Duration.ofSeconds(5));
            assertTrue(a.contains("DEADLINE_EXCEEDED: session s1 received nothing for 500 ms"), a);
        }
    }

    /**
     * The law takes 600 ms over a window while the next window waits behind it; the idle timeout is 400 ms.
     * The session received nothing for 400 ms at no time after a message was handled: both windows are answered
     * and the session ends well.
     */
    @Test
    void aMessageThatWaitsBehindSlowHandlingIsNotIdleness() throws Exception {
        AgentServerOptions o = new AgentServerOptions(Duration.ofMillis(400), 1 << 10, 1 << 20);
        try (AgentServer server = AgentServer.start("127.0.0.1", 0, o);
             RawBytes raw = new RawBytes(server.port())) {
            raw.send(FabricMessage.newBuilder().setHello(lawHello(SLOW_ONCE)).build().toByteArray());
            assertTrue(raw.next(Duration.ofSeconds(10)) instanceof org.cosim.proto.AgentMessage m && m.hasHelloAck());
            raw.send(FabricMessage.newBuilder().setEvents(AgentServiceContractTest.window(0,
                    AgentServiceContractTest.arrival(10, 1, 0))).build().toByteArray());
            ActionBatch first = ((org.cosim.proto.AgentMessage) raw.next(Duration.ofSeconds(10))).getActions();
            raw.send(FabricMessage.newBuilder().setEvents(completionOfFirstSegment(first, 30 * L)).build().toByteArray());
            raw.send(FabricMessage.newBuilder().setEvents(AgentServiceContractTest.window(40 * L)).build()
                    .toByteArray());
            for (long w : new long[] {30 * L, 40 * L}) {
                Object answer = raw.next(Duration.ofSeconds(10));
                assertTrue(answer instanceof org.cosim.proto.AgentMessage m && m.hasActions()
                        && m.getActions().getWindowStartPs() == w, "the window at " + w + " ps: " + answer);
            }
            raw.send(FabricMessage.newBuilder().setDone(FabricDone.newBuilder().setEndTimePs(41 * L)).build()
                    .toByteArray());
            Object results = raw.next(Duration.ofSeconds(10));
            assertTrue(results instanceof org.cosim.proto.AgentMessage m && m.hasResults(), String.valueOf(results));
            assertEquals("completed", raw.next(Duration.ofSeconds(10)));
        }
    }

    private static String failure(Runnable r) {
        try {
            r.run();
            return "no failure";
        } catch (AgentLinkException e) {
            assertNotNull(e.getMessage());
            return e.getMessage();
        }
    }
}
