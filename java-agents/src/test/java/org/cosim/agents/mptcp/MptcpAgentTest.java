package org.cosim.agents.mptcp;

import static org.cosim.agents.api.TestActions.timers;
import static org.cosim.agents.api.TestEvents.arrival;
import static org.cosim.agents.api.TestEvents.completion;
import static org.cosim.agents.api.TestEvents.synAck;
import static org.cosim.agents.api.TestEvents.timer;
import static org.cosim.agents.api.TestEvents.transmitted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.api.ScriptedNic;
import org.cosim.agents.api.TestActions.TimerSet;
import org.cosim.proto.Mptcp;
import org.cosim.proto.Protocol;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * MPTCP on one host through its Agent methods: 9000-byte segments on a 10 Gb/s
 * NIC (7.2 us a segment), L = 1 us, unloaded RTT 20 us, RTO floor 1 ms. Where a
 * test's segments leave the NIC, a {@link ScriptedNic} sends them and reports
 * their transmissions.
 */
class MptcpAgentTest {
    private static final long US = 1_000_000L;
    private static final long L = US;
    private static final int HOST = 2;
    private static final int FLOW = 5;
    private static final int SEG = 9000;

    private ActionBatch out;
    private ScriptedNic nic;

    @BeforeEach
    void setUp() {
        out = new ActionBatch();
        out.reset(0);
        nic = new ScriptedNic(10_000_000_000L);
    }

    private static MptcpAgent agent(Mptcp.Builder m) {
        Protocol p = Protocol.newBuilder().setMptcp(m).build();
        return new MptcpAgent(new HostInfo(HOST, 10_000_000_000L), new AgentContext(L, 20 * US, 1L, p, SEG),
                MptcpConfig.from(m.build()));
    }

    /** A segment sent: its seq and the path it takes. */
    private record Sent(long seq, int path) { }

    /** A SYN sent: its subflow (the SYN's seq), the path it takes, and when. */
    private record Syn(long subflow, int path, long timePs) { }

    /** The segments sent since the last clear, in order. */
    private List<Sent> sends() {
        List<Sent> s = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            if (out.kind(i) == ActionBatch.SEND_SEGMENT) {
                s.add(new Sent(out.seq(i), out.path(i)));
            }
        }
        return s;
    }

    /** The SYNs sent since the last clear, in order. */
    private List<Syn> syns() {
        List<Syn> s = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            if (out.kind(i) == ActionBatch.SEND_SEGMENT && out.segmentOptions(i) == ActionSink.SYN) {
                assertEquals(0, out.bytes(i));
                s.add(new Syn(out.seq(i), out.path(i), out.time(i)));
            }
        }
        return s;
    }

    private int dataSends() {
        int n = 0;
        for (int i = 0; i < out.size(); i++) {
            if (out.kind(i) == ActionBatch.SEND_SEGMENT && out.bytes(i) > 0) {
                n++;
            }
        }
        return n;
    }

    @Test
    void withTheHandshakeTheFirstSubflowSetsUpAndTheOthersJoinAfterIt() {
        MptcpAgent a = agent(Mptcp.newBuilder().setSubflows(4).setSynHandshake(true));
        a.onFlowArrival(arrival(0, HOST, FLOW, 9, 0, 36), out);
        List<Syn> first = syns();
        assertEquals(1, first.size());                     // subflow 0's SYN, nothing else
        assertEquals(0, first.get(0).subflow());
        assertEquals(L, first.get(0).timePs());
        assertEquals(0, dataSends());
        MptcpConnection c = a.connection(FLOW);
        assertEquals(c.subflow(0).path, first.get(0).path());
        out.reset(0);
        a.onCompletion(synAck(21 * US, HOST, FLOW, 0, L), out);
        assertEquals(10, dataSends());                     // subflow 0: its initial window
        assertEquals(10, sends().stream().filter(x -> x.path() == c.subflow(0).path).count());
        List<Syn> joins = syns();
        assertEquals(3, joins.size());                     // MP_JOIN: the others' SYNs now
        for (int k = 0; k < 3; k++) {
            assertEquals(k + 1, joins.get(k).subflow());
            assertEquals(c.subflow(k + 1).path, joins.get(k).path());
            assertEquals(22 * US, joins.get(k).timePs());
        }
        assertEquals(20 * US, c.subflow(0).srttPs);        // the SYN's round trip is the first RTT sample
        out.reset(0);
        a.onCompletion(synAck(42 * US, HOST, FLOW, 2, 22 * US), out);
        assertEquals(10, dataSends());                     // subflow 2 joins with its initial window
        assertTrue(sends().stream().allMatch(x -> x.path() == c.subflow(2).path));
        out.reset(0);
        a.onCompletion(synAck(43 * US, HOST, FLOW, 2, 22 * US), out);  // a duplicate changes nothing
        assertEquals(0, out.size());
    }

    @Test
    void aLostSynIsResentAtEachTimeoutBackingOff() {
        MptcpAgent a = agent(Mptcp.newBuilder().setSubflows(2).setSynHandshake(true));
        a.onFlowArrival(arrival(0, HOST, FLOW, 9, 0, 4), out);
        long firstTimeout = L + 1000 * US;                 // the RTO floor, no RTT sample yet
        out.reset(0);
        a.onTimer(timer(firstTimeout - 1, HOST, MptcpConnection.timerId(FLOW, 0)), out);
        assertTrue(syns().isEmpty());                      // early: re-armed only
        out.reset(0);
        a.onTimer(timer(firstTimeout, HOST, MptcpConnection.timerId(FLOW, 0)), out);
        assertEquals(1, syns().size());
        assertEquals(firstTimeout + L, syns().get(0).timePs());
        out.reset(0);
        long second = firstTimeout + L + 2000 * US;        // backed off: twice the floor
        a.onTimer(timer(second - 1, HOST, MptcpConnection.timerId(FLOW, 0)), out);
        assertTrue(syns().isEmpty());
        a.onTimer(timer(second, HOST, MptcpConnection.timerId(FLOW, 0)), out);
        assertEquals(1, syns().size());
        assertEquals(0, dataSends());
    }

    /** The hardware ACK of segment {@code s} handed over at {@code handover}. */
    private static org.cosim.agents.api.CompletionEvent ack(long s, long handover, long at) {
        return completion(at, HOST, FLOW, s * SEG, SEG, handover);
    }

    @Test
    void subflowsTakeDistinctPathsAndEachStartsWithTheInitialWindow() {
        MptcpAgent a = agent(Mptcp.newBuilder());
        a.onFlowArrival(arrival(0, HOST, FLOW, 9, 0, 36), out);
        List<Sent> s = sends();
        assertEquals(80, s.size());                      // 8 subflows x 10 packets
        Map<Integer, Integer> perPath = new TreeMap<>();
        for (int i = 0; i < s.size(); i++) {
            assertEquals((long) i * SEG, s.get(i).seq());   // new data in order
            perPath.merge(s.get(i).path(), 1, Integer::sum);
        }
        assertEquals(8, perPath.size());
        perPath.forEach((path, n) -> {
            assertTrue(path >= 1 && path <= 36, "source route " + path);
            assertEquals(10, n);
        });
    }

    @Test
    void aFlowWithOnePathIsPlainTcpOnTheFabricsRoute() {
        MptcpAgent a = agent(Mptcp.newBuilder());
        a.onFlowArrival(arrival(0, HOST, FLOW, 3, 0, 1), out);
        assertEquals(1, a.connection(FLOW).subflowCount());
        assertEquals(10, sends().size());
        assertTrue(sends().stream().allMatch(x -> x.path() == 0));
    }

    @Test
    void aLossHalvesOnlyItsSubflowAndIsResentThereFirst() {
        MptcpAgent a = agent(Mptcp.newBuilder().setSubflows(2));
        a.onFlowArrival(arrival(0, HOST, FLOW, 9, 0, 4), out);
        int p0 = sends().get(0).path();
        int p1 = sends().get(10).path();
        MptcpConnection c = a.connection(FLOW);
        out.reset(0);
        // Segment 0 (subflow 0's first) is lost; the ACKs of its transmissions 2-4 come back.
        // Segment 0 (subflow 0's first) is lost; the ACKs of its transmissions 2-4 come back.
        a.onCompletion(ack(1, L, 30 * US), out);           // slow start: 11 (and two more segments out)
        a.onCompletion(ack(2, L, 31 * US), out);           // 12 (two more)
        assertEquals(12, c.subflow(0).cwnd, 1e-12);
        assertEquals(12, c.subflow(0).inflight);
        a.onCompletion(ack(3, L, 32 * US), out);           // transmission 1 is three behind: lost
        assertEquals(6, c.subflow(0).cwnd, 1e-12);         // halved once
        assertEquals(6, c.subflow(0).ssthresh, 1e-12);
        assertEquals(10, c.subflow(0).inflight);           // segments 4-9 and the four slow start added
        assertEquals(10, c.subflow(1).cwnd, 1e-12);        // the other subflow untouched
        out.reset(0);
        for (long seg = 4; seg < 8; seg++) {
            a.onCompletion(ack(seg, L, 33 * US), out);     // in recovery: no growth, no room yet
        }
        assertEquals(6, c.subflow(0).cwnd, 1e-12);
        assertTrue(sends().isEmpty());
        a.onCompletion(ack(8, L, 34 * US), out);           // 5 out: room for one
        List<Sent> s = sends();
        assertEquals(1, s.size());
        assertEquals(0, s.get(0).seq());                   // the lost segment first
        assertEquals(p0, s.get(0).path());                 // on its own subflow's path
        assertFalse(p0 == p1);
    }

    @Test
    void aTimeoutHandsTheSubflowsDataToAnotherSubflow() {
        MptcpAgent a = agent(Mptcp.newBuilder().setSubflows(2).setInitialCwndPackets(2));
        a.onFlowArrival(arrival(0, HOST, FLOW, 9, 4 * SEG, 4), out);
        List<Sent> first = sends();
        assertEquals(4, first.size());                     // segments 0,1 on subflow 0; 2,3 on subflow 1
        int p1 = first.get(2).path();
        MptcpConnection c = a.connection(FLOW);
        nic.transmit(out, a);                              // all four leave, 7.2 us apart from L
        // Subflow 1 delivers; subflow 0's path is dead.
        a.onCompletion(ack(2, L, 30 * US), out);
        a.onCompletion(ack(3, L, 31 * US), out);
        out.reset(0);
        long deadline = c.subflow(0).rto.deadlinePs();
        assertEquals(L + 1_000 * US, deadline);            // the 1 ms floor from the first hand-over (and TX)
        a.onTimer(timer(deadline, HOST, MptcpConnection.timerId(FLOW, 0)), out);
        assertEquals(1, c.subflow(0).cwnd, 1e-12);
        List<Sent> s = sends();
        assertEquals(2, s.size());
        // Subflow 1 (lower smoothed RTT than the unsampled subflow 0) resends both at once.
        assertEquals(new Sent(0, p1), s.get(0));
        assertEquals(new Sent(SEG, p1), s.get(1));
        long at = deadline + L;
        a.onCompletion(ack(0, at, at + 20 * US), out);
        out.reset(0);
        a.onCompletion(ack(1, at, at + 21 * US), out);
        assertEquals(ActionBatch.FLOW_FINISHED, out.kind(out.size() - 1));
        assertEquals(null, a.connection(FLOW));
    }

    @Test
    void aLateAckOfAnEarlierCopySettlesTheDataButNotTheWindow() {
        MptcpAgent a = agent(Mptcp.newBuilder().setSubflows(1).setInitialCwndPackets(1));
        a.onFlowArrival(arrival(0, HOST, FLOW, 9, 2 * SEG, 1), out);
        nic.transmit(out, a);
        MptcpConnection c = a.connection(FLOW);
        long deadline = c.subflow(0).rto.deadlinePs();
        a.onTimer(timer(deadline, HOST, MptcpConnection.timerId(FLOW, 0)), out);   // resent at deadline + L
        out.reset(0);
        a.onCompletion(ack(0, L, deadline + 5 * US), out);                         // the first copy's ACK
        assertEquals(1, c.subflow(0).cwnd, 1e-12);                                 // Karn: no growth, no sample
        assertFalse(c.subflow(0).sampled);
        assertEquals(1, sends().size());                                           // the resent copy is settled:
        assertEquals(SEG, sends().get(0).seq());                                   // room for segment 1
        assertEquals(1, c.subflow(0).inflight);
    }

    @Test
    void aSubflowsTimerDoesNotExpireWhileItsSegmentWaitsInTheNic() {
        MptcpAgent a = agent(Mptcp.newBuilder().setSubflows(1).setInitialCwndPackets(2));
        a.onFlowArrival(arrival(0, HOST, FLOW, 9, 4 * SEG, 1), out);  // segments 0, 1 handed over at L
        assertTrue(timers(out).isEmpty(), "no timer before a segment leaves");
        for (int i = 0; i < out.size(); i++) {
            assertEquals(ActionSink.REPORT_TX, out.segmentOptions(i), "every segment asks for its TX report");
        }
        out.reset(0);
        // Segment 0 leaves at L: the timer runs the 1 ms floor from then. Segment 1 waits in the busy NIC.
        a.onTransmitted(transmitted(L, HOST, FLOW, 0, SEG, L), out);
        assertEquals(L + 1_000 * US, timers(out).get(0).timePs());
        a.onCompletion(ack(0, L, 21 * US), out);           // segments 2, 3 go at 22 us, behind segment 1
        out.reset(0);
        a.onTimer(timer(L + 1_000 * US, HOST, MptcpConnection.timerId(FLOW, 0)), out);
        assertEquals(0, out.size(), "segment 1, the oldest out, is in the NIC: nothing resent, no timer");
        assertEquals(3, a.connection(FLOW).subflow(0).inflight);
        // Segment 1 leaves at 3 ms: its report arms the timer 3 + 1 = 4 ms.
        a.onTransmitted(transmitted(3_000 * US, HOST, FLOW, SEG, SEG, L), out);
        assertEquals(List.of(4_000 * US), timers(out).stream().map(TimerSet::timePs).toList());
    }

    @Test
    void aSubflowsTimeoutRunsOneRtoFromTheSegmentsTxTime() {
        MptcpAgent a = agent(Mptcp.newBuilder().setSubflows(1).setInitialCwndPackets(1));
        a.onFlowArrival(arrival(0, HOST, FLOW, 9, 2 * SEG, 1), out);  // segment 0 handed over at L
        out.reset(0);
        a.onTransmitted(transmitted(2_000 * US, HOST, FLOW, 0, SEG, L), out);  // it leaves at 2 ms
        assertEquals(List.of(3_000 * US), timers(out).stream().map(TimerSet::timePs).toList(), "2 + 1 ms");
        out.reset(0);
        a.onTimer(timer(3_000 * US - 1, HOST, MptcpConnection.timerId(FLOW, 0)), out);
        assertTrue(sends().isEmpty(), "a picosecond early");
        assertEquals(List.of(3_000 * US - 1 + L), timers(out).stream().map(TimerSet::timePs).toList(),
                "re-armed no earlier than L later");
        out.reset(0);
        a.onTimer(timer(3_000 * US, HOST, MptcpConnection.timerId(FLOW, 0)), out);
        assertEquals(1, sends().size());
        assertEquals(0, sends().get(0).seq(), "segment 0 again");
        assertEquals(3_000 * US + L, out.time(0));
    }

    @Test
    void aClosedFlowSendsNothingNewAfterItsStopAndFinishesWhenAllIsAcked() {
        MptcpAgent a = agent(Mptcp.newBuilder().setSubflows(1).setInitialCwndPackets(2));
        org.cosim.agents.api.FlowArrivalEvent e = arrival(0, HOST, FLOW, 9, 0, 1);
        e.closeAt(30 * US);
        a.onFlowArrival(e, out);
        assertEquals(2, sends().size());
        out.reset(0);
        a.onCompletion(ack(0, L, 21 * US), out);  // hands over at 22 us, before the stop: two more (slow start)
        assertEquals(2, sends().size());
        out.reset(0);
        a.onCompletion(ack(1, L, 29 * US), out);  // would hand over at 30 us: the flow closes
        assertEquals(0, sends().size());
        a.onCompletion(ack(2, 22 * US, 42 * US), out);
        assertEquals(0, sends().size());
        for (int i = 0; i < out.size(); i++) {
            assertTrue(out.kind(i) != ActionBatch.FLOW_FINISHED, "segment 3 is still out");
        }
        out.reset(0);
        a.onCompletion(ack(3, 22 * US, 43 * US), out);
        assertEquals(ActionBatch.FLOW_FINISHED, out.kind(out.size() - 1));
        assertEquals(43 * US, out.time(out.size() - 1));
    }

    /** Timer ids carry the flow and the subflow: an id naming a subflow the flow lacks, or no flow, is not ours. */
    @Test
    void aTimerItDidNotSetIsIgnored() {
        MptcpAgent a = agent(Mptcp.newBuilder().setSubflows(4));
        a.onFlowArrival(arrival(0, HOST, FLOW, 9, 0, 4), out);
        out.reset(0);
        for (long id : new long[] {MptcpConnection.timerId(FLOW, 9), MptcpConnection.timerId(FLOW, 31), -1,
                Long.MIN_VALUE, (1L << 40) * MptcpConfig.MAX_SUBFLOWS + FLOW}) {
            a.onTimer(timer(5 * US, HOST, id), out);
        }
        assertEquals(0, out.size());
        assertEquals(4, a.connection(FLOW).subflowCount());
    }
}
