package org.cosim.agents.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.wire.WireFormat;
import org.cosim.proto.PfcOnly;
import org.cosim.proto.Protocol;
import org.junit.jupiter.api.Test;

/**
 * output.agent_state: the agent side samples every flow's state at each k * interval, as it was after
 * every event before that time; NaN where a flow's sender has none.
 *
 * <p>Session: L = 1 us, PFC-only on two 10 Gb/s hosts (its rate is the line rate), state sampled every
 * 1 us; flow 0 goes 1 -> 0 (one 16 KB segment), flow 1 goes 0 -> 1 (long-lived).
 */
class FlowStateSamplingTest {
    private static final long L = 1_000_000L;
    private static final long NIC = 10_000_000_000L;
    private static final AgentContext CTX = new AgentContext(L, 20_000_000L, 7L,
            Protocol.newBuilder().setPfcOnly(PfcOnly.getDefaultInstance()).build());
    private static final List<HostInfo> HOSTS = List.of(new HostInfo(0, NIC), new HostInfo(1, NIC));
    private static final List<FlowInfo> FLOWS = List.of(new FlowInfo(0, 1, 0, 16384), new FlowInfo(1, 0, 1, 0));

    private static AgentHost host(long intervalPs) {
        return new AgentHost(new SessionSpec(HOSTS, List.of("pfc_only", "pfc_only"), FLOWS, CTX, L, intervalPs));
    }

    private static void window(AgentHost h, long start, java.util.function.Consumer<EventBatch> events) {
        EventBatch in = new EventBatch();
        in.reset(start);
        events.accept(in);
        h.process(in, new ActionBatch());
    }

    @Test
    void eachSampleIsTheStateAfterEveryEventBeforeIt() {
        AgentHost h = host(L);
        window(h, 5 * L, in -> in.addFlowArrival(5_200_000L, 0, 1, 1, 0));
        window(h, 7 * L, in -> in.addFlowArrival(7_000_000L, 1, 0, 0, 16384));
        // The segment's completion at 8.5 us finishes flow 0: no state after it.
        window(h, 8 * L, in -> in.addCompletion(8_500_000L, 1, 0, 0, 16384, 7_000_000L, 0, false));
        h.finish(10 * L);
        FlowStates s = h.flowStates();
        assertEquals(List.of("rate_gbps"), s.names(), "PFC-only has no signals of its own");
        assertEquals(9, s.samples(), "1, 2, ..., 9 us: every k * interval before the end");
        assertEquals(L, s.timePs(0));
        assertEquals(9 * L, s.timePs(8));
        for (int i = 0; i < 5; i++) {
            assertTrue(Double.isNaN(s.value(i, 1)), "flow 1 starts at 5.2 us");
        }
        for (int i = 5; i < 9; i++) {
            assertEquals(10.0, s.value(i, 1), "PFC-only paces at line rate");
        }
        assertTrue(Double.isNaN(s.value(6, 0)), "at 7 us flow 0's arrival, at 7 us exactly, is not yet handled");
        assertEquals(10.0, s.value(7, 0), "8 us: started, unfinished");
        assertTrue(Double.isNaN(s.value(8, 0)), "9 us: finished at 8.5 us");
    }

    @Test
    void withoutTheOptionNothingIsSampled() {
        AgentHost h = host(0);
        window(h, 5 * L, in -> in.addFlowArrival(5_200_000L, 0, 1, 1, 0));
        h.finish(10 * L);
        assertNull(h.flowStates());
    }

    @Test
    void aFabricCannotMakeTheAgentsSampleWithoutEnd() {
        AgentHost h = host(1);  // every picosecond
        ContractViolation e = assertThrows(ContractViolation.class,
                () -> window(h, 100_000 * L, in -> in.addFlowArrival(100_000 * L, 0, 1, 1, 0)));
        assertTrue(e.getMessage().contains("sample less often"), e.getMessage());
        AgentHost g = host(L);
        window(g, 5 * L, in -> in.addFlowArrival(5_200_000L, 0, 1, 1, 0));
        e = assertThrows(ContractViolation.class, () -> g.finish(5 * L));
        assertTrue(e.getMessage().contains("not after its last event"), e.getMessage());
    }

    /**
     * A run whose samples would not fit (2 flows x 1 variable: 15 M samples at most) is refused when its agents
     * start, not when it reaches the bound, nor, over gRPC, when its results would not fit the 256 MB message.
     */
    @Test
    void aRunWhoseSamplesWouldNotFitIsRefusedAtTheStart() {
        List<String> pfc = List.of("pfc_only", "pfc_only");
        long interval = 1_000_000L;
        ContractViolation e = assertThrows(ContractViolation.class,
                () -> new AgentHost(new SessionSpec(HOSTS, pfc, FLOWS, CTX, L, interval, 15_000_002 * interval)));
        assertTrue(e.getMessage().contains("the run's 15000001 samples (every 1000000 ps for 15000002000000 ps) of "
                + "2 flows x 1 variables would be more than 30000000 state values"), e.getMessage());
        AgentHost fits = new AgentHost(new SessionSpec(HOSTS, pfc, FLOWS, CTX, L, interval, 15_000_001 * interval));
        fits.finish(L);
        assertEquals(0, fits.flowStates().samples(), "nothing is taken up front");
    }

    /** The jump is refused up front: not after filling memory with samples up to the bound. */
    @Test
    void aTimeTooFarAheadIsRefusedBeforeAnySampleIsTaken() {
        AgentHost h = host(L);
        long far = Long.MAX_VALUE / L * L - 2 * L;
        ContractViolation e = assertThrows(ContractViolation.class,
                () -> window(h, far, in -> in.addPfcChange(far, 0, 0, false)));
        assertTrue(e.getMessage().contains("sampling up to " + far + " ps would make more than 30000000 state values"),
                e.getMessage());
        assertEquals(0, h.flowStates().samples());
    }

    /** Without flows there is nothing to sample, however far the run goes. */
    @Test
    void withoutFlowsNothingIsSampledHoweverFar() {
        AgentHost h = new AgentHost(new SessionSpec(HOSTS, List.of("pfc_only", "pfc_only"), List.of(), CTX, L, 1));
        long far = Long.MAX_VALUE / L * L - 2 * L;
        assertTimeoutPreemptively(java.time.Duration.ofSeconds(10), () -> {
            window(h, far, in -> in.addPfcChange(far, 0, 0, false));
            h.finish(far + L);
        });
        assertEquals(0, h.flowStates().samples());
    }

    @Test
    void theStatesTravelInAgentResultsUnchanged() {
        FlowStates s = new FlowStates(List.of("cwnd_packets"), 5, 2, new double[] {1.5, Double.NaN, 2, 3});
        FlowStates back = WireFormat.fromProto(WireFormat.toProto(s));
        assertEquals(s.names(), back.names());
        assertEquals(s.intervalPs(), back.intervalPs());
        assertEquals(2, back.samples());
        assertEquals(3.0, back.value(1, 1));
        assertTrue(Double.isNaN(back.value(0, 1)));
        org.cosim.proto.FlowStates ragged = WireFormat.toProto(s).toBuilder().addValues(9).build();
        assertThrows(ContractViolation.class, () -> WireFormat.fromProto(ragged), "5 values for 2 flows");
    }

    @Test
    void statesThatDoNotFitTheRunAreABrokenPeer() {
        FlowStates two = new FlowStates(List.of("rate_gbps"), L, 2, new double[2 * 9]);
        assertEquals(two, two.requireShape(2, L, 10 * L, true), "9 samples before 10 us");
        assertEquals(two, two.requireShape(2, L, 20 * L, false), "fewer when the run stopped early");
        ContractViolation e = assertThrows(ContractViolation.class, () -> two.requireShape(3, L, 10 * L, true));
        assertTrue(e.getMessage().contains("this run has 3 flows"), e.getMessage());
        assertThrows(ContractViolation.class, () -> two.requireShape(2, 2 * L, 10 * L, true));
        assertThrows(ContractViolation.class, () -> two.requireShape(2, L, 20 * L, true));
        assertThrows(ContractViolation.class, () -> two.requireShape(2, L, 5 * L, false));
    }

    /** A reporter of two variables: flow f's are (f + 1, 10 (f + 1)), for the flows it keeps. */
    private record TwoVariables(int[] keeps, java.util.List<String> names)
            implements org.cosim.agents.api.Agent, org.cosim.agents.api.FlowStateReporter {
        @Override
        public java.util.List<String> flowStateNames() {
            return names;
        }

        @Override
        public void onFlowArrival(org.cosim.agents.api.FlowArrivalEvent e, org.cosim.agents.api.ActionSink out) {}

        @Override
        public void onCompletion(org.cosim.agents.api.CompletionEvent e, org.cosim.agents.api.ActionSink out) {}

        @Override
        public void onTimer(org.cosim.agents.api.TimerEvent e, org.cosim.agents.api.ActionSink out) {}

        @Override
        public void reportFlowStates(FlowStateSink sink) {
            for (int f : keeps) {
                sink.report(f, 0, f + 1);
                sink.report(f, 1, 10 * (f + 1));
            }
        }
    }

    @Test
    void everyVariableOfEveryFlowHasItsPlace() {
        java.util.List<String> names = List.of("cwnd_packets", "target_us");
        FlowStateSampler s = new FlowStateSampler(new org.cosim.agents.api.Agent[] {
            new TwoVariables(new int[] {2}, names), new TwoVariables(new int[] {0}, names)}, L, 3, 3 * L);
        s.finish(3 * L);
        FlowStates st = s.states();
        assertEquals(names, st.names());
        assertEquals(2, st.samples());
        assertEquals(1.0, st.value(1, 0, 0));
        assertEquals(10.0, st.value(1, 0, 1));
        assertTrue(Double.isNaN(st.value(1, 1, 0)) && Double.isNaN(st.value(1, 1, 1)), "nobody keeps flow 1");
        assertEquals(3.0, st.value(0, 2));
        assertEquals(30.0, st.value(0, 2, 1));
        FlowStates back = WireFormat.fromProto(WireFormat.toProto(st));
        assertEquals(30.0, back.value(0, 2, 1), "the layout travels");
        assertThrows(IllegalArgumentException.class, () -> new FlowStates(names, L, 3, new double[9]),
                "9 values are not whole samples of 3 flows x 2 variables");
        ContractViolation e = assertThrows(ContractViolation.class, () -> new FlowStateSampler(
                new org.cosim.agents.api.Agent[] {new TwoVariables(new int[0], names),
                    new TwoVariables(new int[0], List.of("rate_gbps"))}, L, 3, 0));
        assertTrue(e.getMessage().contains("the same variables everywhere"), e.getMessage());
    }
}
