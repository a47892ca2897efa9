package org.cosim.agents.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.api.HostInfo;
import org.cosim.proto.Protocol;
import org.cosim.proto.Timely;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The agent side of a session: routing events to the agent of their host, and the
 * contract checks on what the fabric sends.
 *
 * <p>Session: L = 1 us; host 0 runs TIMELY, host 1 the PFC-only baseline, both
 * with 10 Gb/s NICs; flow 0 goes 1 -> 0 (long-lived), flow 1 goes 0 -> 1 (32 KB).
 */
class AgentHostTest {
    private static final long L = 1_000_000L;
    private static final long NIC = 10_000_000_000L;
    private static final AgentContext CTX = new AgentContext(L, 20_000_000L, 7L,
            Protocol.newBuilder().setTimely(Timely.getDefaultInstance()).build());
    private static final List<HostInfo> HOSTS = List.of(new HostInfo(0, NIC), new HostInfo(1, NIC));
    private static final List<FlowInfo> FLOWS = List.of(new FlowInfo(0, 1, 0, 0), new FlowInfo(1, 0, 1, 32768));

    private AgentHost host;
    private EventBatch in;
    private ActionBatch out;

    @BeforeEach
    void setUp() {
        host = new AgentHost(new SessionSpec(HOSTS, List.of("timely", "pfc_only"), FLOWS, CTX));
        in = new EventBatch();
        out = new ActionBatch();
    }

    private static void assertViolation(Executable call, String... fragments) {
        ContractViolation e = assertThrows(ContractViolation.class, call);
        for (String f : fragments) {
            assertTrue(e.getMessage().contains(f), "message '" + e.getMessage() + "' lacks '" + f + "'");
        }
    }

    // ------------------------------------------------------------ routing

    @Test
    void hostCountIsTheNumberOfHosts() {
        assertEquals(2, host.hostCount());
    }

    @Test
    void flowArrivalIsRoutedToTheSourceHostsAgent() {
        in.reset(5 * L);
        in.addFlowArrival(5_200_000L, 1, 0, 0, 0);
        host.process(in, out);

        assertEquals(5 * L, out.windowStartPs());
        // PFC-only on host 1 at line rate: first 16 KB segment at t + L = 6,200,000, then a
        // wake-up at 6,200,000 + 13,107,200 (16 KB at 10 Gb/s) - L = 18,307,200.
        assertEquals(2, out.size());
        assertEquals(ActionBatch.SEND_SEGMENT, out.kind(0));
        assertEquals(6_200_000L, out.time(0));
        assertEquals(1, out.host(0));
        assertEquals(0, out.flow(0));
        assertEquals(0L, out.seq(0));
        assertEquals(16384, out.bytes(0));
        assertEquals(ActionBatch.SET_TIMER, out.kind(1));
        assertEquals(18_307_200L, out.time(1));
        assertEquals(1, out.host(1));
        assertEquals(0L, out.timerId(1));
        assertEquals(1, host.eventsProcessed());
    }

    @Test
    void aFlowArrivalCarriesTheHandshakesPathCount() {
        AgentContext ndp = new AgentContext(L, 20_000_000L, 7L,
                Protocol.newBuilder().setNdp(org.cosim.proto.Ndp.getDefaultInstance()).build(), 9000);
        AgentHost h = new AgentHost(new SessionSpec(HOSTS, List.of("ndp", "ndp"),
                List.of(new FlowInfo(0, 1, 0, 10 * 9000L, 4)), ndp));
        in.reset(5 * L);
        in.addFlowArrival(5_200_000L, 1, 0, 0, 10 * 9000L);
        h.process(in, out);
        java.util.Set<Integer> paths = new java.util.TreeSet<>();
        for (int i = 0; i < out.size(); i++) {
            if (out.kind(i) == ActionBatch.SEND_SEGMENT) {
                paths.add(out.path(i));
            }
        }
        assertEquals(java.util.Set.of(1, 2, 3, 4), paths, "NDP sprays its window over the flow's 4 routes");
    }

    @Test
    void aFlowArrivalCarriesThePathTheHandshakeDeclared() {
        // Poseidon starts a flow with one BDP of its unloaded RTT: 32.768 us at 10 Gb/s = 10 segments of 4096 B.
        List<FlowInfo> flows = List.of(new FlowInfo(0, 1, 0, 0, 1, 1, 32_768_000L));
        AgentContext ctx = new AgentContext(L, 20_000_000L, 7L, org.cosim.proto.Protocol.newBuilder()
                .setPoseidon(org.cosim.proto.Poseidon.getDefaultInstance()).build());
        AgentHost h = new AgentHost(new SessionSpec(HOSTS, List.of("poseidon", "poseidon"), flows, ctx));
        in.reset(5 * L);
        in.addFlowArrival(5_200_000L, 1, 0, 0, 0);
        h.process(in, out);
        int sends = 0;
        for (int i = 0; i < out.size(); i++) {
            sends += out.kind(i) == ActionBatch.SEND_SEGMENT ? 1 : 0;
        }
        assertEquals(10, sends);
    }

    @Test
    void eventsOfOneBatchReachTheirOwnHostsInOrder() {
        in.reset(5 * L);
        in.addFlowArrival(5_200_000L, 1, 0, 0, 0);
        in.addFlowArrival(5_300_000L, 0, 1, 1, 32768);
        host.process(in, out);
        // Host 1: send + timer; host 0 (TIMELY, starting at C/(0+1) = 10 Gb/s): send at 6,300,000 + timer.
        assertEquals(4, out.size());
        assertEquals(1, out.host(0));
        assertEquals(0, out.host(2));
        assertEquals(ActionBatch.SEND_SEGMENT, out.kind(2));
        assertEquals(1, out.flow(2));
        assertEquals(6_300_000L, out.time(2));
        assertEquals(ActionBatch.SET_TIMER, out.kind(3));
        assertEquals(6_300_000L + 13_107_200L - L, out.time(3));
        assertEquals(2, host.eventsProcessed());
    }

    /** Flow 0 arrives at host 1 (one segment sent), then host 1's timer fires (the second one). */
    private void sendTwoSegmentsOfFlow0() {
        in.reset(5 * L);
        in.addFlowArrival(5_200_000L, 1, 0, 0, 0);
        host.process(in, out);
        in.reset(18 * L);
        in.addTimer(18_307_200L, 1, 0);
        host.process(in, out);
    }

    @Test
    void timerIsRoutedToItsHostsAgent() {
        sendTwoSegmentsOfFlow0();
        // The wake-up commits the second segment at its due time 6,200,000 + 13,107,200.
        assertEquals(18 * L, out.windowStartPs());
        assertEquals(ActionBatch.SEND_SEGMENT, out.kind(0));
        assertEquals(19_307_200L, out.time(0));
        assertEquals(16384L, out.seq(0));
    }

    @Test
    void aTimerItsAgentDidNotSetIsRejectedAndEachSetTimerFiresOnce() {
        in.reset(5 * L);
        in.addTimer(5_200_000L, 1, 0);
        assertViolation(() -> host.process(in, out), "event 0 fires timer 0 of host 1, which its agent has not set");
        AgentHost fresh = new AgentHost(new SessionSpec(HOSTS, List.of("timely", "pfc_only"), FLOWS, CTX));
        in.reset(5 * L);
        in.addFlowArrival(5_200_000L, 1, 0, 0, 0);
        fresh.process(in, out);  // sets timer 0 of host 1 for 18,307,200 ps
        in.reset(18 * L);
        in.addTimer(18_307_200L, 0, 0);
        assertViolation(() -> fresh.process(in, out), "fires timer 0 of host 0");  // the other host's
        in.reset(18 * L);
        in.addTimer(18_307_200L, 1, 0);
        fresh.process(in, out);
        int again = -1;
        for (int i = 0; i < out.size(); i++) {
            again = out.kind(i) == ActionBatch.SET_TIMER ? i : again;
        }
        in.reset(19 * L);
        in.addTimer(19_000_000L, 1, 77);
        assertViolation(() -> fresh.process(in, out), "fires timer 77 of host 1");
        assertTrue(again >= 0, "the wake-up set the next one");
    }

    @Test
    void aSecondArrivalOfAFlowIsRejected() {
        in.reset(5 * L);
        in.addFlowArrival(5_200_000L, 1, 0, 0, 0);
        host.process(in, out);
        in.reset(6 * L);
        in.addFlowArrival(6_200_000L, 1, 0, 0, 0);
        assertViolation(() -> host.process(in, out), "event 0: flow 0 arrives a second time");
    }

    @Test
    void aRunEndingBeforeTimeZeroOrAfterItsDurationIsRejected() {
        assertViolation(() -> host.finish(-1), "the run ends at -1 ps, outside [0, ");
        AgentHost timed = new AgentHost(new SessionSpec(HOSTS, List.of("timely", "pfc_only"), FLOWS, CTX, L, 0,
                10 * L));
        assertViolation(() -> timed.finish(10 * L + 1), "outside [0, 10000000] ps, the scenario's duration");
        timed.finish(10 * L);
    }

    @Test
    void emptyWindowsAreAccepted() {
        in.reset(0);
        host.process(in, out);
        in.reset(3 * L);
        host.process(in, out);
        assertEquals(0, out.size());
        assertEquals(0, host.eventsProcessed());
    }

    // ------------------------------------------------------------ window checks

    @Test
    void windowStartOffTheLGridIsRejected() {
        in.reset(1_500_000L);
        assertViolation(() -> host.process(in, out),
                "window start 1500000 ps", "not a multiple of the batch window H = 1000000 ps");
    }

    @Test
    void aPipelinedSessionTakesWindowsOfHOnTheHGrid() {
        AgentHost pipelined = new AgentHost(new SessionSpec(HOSTS, List.of("timely", "pfc_only"), FLOWS, CTX, L / 4));
        in.reset(L + L / 4);                       // on the H grid, off the L grid
        in.addPfcChange(L + L / 4, 0, 0, false);
        in.addPfcChange(L + L / 2 - 1, 1, 0, false);
        pipelined.process(in, out);
        assertEquals(2, pipelined.eventsProcessed());
        in.reset(2 * L);
        in.addPfcChange(2 * L + L / 4, 0, 0, false);          // W + H: the next batch's
        assertViolation(() -> pipelined.process(in, out),
                "event 0 at 2250000 ps", "outside its window [2000000, 2250000) ps");
        in.reset(3 * L + 1);
        assertViolation(() -> pipelined.process(in, out), "not a multiple of the batch window H = 250000 ps");
    }

    @Test
    void aBatchWindowThatDoesNotDivideLIsRefused() {
        assertViolation(() -> new SessionSpec(HOSTS, List.of("timely", "pfc_only"), FLOWS, CTX, 300_000),
                "batch window 300000 ps must divide the reaction delay L = 1000000 ps");
        assertViolation(() -> new SessionSpec(HOSTS, List.of("timely", "pfc_only"), FLOWS, CTX, 2 * L),
                "batch window 2000000 ps");
    }

    @Test
    void aWindowBeforeTimeZeroIsRejected() {
        in.reset(-L);
        assertViolation(() -> host.process(in, out), "window start -1000000 ps is negative",
                "simulated time starts at 0 ps");
    }

    @Test
    void repeatedWindowIsRejected() {
        in.reset(2 * L);
        host.process(in, out);
        assertViolation(() -> host.process(in, out),
                "window start 2000000 ps", "previous window (2000000 ps)", "time going backwards");
    }

    @Test
    void windowMovingBackwardsIsRejected() {
        in.reset(3 * L);
        host.process(in, out);
        in.reset(2 * L);
        assertViolation(() -> host.process(in, out),
                "window start 2000000 ps", "previous window (3000000 ps)");
    }

    /** The answer to a window is due at W + L: a window so late that W + L passes the last picosecond is refused. */
    @Test
    void aWindowAtTheEndOfTimeIsRejected() {
        long w = Long.MAX_VALUE / L * L;
        in.reset(w);
        in.addPfcChange(w + 1, 0, 0, false);
        assertViolation(() -> host.process(in, out), "window start " + w + " ps is too late",
                "past the last picosecond there is (9223372036854775807 ps)");
        in.reset(w - L);
        in.addPfcChange(w - 1, 0, 0, false);
        host.process(in, out);  // the last window whose answer fits
    }

    // ------------------------------------------------------------ event checks

    @Test
    void eventAtTheEndOfItsWindowIsRejected() {
        in.reset(2 * L);
        in.addPfcChange(3 * L, 0, 0, false);               // W + L is the next window's
        assertViolation(() -> host.process(in, out),
                "event 0 at 3000000 ps", "outside its window [2000000, 3000000) ps");
    }

    @Test
    void eventBeforeItsWindowIsRejected() {
        in.reset(2 * L);
        in.addPfcChange(2 * L - 1, 0, 0, false);
        assertViolation(() -> host.process(in, out),
                "event 0 at 1999999 ps", "outside its window [2000000, 3000000) ps");
    }

    @Test
    void eventTimeGoingBackwardsWithinABatchIsRejected() {
        in.reset(2 * L);
        in.addPfcChange(2_500_000L, 0, 0, false);
        in.addPfcChange(2_400_000L, 0, 0, false);
        assertViolation(() -> host.process(in, out),
                "event 1 at 2400000 ps", "before the previous event at 2500000 ps");
    }

    @Test
    void eventsAtTheSameTimeAreAccepted() {
        in.reset(2 * L);
        in.addPfcChange(2_500_000L, 0, 0, false);
        in.addPfcChange(2_500_000L, 1, 0, false);
        host.process(in, out);
        assertEquals(2, host.eventsProcessed());
    }

    @Test
    void unknownHostIsRejected() {
        in.reset(2 * L);
        in.addPfcChange(2_500_000L, 5, 0, false);
        assertViolation(() -> host.process(in, out), "event 0 names unknown host 5", "(hosts are 0..1)");
    }

    @Test
    void negativeHostIsRejected() {
        in.reset(2 * L);
        in.addPfcChange(2_500_000L, -2, 0, false);
        assertViolation(() -> host.process(in, out), "unknown host -2");
    }

    @Test
    void unknownFlowIsRejected() {
        in.reset(2 * L);
        in.addCompletion(2_500_000L, 0, 7, 0, 16384, 1_000_000L, 0, false);
        assertViolation(() -> host.process(in, out), "event 0 names unknown flow 7");
    }

    @Test
    void eventForAFlowAtAHostThatIsNotItsSourceIsRejected() {
        in.reset(2 * L);
        in.addFlowArrival(2_500_000L, 0, 0, 0, 0);   // flow 0's source is host 1
        assertViolation(() -> host.process(in, out),
                "event 0 for flow 0 went to host 0", "the flow's source is host 1");
    }

    @Test
    void eventForAFlowAtAThirdHostIsRejected() {
        // Neither source nor destination: host 2 of a three-host session.
        AgentHost three = new AgentHost(new SessionSpec(
                List.of(new HostInfo(0, NIC), new HostInfo(1, NIC), new HostInfo(2, NIC)),
                List.of("timely", "pfc_only", "pfc_only"), FLOWS, CTX));
        in.reset(2 * L);
        in.addCompletion(2_500_000L, 2, 0, 0, 16384, 1_000_000L, 0, false);
        assertViolation(() -> three.process(in, out),
                "event 0 for flow 0 went to host 2", "the flow's source is host 1");
    }

    /**
     * A completion is about bytes its flow's sender handed over (flow 1 of 32 KB, whose TIMELY
     * sender sends its first 16 KB segment at its arrival): a peer's 0xFFFFFFFF bytes (-1
     * here), which the RTT sample cannot take, or bytes not sent yet are refused before the
     * agent counts them as acknowledged (counted, they would finish the flow early).
     */
    @Test
    void aCompletionOfBytesNeverSentIsRejected() {
        in.reset(L);
        in.addFlowArrival(1_100_000L, 0, 1, 1, 32768);
        host.process(in, out);
        assertEquals(2, out.size(), "a segment and the pacer's timer for the next");
        assertEquals(ActionBatch.SEND_SEGMENT, out.kind(0));
        assertEquals(ActionBatch.SET_TIMER, out.kind(1));
        assertEquals(16384, out.seq(0) + out.bytes(0), "one segment handed over");
        in.reset(2 * L);
        in.addCompletion(2_000_000L, 0, 1, 16384, 16384, 2_100_000L, 0, false);
        assertViolation(() -> host.process(in, out), "event 0 is about 16384 bytes at seq 16384 of flow 1",
                "but its sender has handed over bytes below 16384 only");
        in.reset(30 * L);
        in.addCompletion(30_000_000L, 0, 1, 0, -1, 2_100_000L, 0, false);
        assertViolation(() -> host.process(in, out), "event 0 is about 4294967295 bytes at seq 0 of flow 1");
        in.reset(31 * L);
        in.addCompletion(31_000_000L, 0, 1, 1, 16384, 2_100_000L, 0, false);
        assertViolation(() -> host.process(in, out), "16384 bytes at seq 1 of flow 1");
        in.reset(32 * L);
        in.addCompletion(32_000_000L, 0, 1, 0, 16384, 2_100_000L, 0, false);
        host.process(in, out);  // the segment handed over
        assertEquals(ActionBatch.SEND_SEGMENT, out.kind(0), "and the sender goes on");
    }

    /** A SYN-ACK answers a SYN the flow's sender sent (TIMELY's never sends one) and completes no bytes. */
    @Test
    void aSynAckWithoutASynIsRejected() {
        in.reset(L);
        in.addFlowArrival(1_100_000L, 0, 1, 1, 32768);
        host.process(in, out);
        in.reset(2 * L);
        in.addCompletion(2_000_000L, 0, 1, 0, 0, 1_100_000L, 1_100_000L, 0, 0, false, true);
        assertViolation(() -> host.process(in, out), "event 0 is SYN-ACK number 1 of flow 1",
                "its sender has sent 0 SYNs");
        in.reset(3 * L);
        in.addCompletion(3_000_000L, 0, 1, 0, 100, 1_100_000L, 1_100_000L, 0, 0, false, true);
        assertViolation(() -> host.process(in, out), "event 0 is a SYN-ACK of flow 1 completing 100 bytes");
    }

    /**
     * Completing the one segment sent twice would count its bytes twice: the flow of two segments would finish
     * with one sent. (The segment the first completion lets the sender send counts once it is handed over, after
     * the window.)
     */
    @Test
    void aRepeatedCompletionIsRejected() {
        in.reset(L);
        in.addFlowArrival(1_100_000L, 0, 1, 1, 32768);
        host.process(in, out);  // the first 16 KB segment
        in.reset(30 * L);
        in.addCompletion(30_000_000L, 0, 1, 0, 16384, 2_100_000L, 0, false);
        in.addCompletion(30_500_000L, 0, 1, 0, 16384, 2_100_000L, 0, false);
        assertViolation(() -> host.process(in, out), "event 1 completes the segment of flow 1 at seq 0 (16384 bytes), "
                + "which is not outstanding", "(a completion repeated?)");
    }

    /**
     * Host 1 sends flow 0 at line rate: 16384 B at seq 0, then at its timer (18,307,200 ps) 16384 B at seq 16384.
     * Completing seq 0 twice completes 32768 B, what was sent in all, yet one segment twice and the other not
     * at all: the second completion of seq 0 is refused while seq 16384 is outstanding.
     */
    @Test
    void aRepeatedCompletionIsRejectedWhileOtherBytesOfTheFlowAreOutstanding() {
        sendTwoSegmentsOfFlow0();
        assertEquals(16384L, out.seq(0), "the second segment");
        in.reset(40 * L);
        in.addCompletion(40_000_000L, 1, 0, 0, 16384, 6_200_000L, 0, false);
        in.addCompletion(40_100_000L, 1, 0, 0, 16384, 6_200_000L, 0, false);
        assertViolation(() -> host.process(in, out), "event 1 completes the segment of flow 0 at seq 0 (16384 bytes), "
                + "which is not outstanding");
    }

    /** An NDP session: host 1 sends flow 0 (9000 B, six 1500-byte packets) to host 0. */
    private static AgentHost ndp() {
        AgentContext ctx = new AgentContext(L, 20_000_000L, 7L,
                Protocol.newBuilder().setNdp(org.cosim.proto.Ndp.getDefaultInstance()).build(), 1500);
        return new AgentHost(new SessionSpec(HOSTS, List.of("ndp", "ndp"), List.of(new FlowInfo(0, 1, 0, 9000)), ctx));
    }

    /**
     * A control packet carries a pull number its sender used. NDP's sender sends one
     * packet, or banks one credit, per number it has not seen: a number from nowhere
     * (here 2^40) would keep it at that for ever.
     */
    @Test
    void aPullNumberTheOtherEndNeverSentIsRejected() {
        AgentHost h = ndp();
        in.reset(L);
        in.addFlowArrival(1_000_000L, 1, 0, 0, 9000);  // the sender pushes all six packets
        h.process(in, out);
        in.reset(10 * L);
        in.addPacketArrival(10_000_000L, 0, 0, 0, 1500, 1, 0, 0, 2_000_000L);
        h.process(in, out);  // the receiver ACKs, a pull (number 1) riding on it
        assertEquals(1, out.pullNumber(0));
        in.reset(20 * L);
        in.addControlArrival(20_000_000L, 1, 0, ControlArrivalEvent.ACK, 0, 1, 1, 2_000_000L);
        h.process(in, out);  // what the receiver sent
        in.reset(21 * L);
        in.addControlArrival(21_000_000L, 1, 0, ControlArrivalEvent.PULL, 0, 1L << 40, 1, 0);
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertViolation(() -> h.process(in, out),
                "event 0: a control packet of flow 0 at host 1 carries pull number 1099511627776",
                "the flow's other end has sent pull numbers up to 1 only"));
    }

    /** The NDP session of host 0 only (a partition of a parallel run): flow 0's sender, host 1, is elsewhere. */
    private static AgentHost ndpAtHost0() {
        AgentContext ctx = new AgentContext(L, 20_000_000L, 7L,
                Protocol.newBuilder().setNdp(org.cosim.proto.Ndp.getDefaultInstance()).build(), 1500);
        return new AgentHost(new SessionSpec(HOSTS, List.of("ndp", "ndp"), List.of(new FlowInfo(0, 1, 0, 9000)), ctx,
                L, 0, 0, List.of(0)));
    }

    @Test
    void aSessionOfSomeHostsTakesAnotherSessionsSendersPacketsAsReportedAndRefusesItsHostsEvents() {
        AgentHost h = ndpAtHost0();
        // Host 1's FlowArrival went to the other session: nothing handed over here, yet the packet and then a
        // pull number host 1 used are what the fabric saw.
        in.reset(10 * L);
        in.addPacketArrival(10_000_000L, 0, 0, 0, 1500, 1, 0, 0, 2_000_000L);
        h.process(in, out);
        assertEquals(1, out.pullNumber(0), "the receiver ACKs with pull 1");
        in.reset(20 * L);
        in.addControlArrival(20_000_000L, 1, 0, ControlArrivalEvent.PULL, 0, 1, 1, 0);
        assertViolation(() -> h.process(in, out), "event 0 is for host 1, which is not one of this session's hosts");
    }

    @Test
    void localHostsAreDistinctKnownHostsInAscendingOrder() {
        assertViolation(() -> new SessionSpec(HOSTS, List.of("ndp", "ndp"), List.of(new FlowInfo(0, 1, 0, 9000)),
                CTX, L, 0, 0, List.of(1, 0)), "local host 0 at position 1", "ascending");
        assertViolation(() -> new SessionSpec(HOSTS, List.of("ndp", "ndp"), List.of(new FlowInfo(0, 1, 0, 9000)),
                CTX, L, 0, 0, List.of(2)), "local host 2 at position 0");
    }

    /** A packet arrival is about bytes its sender handed over: NDP's receiver makes room for every packet up to it. */
    @Test
    void aPacketBeyondWhatItsSenderSentIsRejected() {
        AgentHost h = ndp();
        in.reset(L);
        in.addFlowArrival(1_000_000L, 1, 0, 0, 9000);
        h.process(in, out);
        in.reset(10 * L);
        in.addPacketArrival(10_000_000L, 0, 0, 1L << 50, 1500, 1, 0, 0, 2_000_000L);
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertViolation(() -> h.process(in, out),
                "1500 bytes at seq 1125899906842624 of flow 0", "handed over bytes below 9000 only"));
    }

    /** Flow ids are proto uint32: -1 is what a peer's 0xFFFFFFFF becomes, and is named as sent. */
    @Test
    void flowEventWithoutAFlowIsRejected() {
        in.reset(2 * L);
        in.addFlowArrival(2_500_000L, 0, -1, 1, 0);
        assertViolation(() -> host.process(in, out), "unknown flow 4294967295");
    }

    // ------------------------------------------------------------ session checks

    @Test
    void unknownProtocolNameIsRejected() {
        SessionSpec spec = new SessionSpec(HOSTS, List.of("timely", "fastpass"), FLOWS, CTX);
        assertViolation(() -> new AgentHost(spec), "unknown protocol 'fastpass'",
                "(known: [custom_rate_law, custom_window_law, dcqcn, dctcp, fast, hpcc, mptcp, ndp, pfc_only, poseidon, swift, timely])");
    }

    @Test
    void nonDenseHostIdsAreRejected() {
        assertViolation(() -> new SessionSpec(List.of(new HostInfo(0, NIC), new HostInfo(2, NIC)),
                        List.of("timely", "timely"), List.of(), CTX),
                "host ids must be dense and in order: position 1 holds host 2");
    }

    @Test
    void protocolListMustMatchTheHostList() {
        assertViolation(() -> new SessionSpec(HOSTS, List.of("timely"), FLOWS, CTX),
                "host list has 2 hosts but 1 protocol names");
    }

    @Test
    void nonDenseFlowIdsAreRejected() {
        assertViolation(() -> new SessionSpec(HOSTS, List.of("timely", "timely"),
                        List.of(new FlowInfo(1, 0, 1, 0)), CTX),
                "flow ids must be dense and in order: position 0 holds flow 1");
    }

    @Test
    void flowBetweenUnknownHostsIsRejected() {
        assertViolation(() -> new SessionSpec(HOSTS, List.of("timely", "timely"),
                        List.of(new FlowInfo(0, 0, 2, 0)), CTX),
                "flow 0 joins unknown hosts 0 -> 2");
    }
}
