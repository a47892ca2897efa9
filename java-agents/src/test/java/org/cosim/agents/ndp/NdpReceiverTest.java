package org.cosim.agents.ndp;

import static org.cosim.agents.api.TestActions.finished;
import static org.cosim.agents.api.TestActions.timers;
import static org.cosim.agents.api.TestEvents.packet;
import static org.cosim.agents.api.TestEvents.timer;
import static org.cosim.agents.ndp.NdpTesting.L;
import static org.cosim.agents.ndp.NdpTesting.MTU;
import static org.cosim.agents.ndp.NdpTesting.PACKET_PS;
import static org.cosim.agents.ndp.NdpTesting.batch;
import static org.cosim.agents.ndp.NdpTesting.controls;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.api.TestActions.FlowFinished;
import org.cosim.agents.api.TestActions.TimerSet;
import org.cosim.proto.Ndp;
import org.junit.jupiter.api.Test;

/** NDP's receiver (host 0): ACK/NACK per arrival, one paced pull per arrival, the cap after the last packet. */
class NdpReceiverTest {
    private static final int HOST = 0;
    private NdpAgent agent = NdpTesting.agent(HOST, Ndp.newBuilder());

    private ActionBatch arrive(long t, int flow, long packet, int path, int flags) {
        ActionBatch out = batch();
        agent.onPacketArrival(packet(t, HOST, flow, packet * MTU, MTU, path, flags, 1000 + packet), out);
        return out;
    }

    @Test
    void eachDataPacketIsAckedAtOnceEchoingItsPathAndSendTime() {
        ActionBatch out = arrive(0, 3, 5, 7, 0);
        assertEquals(List.of(new NdpTesting.Ctl(L, 3, ControlArrivalEvent.ACK, 5L * MTU, 1, 7, 1005)), controls(out),
                "the pacer is idle: a pull rides on the ACK");
        ActionBatch header = arrive(PACKET_PS / 2, 3, 6, 2, EventBatch.TRIMMED);
        NdpTesting.Ctl nack = controls(header).get(0);
        assertEquals(ControlArrivalEvent.NACK, nack.kind());
        assertEquals(0, nack.pull(), "the pacer sent a pull half a packet ago: this one is queued");
        assertEquals(PACKET_PS / 2 + L, nack.time());
        assertEquals(2, nack.path(), "back on the path it answers");
        // The queued pull goes one packet time after the first, chosen L before.
        assertEquals(List.of(PACKET_PS), timers(header).stream().map(TimerSet::timePs).toList());
        ActionBatch later = batch();
        agent.onTimer(timer(PACKET_PS, HOST, NdpAgent.PACER_TIMER), later);
        assertEquals(List.of(new NdpTesting.Ctl(L + PACKET_PS, 3, ControlArrivalEvent.PULL, 0, 2, 2, 0)),
                controls(later), "pull number 2, on the latest arrival's path");
    }

    @Test
    void theAckAlsoEchoesTheDataPacketsTxTimeForTheNetworkRtt() {
        // Handed to the sender NIC at 1000 ps, onto the wire at 4000 ps (it waited behind others there).
        ActionBatch out = batch();
        agent.onPacketArrival(packet(0, HOST, 3, 0, MTU, 1, 0, 1000, 4000), out);
        assertEquals(1, out.size());
        assertEquals(1000, out.echoTimePs(0), "the send time: the host RTT's start");
        assertEquals(4000, out.echoTxTimePs(0), "the TX time: the network RTT's start");
    }

    @Test
    void afterTheLastPacketPullsAreCappedAtWhatIsMissingAndTheFlowFinishesOnce() {
        arrive(0, 1, 0, 1, EventBatch.TRIMMED);            // NACK + riding pull
        arrive(L, 1, 1, 1, EventBatch.TRIMMED);            // pull queued (1)
        arrive(2 * L, 1, 2, 1, EventBatch.LAST_OF_FLOW);   // last: 3 packets, 2 missing: pull queued (2)
        RecvFlow f = agent.receiver().flow(1);
        assertEquals(3, f.total);
        assertEquals(2, f.pending);
        arrive(3 * L, 1, 0, 1, 0);                         // 1 missing: no new pull, queue capped to 1
        assertEquals(1, f.pending);
        ActionBatch done = arrive(4 * L, 1, 1, 1, 0);      // all in
        assertEquals(0, f.pending);
        assertEquals(List.of(new FlowFinished(4 * L, 1)), finished(done),
                "finished at the time of the event that completed it");
        ActionBatch dup = arrive(5 * L, 1, 2, 1, 0);
        assertEquals(0, controls(dup).get(0).pull(), "a late duplicate is ACKed without a pull");
        assertTrue(finished(dup).isEmpty());
        assertTrue(agent.receiver().queue().isEmpty());
    }

    @Test
    void withoutTheCapQueuedPullsStayUntilEverythingArrived() {
        agent = NdpTesting.agent(HOST, Ndp.newBuilder().setCapPullsAfterLast(false));
        arrive(0, 1, 0, 1, EventBatch.TRIMMED);
        arrive(L, 1, 1, 1, 0);
        arrive(2 * L, 1, 2, 1, EventBatch.LAST_OF_FLOW);
        arrive(3 * L, 1, 0, 1, EventBatch.TRIMMED);        // packet 0 trimmed again: 1 missing, 3 pulls queued
        assertEquals(3, agent.receiver().flow(1).pending, "one per arrival after the first, no cap");
    }

    @Test
    void aPrioritizedFlowsPullsGoFirst() {
        agent = NdpTesting.agent(HOST, Ndp.newBuilder().addPrioritizedFlows(5));
        arrive(0, 1, 0, 1, 0);        // rides
        arrive(0, 1, 1, 1, 0);        // queued; the pacer wakes at 7.2 us
        arrive(L, 5, 0, 2, 0);        // queued, prioritized
        arrive(2 * L, 5, 1, 2, 0);    // queued, prioritized
        long t = PACKET_PS;
        List<Integer> order = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ActionBatch out = batch();
            agent.onTimer(timer(t, HOST, NdpAgent.PACER_TIMER), out);
            order.add(controls(out).get(0).flow());
            t += PACKET_PS;
        }
        assertEquals(List.of(5, 5, 1), order);
    }

    /** Flow 1 (3 packets): packet 0 and the last arrive, packet 1's pull goes out, and then nothing arrives. */
    private void strandPacketOne() {
        arrive(0, 1, 0, 1, 0);                              // rides a pull
        arrive(L, 1, 2, 1, EventBatch.LAST_OF_FLOW);        // 1 missing: a pull queued
        ActionBatch pull = batch();
        agent.onTimer(timer(PACKET_PS, HOST, NdpAgent.PACER_TIMER), pull);
        assertEquals(ControlArrivalEvent.PULL, controls(pull).get(0).kind());
        assertEquals(0, agent.receiver().flow(1).pending);
    }

    @Test
    void aFlowSilentForRtoMinWithPacketsMissingAndNoPullQueuedGetsOnePull() {
        strandPacketOne();
        long rto = 1_000_000_000L;                          // rto_min 1 ms
        ActionBatch early = batch();
        agent.onTimer(timer(L + rto, HOST, NdpAgent.stallTimer(1)), early);
        assertTrue(controls(early).isEmpty(), "the last pull went out at 7.2 us: not silent for 1 ms yet");
        assertEquals(List.of(PACKET_PS + L + rto), timers(early).stream().map(TimerSet::timePs).toList(),
                "looks again 1 ms after the pull, once the pull's own time L has passed");
        ActionBatch probe = batch();
        agent.onTimer(timer(PACKET_PS + L + rto, HOST, NdpAgent.stallTimer(1)), probe);
        assertEquals(List.of(new NdpTesting.Ctl(PACKET_PS + 2 * L + rto, 1, ControlArrivalEvent.PULL, 0, 3, 1, 0)),
                controls(probe), "pull number 3 for the stranded packet");
        assertEquals(1, agent.receiver().stallPulls());
        ActionBatch done = arrive(PACKET_PS + 5 * L + rto, 1, 1, 1, 0);
        assertEquals(1, finished(done).size());
        ActionBatch after = batch();
        agent.onTimer(timer(PACKET_PS + 2 * L + 2 * rto, HOST, NdpAgent.stallTimer(1)), after);
        assertEquals(0, after.size(), "a finished flow is no longer watched");
    }

    @Test
    void theStallWatchCanBeSwitchedOff() {
        agent = NdpTesting.agent(HOST, Ndp.newBuilder().setStallPull(false));
        arrive(0, 1, 0, 1, 0);
        ActionBatch last = arrive(L, 1, 2, 1, EventBatch.LAST_OF_FLOW);
        assertTrue(timers(last).stream().noneMatch(t -> t.timerId() == NdpAgent.stallTimer(1)), "no stall timer");
    }

    @Test
    void aStallTimerForAFlowItNeverHeardOfIsIgnored() {
        ActionBatch out = batch();
        agent.onTimer(timer(L, HOST, NdpAgent.stallTimer(9)), out);
        agent.onTimer(timer(L, HOST, NdpAgent.stallTimer(-1)), out);
        assertEquals(0, out.size());
    }

    /**
     * A header marked last that says the flow has fewer packets than have arrived (a
     * fabric that lies): nothing is missing, so no pull stays queued, and the queue's
     * count stays what its flows hold.
     */
    @Test
    void aLastPacketBelowWhatArrivedLeavesNoPullsOwed() {
        for (int p = 0; p < 4; p++) {
            arrive(p * PACKET_PS, 1, p, 1, 0);
        }
        ActionBatch out = arrive(4 * PACKET_PS, 1, 0, 1, EventBatch.TRIMMED | EventBatch.LAST_OF_FLOW);
        assertEquals(0, agent.receiver().flow(1).pending);
        assertEquals(0, agent.receiver().queue().size());
        assertTrue(controls(out).stream().noneMatch(c -> c.kind() == ControlArrivalEvent.PULL));
        agent.onTimer(timer(5 * PACKET_PS, HOST, NdpAgent.PACER_TIMER), batch());
        assertEquals(0, agent.receiver().queue().size());
    }
}
