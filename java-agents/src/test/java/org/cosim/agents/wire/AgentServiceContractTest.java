package org.cosim.agents.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.function.Consumer;
import org.cosim.proto.ActionBatch;
import org.cosim.proto.AgentResults;
import org.cosim.proto.ContractVersion;
import org.cosim.proto.Event;
import org.cosim.proto.EventBatch;
import org.cosim.proto.FabricDone;
import org.cosim.proto.FlowArrival;
import org.cosim.proto.FlowSpec;
import org.cosim.proto.Hello;
import org.cosim.proto.HostSpec;
import org.cosim.proto.SegmentCompletion;
import org.cosim.proto.TimerFired;
import org.cosim.scenario.ScenarioFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The agent server against a fabric peer that breaks the contract: one test per
 * violation, each asserting the gRPC status and the message; and after each, a
 * good session on the same server still works (sessions are isolated).
 */
class AgentServiceContractTest {
    private static final long L = 1_000_000;  // 1 us
    private static final int MAX_BATCH = 16;
    private static AgentServer server;

    @BeforeAll
    static void start() {
        server = AgentServer.start("127.0.0.1", 0,
                new AgentServerOptions(Duration.ofMillis(400), MAX_BATCH, 1 << 20));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** Three hosts; flows 0: 1 -> 0 and 1: 2 -> 0, long-lived; TIMELY. */
    static Hello goodHello() {
        String scenario = "name: \"contract\"\nduration_us: 1000\nprotocol { timely {} }\n";
        var parsed = ScenarioFiles.parse(scenario, "test");
        Hello.Builder h = Hello.newBuilder().setVersion(ContractVersion.CONTRACT_VERSION_1)
                .setScenarioText(ScenarioFiles.canonicalText(parsed)).setScenarioDigest(ScenarioFiles.digest(parsed))
                .setReactionDelayPs(L).setBaseRttPs(20_000_000).setSeed(1);
        for (int i = 0; i < 3; i++) {
            h.addHosts(HostSpec.newBuilder().setHost(i).setProtocol("timely").setNicRateBps(10_000_000_000L));
        }
        h.addFlows(FlowSpec.newBuilder().setFlow(0).setSrc(1).setDst(0));
        h.addFlows(FlowSpec.newBuilder().setFlow(1).setSrc(2).setDst(0));
        return h.build();
    }

    static Event arrival(long t, int host, int flow) {
        return Event.newBuilder().setTimePs(t).setHost(host)
                .setFlowArrival(FlowArrival.newBuilder().setFlow(flow).setDst(0)).build();
    }

    static EventBatch window(long w, Event... events) {
        return EventBatch.newBuilder().setWindowStartPs(w).addAllEvents(java.util.List.of(events)).build();
    }

    private static AgentClient client() {
        return AgentClient.connect("127.0.0.1", server.port(), Duration.ofSeconds(10));
    }

    /** Runs {@code steps} on a fresh session and returns the failure it must end in. */
    private static AgentLinkException violation(Consumer<AgentClient> steps) {
        try (AgentClient c = client()) {
            return assertThrows(AgentLinkException.class, () -> steps.accept(c));
        }
    }

    private static void assertStatus(AgentLinkException e, String code, String... parts) {
        assertTrue(e.getMessage().contains(code), e.getMessage());
        for (String p : parts) {
            assertTrue(e.getMessage().contains(p), "'" + e.getMessage() + "' lacks '" + p + "'");
        }
        stillServes();
    }

    /** A good session, start to finish: the server survived whatever came before. */
    static void stillServes() {
        stillServes(server.port());
    }

    /** A good session, start to finish, on the server at {@code port}. */
    static void stillServes(int port) {
        stillServesOn(port, goodHello());
    }

    /** A good session of {@code hello} (flow 0 among its flows), start to finish, on the server at {@code port}. */
    static void stillServesOn(int port, Hello hello) {
        try (AgentClient c = AgentClient.connect("127.0.0.1", port, Duration.ofSeconds(10))) {
            c.open(hello);
            ActionBatch a = c.exchange(window(0, arrival(10, 1, 0)));
            assertEquals(0, a.getWindowStartPs());
            assertTrue(a.getActionsCount() > 0, "a flow arrival makes TIMELY send");
            assertTrue(a.getActions(0).getTimePs() >= L, "actions at or after W+L");
            AgentResults r = c.finish(FabricDone.newBuilder().setEndTimePs(2 * L).build());
            assertEquals(hello.getFlowsCount(), r.getFlowsCount());
        }
    }

    @Test
    void aGoodSessionRunsToItsEnd() {
        stillServes();
    }

    @Test
    void wrongContractVersion() {
        assertStatus(violation(c -> c.open(goodHello().toBuilder()
                        .setVersion(ContractVersion.CONTRACT_VERSION_UNSPECIFIED).build())),
                "INVALID_ARGUMENT", "contract version 0 is not spoken here");
    }

    @Test
    void duplicateHostId() {
        Hello h = goodHello().toBuilder().setHosts(2, goodHello().getHosts(1)).build();
        assertStatus(violation(c -> c.open(h)), "INVALID_ARGUMENT", "duplicate host id 1 at position 2");
    }

    @Test
    void duplicateFlowId() {
        Hello h = goodHello().toBuilder().setFlows(1, goodHello().getFlows(0)).build();
        assertStatus(violation(c -> c.open(h)), "INVALID_ARGUMENT", "duplicate flow id 0 at position 1");
    }

    @Test
    void scenarioDigestMismatch() {
        Hello h = goodHello().toBuilder().setScenarioDigest("00").build();
        assertStatus(violation(c -> c.open(h)), "INVALID_ARGUMENT", "scenario digest mismatch");
    }

    /** A scenario that parses and matches its digest but names no protocol: no agent to run, said so. */
    @Test
    void aScenarioWithoutAProtocol() {
        var none = ScenarioFiles.parse("name: \"x\"", "test");
        Hello h = goodHello().toBuilder().setScenarioText(ScenarioFiles.canonicalText(none))
                .setScenarioDigest(ScenarioFiles.digest(none)).build();
        assertStatus(violation(c -> c.open(h)), "INVALID_ARGUMENT",
                "the scenario in the handshake has no protocol: protocol: no protocol chosen");
    }

    @Test
    void unknownHost() {
        assertStatus(violation(c -> {
            c.open(goodHello());
            c.exchange(window(0, Event.newBuilder().setTimePs(5).setHost(99)
                    .setTimer(TimerFired.newBuilder().setTimerId(1)).build()));
        }), "INVALID_ARGUMENT", "unknown host 99");
    }

    @Test
    void unknownFlow() {
        assertStatus(violation(c -> {
            c.open(goodHello());
            c.exchange(window(0, arrival(5, 1, 7)));
        }), "INVALID_ARGUMENT", "unknown flow 7");
    }

    @Test
    void timeGoingBackwardsInsideAWindow() {
        assertStatus(violation(c -> {
            c.open(goodHello());
            c.exchange(window(0, arrival(500, 1, 0), arrival(400, 2, 1)));
        }), "INVALID_ARGUMENT", "time going backwards");
    }

    @Test
    void windowsGoingBackwards() {
        assertStatus(violation(c -> {
            c.open(goodHello());
            c.exchange(window(5 * L, arrival(5 * L, 1, 0)));
            c.exchange(window(3 * L, arrival(3 * L, 2, 1)));
        }), "INVALID_ARGUMENT", "time going backwards");
    }

    @Test
    void eventOutsideItsWindow() {
        assertStatus(violation(c -> {
            c.open(goodHello());
            c.exchange(window(0, arrival(L, 1, 0)));
        }), "INVALID_ARGUMENT", "outside its window [0, 1000000) ps");
    }

    @Test
    void completionAtTheWrongHost() {
        assertStatus(violation(c -> {
            c.open(goodHello());
            c.exchange(window(0, Event.newBuilder().setTimePs(5).setHost(2).setCompletion(
                    SegmentCompletion.newBuilder().setFlow(0).setBytes(100).setCompletionTimePs(5)).build()));
        }), "INVALID_ARGUMENT", "the flow's source is host 1");
    }

    @Test
    void anArrivalThatContradictsTheHandshake() {
        assertStatus(violation(c -> {
            c.open(goodHello());
            c.exchange(window(0, Event.newBuilder().setTimePs(5).setHost(1)
                    .setFlowArrival(FlowArrival.newBuilder().setFlow(0).setDst(0).setSizeBytes(999)).build()));
        }), "INVALID_ARGUMENT", "flow 0 arrives to host 0 with 999 bytes, but the handshake declared host 0 and 0 bytes");
    }

    @Test
    void aFlowToItself() {
        Hello h = goodHello().toBuilder().setFlows(1, goodHello().getFlows(1).toBuilder().setDst(2)).build();
        assertStatus(violation(c -> c.open(h)), "INVALID_ARGUMENT", "flow 1 goes from host 2 to itself");
    }

    @Test
    void eventWithoutKind() {
        assertStatus(violation(c -> {
            c.open(goodHello());
            c.exchange(window(0, Event.newBuilder().setTimePs(5).setHost(1).build()));
        }), "INVALID_ARGUMENT", "has no kind");
    }

    @Test
    void oversizedBatch() {
        Event[] many = new Event[MAX_BATCH + 1];
        for (int i = 0; i < many.length; i++) {
            many[i] = Event.newBuilder().setTimePs(i).setHost(1).setTimer(TimerFired.newBuilder().setTimerId(i)).build();
        }
        try (RawSession s = new RawSession(server.port())) {  // the Java client refuses to send it
            s.send(org.cosim.proto.FabricMessage.newBuilder().setHello(goodHello()).build());
            s.send(org.cosim.proto.FabricMessage.newBuilder().setEvents(window(0, many)).build());
            String e = s.awaitError(Duration.ofSeconds(10));
            assertTrue(e.contains("RESOURCE_EXHAUSTED: oversized batch: 17 events") && e.contains("the limit is 16"), e);
        }
        stillServes();
    }

    @Test
    void eventsBeforeTheHello() {
        assertStatus(eventsFirst(), "FAILED_PRECONDITION", "an EventBatch before the Hello");
    }

    /** Opens the stream with an EventBatch instead of a Hello (the client's open() sends a Hello, so go raw). */
    private static AgentLinkException eventsFirst() {
        try (RawSession s = new RawSession(server.port())) {
            s.send(org.cosim.proto.FabricMessage.newBuilder().setEvents(window(0, arrival(5, 1, 0))).build());
            return new AgentLinkException(s.awaitError(Duration.ofSeconds(10)));
        }
    }

    @Test
    void aSecondHello() {
        try (RawSession s = new RawSession(server.port())) {
            s.send(org.cosim.proto.FabricMessage.newBuilder().setHello(goodHello()).build());
            s.send(org.cosim.proto.FabricMessage.newBuilder().setHello(goodHello()).build());
            assertStatus(new AgentLinkException(s.awaitError(Duration.ofSeconds(10))), "FAILED_PRECONDITION",
                    "a second Hello");
        }
    }

    @Test
    void anIdleSessionEndsAtItsDeadline() {
        try (RawSession s = new RawSession(server.port())) {
            s.send(org.cosim.proto.FabricMessage.newBuilder().setHello(goodHello()).build());
            String error = s.awaitError(Duration.ofSeconds(10));
            assertTrue(error.contains("DEADLINE_EXCEEDED") && error.contains("received nothing for 400 ms"), error);
        }
        stillServes();
    }

    @Test
    void aPeerThatDisappearsEndsItsSessionOnly() {
        long before = server.service().sessionsStarted();
        AgentClient gone = client();
        gone.open(goodHello());
        gone.exchange(window(0, arrival(10, 1, 0)));
        String id = "s" + (before + 1);
        gone.close();  // cancels the stream mid-run
        assertTrue(Eventually.holds(Duration.ofSeconds(10), () -> server.service().endReason(id) != null),
                "the server noticed the peer left");
        assertTrue(server.service().endReason(id).contains("went away")
                || server.service().endReason(id).contains("broke the stream"), server.service().endReason(id));
        stillServes();
    }
}
