package org.cosim.agents.timely;

import static org.cosim.agents.api.TestEvents.arrival;
import static org.cosim.agents.api.TestEvents.completion;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.proto.Protocol;
import org.cosim.proto.Timely;
import org.junit.jupiter.api.Test;

/** TIMELY on one host: the C/(N+1) start rule and the rate engine wired to completions. */
class TimelyAgentTest {
    private static final long L = 1_000_000L;
    private static final long BASE_RTT = 20_000_000L;

    private static TimelyAgent agent(Timely params) {
        Protocol p = Protocol.newBuilder().setTimely(params).build();
        return new TimelyAgent(new HostInfo(0, 10_000_000_000L), new AgentContext(L, BASE_RTT, 1L, p),
                TimelyConfig.from(params, BASE_RTT));
    }

    @Test
    void newFlowStartsAtLineRateOverActiveFlowsPlusOne() {
        TimelyAgent a = agent(Timely.getDefaultInstance());
        ActionBatch out = new ActionBatch();
        out.reset(0);
        a.onFlowArrival(arrival(0L, 0, 0, 1, 0), out);
        a.onFlowArrival(arrival(0L, 0, 1, 1, 0), out);
        a.onFlowArrival(arrival(0L, 0, 2, 1, 0), out);
        assertEquals(10e9, a.rateBps(0));        // C / (0 + 1)
        assertEquals(5e9, a.rateBps(1));         // C / (1 + 1)
        assertEquals(10e9 / 3, a.rateBps(2));    // C / (2 + 1)
        // Flow 1 at 5 Gb/s: first segment at L, wake-up at L + 16384*8/5e9 s - L = 26,214,400 ps.
        assertEquals(ActionBatch.SET_TIMER, out.kind(3));
        assertEquals(26_214_400L, out.time(3));
        assertEquals(1, out.timerId(3));
    }

    @Test
    void completionRunsAlgorithmOneOnTheSegmentRtt() {
        TimelyAgent a = agent(Timely.getDefaultInstance());
        ActionBatch out = new ActionBatch();
        out.reset(0);
        a.onFlowArrival(arrival(0L, 0, 0, 1, 0), out);   // starts at 10 Gb/s, first segment sent at L
        // RTT = 1,014,107,200 - 1,000,000 - 13,107,200 = 1,000,000,000 ps = 1000 us > T_high:
        // factor 1 - 0.8*(1 - 500/1000) = 0.6 -> 6 Gb/s.
        a.onCompletion(completion(1_014_107_200L, 0, 0, 0, 16384, 1_000_000L), out);
        assertEquals(6e9, a.rateBps(0), 6e9 * 1e-9);
    }

    @Test
    void lowRttSampleAtLineRateStaysAtLineRate() {
        TimelyAgent a = agent(Timely.getDefaultInstance());
        ActionBatch out = new ActionBatch();
        out.reset(0);
        a.onFlowArrival(arrival(0L, 0, 0, 1, 0), out);
        // RTT 10 us < T_low: + delta, but the line rate caps it.
        a.onCompletion(completion(1_000_000L + 13_107_200L + 10_000_000L, 0, 0, 0, 16384, 1_000_000L), out);
        assertEquals(10e9, a.rateBps(0));
    }
}
