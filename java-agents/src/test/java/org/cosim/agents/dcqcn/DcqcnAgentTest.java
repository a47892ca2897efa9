package org.cosim.agents.dcqcn;

import static org.cosim.agents.api.TestEvents.arrival;
import static org.cosim.agents.api.TestEvents.completion;
import static org.cosim.agents.api.TestEvents.timer;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.proto.Dcqcn;
import org.cosim.proto.Protocol;
import org.junit.jupiter.api.Test;

/** DCQCN on one host: line-rate start, ECN echoes as CNPs, timers applied at pacer wake-ups. */
class DcqcnAgentTest {
    private static final long L = 1_000_000L;
    private static final long US = 1_000_000L;

    private static DcqcnAgent agent(Dcqcn params) {
        Protocol p = Protocol.newBuilder().setDcqcn(params).build();
        return new DcqcnAgent(new HostInfo(0, 10_000_000_000L), new AgentContext(L, 20 * US, 1L, p),
                DcqcnConfig.from(params));
    }

    @Test
    void flowsStartAtLineRateAndAMarkedAckHalvesTheRate() {
        DcqcnAgent a = agent(Dcqcn.newBuilder().setSegmentBytes(9000).build());
        ActionBatch out = new ActionBatch();
        out.reset(0);
        a.onFlowArrival(arrival(0L, 0, 0, 1, 0), out);
        a.onFlowArrival(arrival(0L, 0, 1, 1, 0), out);
        assertEquals(10e9, a.rateBps(0));
        assertEquals(10e9, a.rateBps(1));                   // no C/(N+1) rule: every flow at line rate
        a.onCompletion(completion(30 * US, 0, 0, 0, 9000, L, false), out);
        assertEquals(10e9, a.rateBps(0));
        a.onCompletion(completion(31 * US, 0, 0, 9000, 9000, L, true), out);
        assertEquals(5e9, a.rateBps(0));                    // alpha 1: Rc (1 - 1/2)
        a.onCompletion(completion(32 * US, 0, 0, 18000, 9000, L, true), out);
        assertEquals(5e9, a.rateBps(0));                    // within the CNP interval
        assertEquals(10e9, a.rateBps(1));
    }

    @Test
    void aPacerWakeUpAppliesTheTimersThatEnded() {
        DcqcnAgent a = agent(Dcqcn.newBuilder().setSegmentBytes(9000).setMaxOutstandingSegments(1000).build());
        ActionBatch out = new ActionBatch();
        out.reset(0);
        a.onFlowArrival(arrival(0L, 0, 0, 1, 0), out);
        a.onCompletion(completion(10 * US, 0, 0, 0, 9000, L, true), out);   // CNP at 10 us: 5 Gb/s
        a.onTimer(timer(65 * US, 0, 0), out);               // one timer period ended at 65 us: fast recovery
        assertEquals(7.5e9, a.rateBps(0));
    }
}
