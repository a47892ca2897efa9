package org.cosim.fabric.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.CompletionEvent;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.api.EventBatch;
import org.cosim.fabric.FabricResult;
import org.cosim.fabric.FabricSimulation;
import org.cosim.fabric.TestScenarios;
import org.junit.jupiter.api.Test;

/**
 * Bad agent actions end a FabricSimulation run with a BadActionException in
 * FabricResult.failure() whose message says what rule was broken. The scenario: one client
 * (host 1) sends one 16384-byte flow (flow 0) to the server (host 0) from t = 0; L = 1 us, so the
 * flow arrival is in window [0, 1 us) and actions may be timed at 1 us or later.
 */
class AgentActionRulesTest {
    private static final long L = 1_000_000;

    private static FabricResult run(ScriptedTransport.Script script) {
        FabricSimulation sim = FabricSimulation.of(TestScenarios.oneClientStar(16384, 10, 10, 1, 200));
        ScriptedTransport t = new ScriptedTransport(() -> -1, script);
        FabricResult r = sim.run(t);
        assertTrue(t.closed, "the transport is closed even when the run fails");
        return r;
    }

    /** Answers the first batch (the flow arrival) only. */
    private static ScriptedTransport.Script onArrival(ScriptedTransport.Script s) {
        return (i, in, out) -> {
            if (i == 0) {
                assertEquals(EventBatch.FLOW_ARRIVAL, in.kind(0));
                s.answer(i, in, out);
            }
        };
    }

    private static String failure(FabricResult r) {
        assertFalse(r.complete());
        assertInstanceOf(BadActionException.class, r.failure());
        return r.failure().getMessage();
    }

    @Test
    void validScriptCompletesTheFlow() {
        FabricResult r = run((i, in, out) -> {
            for (int k = 0; k < in.size(); k++) {
                if (in.kind(k) == EventBatch.FLOW_ARRIVAL) {
                    out.sendSegment(L, 1, 0, 0, 16384, 0);
                } else if (in.kind(k) == EventBatch.COMPLETION) {
                    out.flowFinished(in.time(k), 1, 0);
                }
            }
        });
        assertNull(r.failure());
        assertTrue(r.measured().flowStats().finished(0));
        assertEquals(16384, r.measured().flowStats().deliveredBytes(0));
    }

    @Test
    void actionBeforeTheWindowEndFailsTheRun() {
        FabricResult r = run(onArrival((i, in, out) -> out.sendSegment(L - 1, 1, 0, 0, 16384, 0)));
        String m = failure(r);
        assertTrue(m.contains("before the window's end"), m);
        assertTrue(r.reachedPs() <= 2 * L, "the run stops at the failing flush, reached " + r.reachedPs());
    }

    @Test
    void segmentFromAHostThatIsNotTheFlowsSourceFails() {
        String m = failure(run(onArrival((i, in, out) -> out.sendSegment(L, 0, 0, 0, 1000, 0))));
        assertTrue(m.contains("from host 0, but the flow's source is host 1"), m);
    }

    @Test
    void segmentBeyondTheFlowSizeFails() {
        String m = failure(run(onArrival((i, in, out) -> out.sendSegment(L, 1, 0, 16000, 1000, 0))));
        assertTrue(m.contains("[16000, 17000)") && m.contains("has only 16384 bytes"), m);
    }

    @Test
    void emptySegmentAndUnknownFlowFail() {
        String empty = failure(run(onArrival((i, in, out) -> out.sendSegment(L, 1, 0, 0, 0, 0))));
        assertTrue(empty.contains("empty or out-of-range segment"), empty);
        String unknown = failure(run(onArrival((i, in, out) -> out.sendSegment(L, 1, 5, 0, 100, 0))));
        assertTrue(unknown.contains("unknown flow 5"), unknown);
    }

    /** A SYN, then the data once its SYN-ACK (a completion of no bytes) is back. */
    @Test
    void aSynIsAnsweredAndTheFlowGoesOnAfterIt() {
        CompletionEvent c = new CompletionEvent();
        long[] synAckAt = {-1};
        FabricResult r = run((i, in, out) -> {
            for (int k = 0; k < in.size(); k++) {
                if (in.kind(k) == EventBatch.FLOW_ARRIVAL) {
                    out.sendSyn(L, 1, 0, 0, 0);
                } else if (in.kind(k) == EventBatch.COMPLETION) {
                    in.read(k, c);
                    if (c.syn()) {
                        assertEquals(0, c.bytes());
                        synAckAt[0] = c.timePs();
                        out.sendSegment(in.time(k) + L, 1, 0, 0, 16384, 0);
                    } else {
                        out.flowFinished(in.time(k), 1, 0);
                    }
                }
            }
        });
        assertTrue(r.complete(), () -> String.valueOf(r.failure()));
        assertTrue(synAckAt[0] > L, "the SYN-ACK came back");
        assertEquals(16384, r.measured().flowStats().deliveredBytes(0));
        assertEquals(16384, r.measured().flowStats().sentBytes(0), "the SYN is no flow bytes");
    }

    @Test
    void aSynWithDataOrOtherOptionsFails() {
        String data = failure(run(onArrival((i, in, out) -> out.sendSegment(L, 1, 0, 0, 100, 0, ActionSink.SYN))));
        assertTrue(data.contains("sends a SYN of flow 0 with 100 bytes at seq 0: a SYN carries no data"), data);
        String last = failure(run(onArrival((i, in, out) -> out.sendSegment(L, 1, 0, 0, 0, 0,
                ActionSink.SYN | ActionSink.LAST_OF_FLOW))));
        assertTrue(last.contains("with 0 bytes at seq 0 and other options"), last);
    }

    @Test
    void finishingAFlowTwiceFails() {
        String m = failure(run(onArrival((i, in, out) -> {
            out.flowFinished(in.time(0), 1, 0);
            out.flowFinished(in.time(0), 1, 0);
        })));
        assertTrue(m.contains("finishes flow 0 a second time"), m);
    }

    @Test
    void finishingAFlowOutsideItsEventsWindowFails() {
        // the event's window is [0, 1 us): 1 us is already outside
        String m = failure(run(onArrival((i, in, out) -> out.flowFinished(L, 1, 0))));
        assertTrue(m.contains("outside the window"), m);
    }

    @Test
    void finishingAFlowFromAHostThatIsNotAnEndFails() {
        // star with one client has hosts 0 and 1 only: both are ends of flow 0, so use an unknown flow instead
        String m = failure(run(onArrival((i, in, out) -> out.flowFinished(in.time(0), 1, 3))));
        assertTrue(m.contains("finishes unknown flow 3"), m);
    }

    /** The one-flow scenario with a second flow, host 1 to host 0 too, starting at 100 us. */
    private static FabricResult runWithALaterFlow(ScriptedTransport.Script script) {
        FabricSimulation sim = FabricSimulation.of(TestScenarios.parse("""
                seed: 1
                duration_us: 200
                topology { incast_star { clients: 1 client_rate_gbps: 10 server_rate_gbps: 10 link_delay_us: 1 } }
                protocol { pfc_only {} }
                workload { flow_list {
                  flows { src: 1 dst: 0 size_bytes: 16384 start_us: 0 }
                  flows { src: 1 dst: 0 size_bytes: 16384 start_us: 100 }
                } }
                """));
        return sim.run(new ScriptedTransport(() -> -1, script));
    }

    /**
     * No action may name a flow before its FlowArrival's window: a send before the flow's start, or a finish
     * with an FCT below zero, would pass for results.
     */
    @Test
    void actingOnAFlowBeforeItStartsFails() {
        String send = failure(runWithALaterFlow(onArrival((i, in, out) -> out.sendSegment(L, 1, 1, 0, 1000, 0))));
        assertTrue(send.contains("sends on flow 1, which has not started by the end of this window"), send);
        String finish = failure(runWithALaterFlow(onArrival((i, in, out) -> out.flowFinished(in.time(0), 0, 1))));
        assertTrue(finish.contains("finishes flow 1, which has not started by the end of this window"), finish);
        String control = failure(runWithALaterFlow(onArrival((i, in, out) -> out.sendControl(L, 0, 1,
                ControlArrivalEvent.ACK, 0, 0, 0, 0))));
        assertTrue(control.contains("sends a control packet of flow 1, which has not started"), control);
    }

    /** An ACK echoes the send and TX times of its packet: not in its own future, nor before the flow began. */
    @Test
    void anEchoedSendTimeOutsideTheFlowsLifeFails() {
        String future = failure(run(onArrival((i, in, out) -> out.sendControl(L, 0, 0,
                ControlArrivalEvent.ACK, 0, 0, 0, L + 1))));
        assertTrue(future.contains("echoes a send time of " + (L + 1) + " ps for flow 0, outside [the flow's start 0 "
                + "ps, the control packet's own time " + L + " ps]"), future);
        assertNull(run(onArrival((i, in, out) -> out.sendControl(L, 0, 0, ControlArrivalEvent.ACK,
                0, 0, 0, L))).failure(), "an echo of its own time is possible");
        String tx = failure(run(onArrival((i, in, out) -> out.sendControl(L, 0, 0,
                ControlArrivalEvent.ACK, 0, 0, 0, L, L + 1))));
        assertTrue(tx.contains("echoes a TX time of " + (L + 1) + " ps for flow 0"), tx);
    }

    /** A long-lived flow's segment whose end would pass 2^63 - 1 bytes. */
    @Test
    void aSegmentEndingPastTheLargestSeqFails() {
        FabricSimulation sim = FabricSimulation.of(TestScenarios.oneClientStar(0, 10, 10, 1, 200));
        String m = failure(sim.run(new ScriptedTransport(() -> -1, onArrival((i, in, out) -> out.sendSegment(L, 1, 0,
                Long.MAX_VALUE - 100, 3000, 0)))));
        assertTrue(m.contains("empty or out-of-range segment"), m);
    }
}
