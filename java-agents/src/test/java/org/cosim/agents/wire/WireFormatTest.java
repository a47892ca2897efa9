package org.cosim.agents.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.host.ContractViolation;
import org.cosim.agents.host.FlowInfo;
import org.cosim.agents.host.SessionSpec;
import org.cosim.scenario.ScenarioFiles;
import org.junit.jupiter.api.Test;

/** The wire form carries every field of every event and action, both ways. */
class WireFormatTest {
    @Test
    void theHelloCarriesAFlowsStopTimeAndRefusesOneOnAFiniteFlow() {
        org.cosim.proto.Scenario scenario = org.cosim.scenario.ScenarioFiles.parse(
                "seed: 2 duration_us: 10 protocol { timely {} }", "test");
        SessionSpec spec = new SessionSpec(
                java.util.List.of(new org.cosim.agents.api.HostInfo(0, 10_000_000_000L),
                        new org.cosim.agents.api.HostInfo(1, 10_000_000_000L)),
                java.util.List.of("timely", "timely"),
                java.util.List.of(new FlowInfo(0, 1, 0, 0, 1, 1, 20_000_000L, 7_000_000L)),
                new org.cosim.agents.api.AgentContext(1_000_000, 2_000_000, 2, scenario.getProtocol(), 1500));
        assertEquals(7_000_000L, WireFormat.sessionSpec(WireFormat.hello(spec, scenario)).flows().get(0).stopPs());
        var finite = WireFormat.hello(spec, scenario).toBuilder();
        finite.getFlowsBuilder(0).setSizeBytes(9000);
        ContractViolation e = assertThrows(ContractViolation.class, () -> WireFormat.sessionSpec(finite.build()));
        assertTrue(e.getMessage().contains("only long-lived flows close"), e.getMessage());
    }

    @Test
    void theHelloCarriesTheMtuAndThePathCounts() {
        org.cosim.proto.Scenario scenario = org.cosim.scenario.ScenarioFiles.parse(
                "seed: 2 duration_us: 10 protocol { ndp {} }", "test");
        SessionSpec spec = new SessionSpec(
                java.util.List.of(new org.cosim.agents.api.HostInfo(0, 10_000_000_000L),
                        new org.cosim.agents.api.HostInfo(1, 10_000_000_000L)),
                java.util.List.of("ndp", "ndp"),
                java.util.List.of(new org.cosim.agents.host.FlowInfo(0, 1, 0, 9000, 16)),
                new org.cosim.agents.api.AgentContext(1_000_000, 2_000_000, 2, scenario.getProtocol(), 9000));
        SessionSpec back = WireFormat.sessionSpec(WireFormat.hello(spec, scenario));
        assertEquals(9000, back.context().mtuBytes());
        assertEquals(16, back.flows().get(0).pathCount());
        ContractViolation e = assertThrows(ContractViolation.class, () -> WireFormat.sessionSpec(
                WireFormat.hello(spec, scenario).toBuilder().setMtuBytes(0).build()));
        assertTrue(e.getMessage().contains("MTU is unknown"), e.getMessage());
    }

    /** A two-host handshake of {@code protocol}'s scenario: flow 0 goes 1 -> 0, 9000 bytes, on 16 paths. */
    private static org.cosim.proto.Hello hello(String protocol, int mtuBytes) {
        org.cosim.proto.Scenario scenario = ScenarioFiles.parse("seed: 2 duration_us: 10 protocol { " + protocol
                + " }", "test");
        String name = org.cosim.agents.host.ProtocolCatalog.nameOf(scenario.getProtocol());
        SessionSpec spec = new SessionSpec(
                java.util.List.of(new org.cosim.agents.api.HostInfo(0, 10_000_000_000L),
                        new org.cosim.agents.api.HostInfo(1, 10_000_000_000L)),
                java.util.List.of(name, name), java.util.List.of(new FlowInfo(0, 1, 0, 9000, 16, 3, 0)),
                new org.cosim.agents.api.AgentContext(1_000_000, 2_000_000, 2, scenario.getProtocol(), mtuBytes));
        return WireFormat.hello(spec, scenario);
    }

    private static void assertRefused(org.cosim.proto.Hello h, String fragment) {
        ContractViolation e = assertThrows(ContractViolation.class, () -> WireFormat.sessionSpec(h));
        assertTrue(e.getMessage().contains(fragment), "'" + e.getMessage() + "' lacks '" + fragment + "'");
    }

    /**
     * path_count and hops are uint32: 0xFFFFFFFF must not become -1 (silently 1 path) and
     * 2^31 - 1 paths must not reach NDP, which keeps state per path; a flow's hops are
     * what an IP TTL counts.
     */
    @Test
    void aFlowsPathCountAndHopsMustFitTheAgents() {
        var h = hello("ndp {}", 1500).toBuilder();
        h.getFlowsBuilder(0).setPathCount(Integer.MAX_VALUE);
        assertRefused(h.build(), "flow 0 has path_count 2147483647, more than 65536");
        h.getFlowsBuilder(0).setPathCount(-1);
        assertRefused(h.build(), "flow 0 has path_count 4294967295, more than 65536");
        h.getFlowsBuilder(0).setPathCount(65536).setHops(-1);
        assertRefused(h.build(), "flow 0 has hops 4294967295, more than 255 (an IP TTL)");
        h.getFlowsBuilder(0).setHops(255);
        assertEquals(65536, WireFormat.sessionSpec(h.build()).flows().get(0).pathCount());
    }

    /** size_bytes is uint64: 2^63 must not become a negative size, nor 2^63 - 1 overflow NDP's packet count. */
    @Test
    void aFlowsSizeMustLeaveRoomForItsLastSegment() {
        var h = hello("ndp {}", 1500).toBuilder();
        h.getFlowsBuilder(0).setSizeBytes(Long.MIN_VALUE);
        assertRefused(h.build(), "flow 0 has size_bytes 9223372036854775808, more than 4611686018427387904");
        h.getFlowsBuilder(0).setSizeBytes(Long.MAX_VALUE);
        assertRefused(h.build(), "flow 0 has size_bytes 9223372036854775807, more than 4611686018427387904");
        h.getFlowsBuilder(0).setSizeBytes(1L << 62);
        assertEquals(1L << 62, WireFormat.sessionSpec(h.build()).flows().get(0).sizeBytes());
    }

    /** MPTCP cuts flows into MTU segments unless the scenario sizes them: without an MTU it is refused up front. */
    @Test
    void mptcpWithoutAnMtuOrASegmentSizeIsRefused() {
        assertRefused(hello("mptcp {}", 0), "protocol.mptcp.segment_bytes: MPTCP cuts flows into MTU segments");
        assertEquals(0, WireFormat.sessionSpec(hello("mptcp { segment_bytes: 4096 }", 0)).context().mtuBytes());
    }

    @Test
    void eventsSurviveTheRoundTrip() {
        EventBatch b = new EventBatch();
        b.reset(7_000_000);
        b.addFlowArrival(7_000_001, 1, 0, 3, 123_456);
        b.addCompletion(7_000_002, 2, 1, 16384, 16384, 6_000_000, 4242, true);
        b.addPfcChange(7_000_003, 3, 1, true);
        b.addTimer(7_000_004, 4, 0xdead_beef_cafeL);
        EventBatch back = new EventBatch();
        WireFormat.fromProto(WireFormat.toProto(b), back);
        assertEquals(WireFormat.toProto(b), WireFormat.toProto(back));
        assertEquals(7_000_000, back.windowStartPs());
        assertEquals(4, back.size());
        assertEquals(EventBatch.PFC_CHANGE, back.kind(2));
        assertEquals(0xdead_beef_cafeL, WireFormat.toProto(back).getEvents(3).getTimer().getTimerId());
        assertEquals(4242, WireFormat.toProto(back).getEvents(1).getCompletion().getIntMaxHopDelayPs());
    }

    @Test
    void perPacketAndControlEventsSurviveTheRoundTrip() {
        EventBatch b = new EventBatch();
        b.reset(3_000_000);
        b.addPacketArrival(3_000_010, 0, 2, 9000, 9000, 7, EventBatch.TRIMMED | EventBatch.LAST_OF_FLOW, 555, 1_000,
                1_500);
        b.addControlArrival(3_000_020, 1, 2, org.cosim.agents.api.ControlArrivalEvent.NACK, 9000, 12, 7, 1_000,
                1_500);
        b.addCompletion(3_000_030, 1, 2, 0, 4096, 2_000_000, 100, 200, false);
        var proto = WireFormat.toProto(b);
        assertTrue(proto.getEvents(0).getPacketArrival().getTrimmed());
        assertTrue(proto.getEvents(0).getPacketArrival().getLastOfFlow());
        assertEquals(7, proto.getEvents(0).getPacketArrival().getPath());
        assertEquals(org.cosim.proto.ControlKind.CONTROL_NACK, proto.getEvents(1).getControlArrival().getKind());
        assertEquals(12, proto.getEvents(1).getControlArrival().getPullNumber());
        assertEquals(1_500, proto.getEvents(0).getPacketArrival().getTxTimePs(), "the data's TX time");
        assertEquals(1_500, proto.getEvents(1).getControlArrival().getEchoTxTimePs(), "the echoed TX time");
        assertEquals(200, proto.getEvents(2).getCompletion().getIntReverseMaxHopDelayPs());
        EventBatch back = new EventBatch();
        WireFormat.fromProto(proto, back);
        assertEquals(proto, WireFormat.toProto(back));
    }

    @Test
    void segmentOptionsAndControlActionsSurviveTheRoundTrip() {
        ActionBatch a = new ActionBatch();
        a.reset(0);
        a.sendSegment(1_000_000, 1, 2, 0, 9000, 3, org.cosim.agents.api.ActionSink.NO_ACK
                | org.cosim.agents.api.ActionSink.LAST_OF_FLOW);
        a.sendControl(1_000_000, 0, 2, org.cosim.agents.api.ControlArrivalEvent.ACK, 0, 5, 3, 42, 43);
        var proto = WireFormat.toProto(a);
        assertEquals(org.cosim.proto.AckMode.ACK_NONE, proto.getActions(0).getSendSegment().getAck());
        assertTrue(proto.getActions(0).getSendSegment().getLastOfFlow());
        assertEquals(5, proto.getActions(1).getSendControl().getPullNumber());
        assertEquals(43, proto.getActions(1).getSendControl().getEchoTxTimePs());
        ActionBatch back = new ActionBatch();
        WireFormat.fromProto(proto, back);
        assertEquals(proto, WireFormat.toProto(back));
        assertEquals(org.cosim.agents.api.ActionSink.NO_ACK | org.cosim.agents.api.ActionSink.LAST_OF_FLOW,
                back.segmentOptions(0));
        assertEquals(org.cosim.agents.api.ControlArrivalEvent.ACK, back.controlKind(1));
        assertEquals(43, back.echoTxTimePs(1));
    }

    @Test
    void aSynAndItsSynAckSurviveTheRoundTrip() {
        ActionBatch a = new ActionBatch();
        a.reset(0);
        a.sendSyn(1_000_000, 1, 2, 3, 4);
        var proto = WireFormat.toProto(a);
        assertTrue(proto.getActions(0).getSendSegment().getSyn());
        assertEquals(0, proto.getActions(0).getSendSegment().getBytes());
        ActionBatch back = new ActionBatch();
        WireFormat.fromProto(proto, back);
        assertEquals(org.cosim.agents.api.ActionSink.SYN, back.segmentOptions(0));
        EventBatch b = new EventBatch();
        b.reset(5_000_000);
        b.addCompletion(5_000_001, 1, 2, 3, 0, 1_000_000, 1_000_000, 0, 0, false, true);
        b.addCompletion(5_000_002, 1, 2, 0, 9000, 1_000_000, 1_000_000, 0, 0, false, false);
        var events = WireFormat.toProto(b);
        assertTrue(events.getEvents(0).getCompletion().getSyn());
        assertFalse(events.getEvents(1).getCompletion().getSyn());
        EventBatch bBack = new EventBatch();
        WireFormat.fromProto(events, bBack);
        org.cosim.agents.api.CompletionEvent c = new org.cosim.agents.api.CompletionEvent();
        bBack.read(0, c);
        assertTrue(c.syn());
        bBack.read(1, c);
        assertFalse(c.syn());
    }

    @Test
    void actionsSurviveTheRoundTrip() {
        ActionBatch a = new ActionBatch();
        a.reset(5_000_000);
        a.sendSegment(6_000_000, 1, 2, 32768, 16384, 3);
        a.setTimer(6_500_000, 1, 99);
        a.flowFinished(5_000_100, 1, 2);
        ActionBatch back = new ActionBatch();
        WireFormat.fromProto(WireFormat.toProto(a), back);
        assertEquals(WireFormat.toProto(a), WireFormat.toProto(back));
        assertEquals(3, back.path(0));
        assertEquals(32768, back.seq(0));
        assertEquals(99, back.timerId(1));
        assertEquals(ActionBatch.FLOW_FINISHED, back.kind(2));
    }

    @Test
    void aCompletionWhoseTimestampDisagreesWithItsEventIsRejected() {
        var bad = org.cosim.proto.EventBatch.newBuilder().setWindowStartPs(0).addEvents(
                org.cosim.proto.Event.newBuilder().setTimePs(10).setHost(1).setCompletion(
                        org.cosim.proto.SegmentCompletion.newBuilder().setFlow(0).setCompletionTimePs(11))).build();
        ContractViolation e = assertThrows(ContractViolation.class, () -> WireFormat.fromProto(bad, new EventBatch()));
        assertTrue(e.getMessage().contains("completion_time_ps 11 differs from the event time 10"), e.getMessage());
    }

    private static EventBatch roundTrip(org.cosim.proto.EventBatch proto) {
        EventBatch back = new EventBatch();
        WireFormat.fromProto(proto, back);
        return back;
    }

    @Test
    void intHopRecordsTravelWithTheirCompletionInPathOrder() {
        EventBatch b = new EventBatch();
        b.reset(3_000_000);
        b.addCompletion(3_000_010, 1, 2, 0, 4096, 2_000_000, 2_400_000, 0, 0, false);
        b.addIntHop(100, 5_000, 2_500_000, 200_000_000_000L);
        b.addIntHop(300, 9_000, 2_700_000, 100_000_000_000L);
        b.addCompletion(3_000_020, 1, 2, 4096, 4096, 2_000_000, 2_400_000, 0, 0, false);
        org.cosim.proto.EventBatch proto = WireFormat.toProto(b);
        assertEquals(2, proto.getEvents(0).getCompletion().getIntHopsCount());
        assertEquals(9_000, proto.getEvents(0).getCompletion().getIntHops(1).getTxBytes());
        assertEquals(0, proto.getEvents(1).getCompletion().getIntHopsCount());
        EventBatch back = roundTrip(proto);
        org.cosim.agents.api.CompletionEvent c = new org.cosim.agents.api.CompletionEvent();
        back.read(0, c);
        assertEquals(2, c.intHopCount());
        assertEquals(100, c.intHopQueueBytes(0));
        assertEquals(2_700_000, c.intHopTimePs(1));
        assertEquals(100_000_000_000L, c.intHopRateBps(1));
        back.read(1, c);
        assertEquals(0, c.intHopCount());
        assertThrows(IndexOutOfBoundsException.class, () -> c.intHopQueueBytes(0));
    }

    @Test
    void impossibleIntHopRecordsAreRejected() {
        var hop = org.cosim.proto.IntHop.newBuilder().setQueueBytes(0).setTxBytes(0).setTimestampPs(5)
                .setRateBps(1);
        var completion = org.cosim.proto.SegmentCompletion.newBuilder().setFlow(0).setCompletionTimePs(10);
        var late = org.cosim.proto.EventBatch.newBuilder().setWindowStartPs(0).addEvents(
                org.cosim.proto.Event.newBuilder().setTimePs(10).setHost(1).setCompletion(completion.clone()
                        .addIntHops(hop.clone().setTimestampPs(11)))).build();
        ContractViolation e = assertThrows(ContractViolation.class, () -> WireFormat.fromProto(late, new EventBatch()));
        assertTrue(e.getMessage().contains("int_hops[0] is impossible"), e.getMessage());
        var noRate = completion.clone().addIntHops(hop.clone().setRateBps(0));
        assertThrows(ContractViolation.class, () -> WireFormat.fromProto(org.cosim.proto.EventBatch.newBuilder()
                .addEvents(org.cosim.proto.Event.newBuilder().setTimePs(10).setCompletion(noRate)).build(),
                new EventBatch()));
        var tooMany = completion.clone();
        for (int k = 0; k < 6; k++) {
            tooMany.addIntHops(hop);
        }
        e = assertThrows(ContractViolation.class, () -> WireFormat.fromProto(org.cosim.proto.EventBatch.newBuilder()
                .addEvents(org.cosim.proto.Event.newBuilder().setTimePs(10).setCompletion(tooMany)).build(),
                new EventBatch()));
        assertTrue(e.getMessage().contains("6 int_hops, more than 5"), e.getMessage());
    }

    @Test
    void anIntHopRecordMustFollowACompletion() {
        EventBatch b = new EventBatch();
        b.reset(0);
        b.addTimer(10, 0, 1);
        assertThrows(IllegalStateException.class, () -> b.addIntHop(0, 0, 0, 1));
    }

    @Test
    void helloCarriesTheSession() {
        SessionSpec spec = WireFormat.sessionSpec(AgentServiceContractTest.goodHello());
        assertEquals(3, spec.hosts().size());
        assertEquals(2, spec.flows().size());
        assertEquals(1_000_000, spec.context().reactionDelayPs());
        assertEquals(20_000_000, spec.context().baseRttPs());
        assertTrue(spec.context().protocol().hasTimely());
    }

    @Test
    void theHelloCarriesTheBatchWindowOfTheScenariosPipelineDepth() {
        assertEquals(1_000_000, WireFormat.sessionSpec(AgentServiceContractTest.goodHello()).windowPs(),
                "no window_ps (a fabric without pipelining): H = L");
        var parsed = ScenarioFiles.parse("name: \"p\"\nduration_us: 1000\npipeline_depth: 4\nprotocol { timely {} }\n",
                "test");
        var h = AgentServiceContractTest.goodHello().toBuilder()
                .setScenarioText(ScenarioFiles.canonicalText(parsed)).setScenarioDigest(ScenarioFiles.digest(parsed));
        SessionSpec spec = WireFormat.sessionSpec(h.setWindowPs(250_000).build());
        assertEquals(250_000, spec.windowPs());
        assertEquals(250_000, WireFormat.hello(spec, parsed).getWindowPs(), "and back onto the wire");
        ContractViolation e = assertThrows(ContractViolation.class,
                () -> WireFormat.sessionSpec(h.setWindowPs(500_000).build()));
        assertTrue(e.getMessage().contains("batch window 500000 ps is not L / pipeline_depth = 1000000 / 4 ps"),
                e.getMessage());
    }

    @Test
    void theTxTimestampAndEachFlowsPathTravelTheWire() {
        EventBatch b = new EventBatch();
        b.reset(3_000_000);
        b.addCompletion(3_000_030, 1, 2, 0, 4096, 2_000_000, 2_400_000, 100, 200, false);
        org.cosim.proto.EventBatch proto = WireFormat.toProto(b);
        assertEquals(2_400_000, proto.getEvents(0).getCompletion().getTxTimePs());
        org.cosim.agents.api.CompletionEvent c = new org.cosim.agents.api.CompletionEvent();
        roundTrip(proto).read(0, c);
        assertEquals(2_400_000, c.txTimePs());
        assertEquals(2_000_000, c.sendTimePs());

        var h = AgentServiceContractTest.goodHello().toBuilder();
        h.setFlows(1, h.getFlows(1).toBuilder().setHops(3).setBaseRttPs(6_230_000));
        FlowInfo f = WireFormat.sessionSpec(h.build()).flows().get(1);
        assertEquals(3, f.hops());
        assertEquals(6_230_000, f.baseRttPs());
        h.setFlows(1, h.getFlows(1).toBuilder().setBaseRttPs(-1));
        ContractViolation e = assertThrows(ContractViolation.class, () -> WireFormat.sessionSpec(h.build()));
        assertTrue(e.getMessage().contains("flow 1 has a negative base RTT"), e.getMessage());
    }

    @Test
    void aHostRunningAnotherProtocolThanTheScenarioIsRejected() {
        var h = AgentServiceContractTest.goodHello().toBuilder();
        h.setHosts(0, h.getHosts(0).toBuilder().setProtocol("pfc_only"));
        ContractViolation e = assertThrows(ContractViolation.class, () -> WireFormat.sessionSpec(h.build()));
        assertTrue(e.getMessage().contains("host 0 runs 'pfc_only' but the scenario's protocol is 'timely'"),
                e.getMessage());
    }
}
