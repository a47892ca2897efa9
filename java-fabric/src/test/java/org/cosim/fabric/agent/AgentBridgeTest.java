package org.cosim.fabric.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.api.CompletionEvent;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.api.TimerEvent;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.net.LinkTransmitter;
import org.cosim.fabric.net.Nic;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.stats.FlowStats;
import org.cosim.fabric.stats.RttRecorder;
import org.cosim.setup.hardware.NicParams;
import org.cosim.setup.workload.FlowTable;
import org.junit.jupiter.api.Test;

/**
 * The window rule, on a bridge wired by hand: two NICs back to back (10 Gb/s, 1 us each way),
 * L = 1 us, a scripted agent side that sees the simulated time of each exchange.
 */
class AgentBridgeTest {
    private static final long L = 1_000_000;
    private static final long TEN_G = 10_000_000_000L;
    private static final long DELAY = 1_000_000;

    private final Simulator sim = new Simulator();
    private final PacketPool pool = new PacketPool();
    private final FlowTable flows = new FlowTable();
    private FlowStats stats;
    private AgentBridge bridge;
    private ScriptedTransport transport;
    private long window = L;  // H: L unless a test pipelines

    /** A flow of the workload, between hosts 0 and 1. */
    private record FlowDef(int src, int dst, long bytes, long startPs) { }

    private static FlowDef flow(int src, int dst, long bytes, long startPs) {
        return new FlowDef(src, dst, bytes, startPs);
    }

    private void rig(ScriptedTransport.Script script, FlowDef... defs) {
        for (FlowDef d : defs) {
            flows.add(d.src(), d.dst(), d.bytes(), d.startPs());
        }
        stats = new FlowStats(flows.size(), 0);
        RttRecorder rtts = new RttRecorder(0);
        Nic[] nics = new Nic[2];
        transport = new ScriptedTransport(sim::now, script);
        int[] onePathEach = new int[flows.size()];
        java.util.Arrays.fill(onePathEach, 1);
        bridge = new AgentBridge(sim, L, window, transport, flows, stats, nics, onePathEach);
        for (int h = 0; h < 2; h++) {
            nics[h] = new Nic(h, sim, pool, new NicParams(1500, 64), stats, rtts, bridge, flows);
        }
        LinkTransmitter ab = nics[0].connect(TEN_G, DELAY, 0);
        LinkTransmitter ba = nics[1].connect(TEN_G, DELAY, 0);
        ab.attach(nics[1].handler(), 0);
        ba.attach(nics[0].handler(), 0);
        bridge.scheduleFlowStarts();
    }

    @Test
    void eventsOfAWindowGoInOneBatchFlushedAtTheWindowEnd() {
        rig((i, in, out) -> { },
                flow(0, 1, 1000, 300_000),
                flow(0, 1, 1000, 700_000),
                flow(0, 1, 1000, 1_000_000),  // exactly at W+L of the first window: next window
                flow(1, 0, 1000, 2_500_000));
        sim.runUntil(10_000_000);
        List<ScriptedTransport.Batch> b = transport.batches;
        assertEquals(3, b.size());
        // window [0, 1 us): flows 0 and 1, flushed at 1 us (before the flow starting at 1 us)
        assertEquals(0, b.get(0).windowStartPs());
        assertEquals(1_000_000, b.get(0).exchangedAtPs());
        assertEquals(List.of(300_000L, 700_000L), times(b.get(0)));
        // window [1 us, 2 us): flow 2
        assertEquals(1_000_000, b.get(1).windowStartPs());
        assertEquals(2_000_000, b.get(1).exchangedAtPs());
        assertEquals(List.of(1_000_000L), times(b.get(1)));
        // window [2 us, 3 us): flow 3, at its source host 1
        assertEquals(2_000_000, b.get(2).windowStartPs());
        assertEquals(3_000_000, b.get(2).exchangedAtPs());
        assertEquals(1, b.get(2).events().get(0).host());
        for (ScriptedTransport.Batch batch : b) {
            for (ScriptedTransport.Event e : batch.events()) {
                assertTrue(e.time() >= batch.windowStartPs() && e.time() < batch.windowStartPs() + L,
                        "event at " + e.time() + " outside [" + batch.windowStartPs() + ", +L)");
                assertEquals(EventBatch.FLOW_ARRIVAL, e.kind());
            }
            assertEquals(batch.windowStartPs() + L, batch.exchangedAtPs(), "flush at W + L");
        }
        assertEquals(3, bridge.windows());
        assertEquals(4, bridge.eventsSent());
    }

    @Test
    void windowsWithoutEventsCostNoExchange() {
        rig((i, in, out) -> { }, flow(0, 1, 1000, 5_500_000));
        sim.runUntil(100_000_000);
        assertEquals(1, transport.batches.size());
        assertEquals(5_000_000, transport.batches.get(0).windowStartPs());
    }

    @Test
    void segmentTimedAtTheWindowEndIsPostedThenAndItsCompletionComesBack() {
        record Completed(long timePs, long sendTimePs, int bytes) { }
        List<Completed> completions = new ArrayList<>();
        rig((i, in, out) -> {
            for (int k = 0; k < in.size(); k++) {
                if (in.kind(k) == EventBatch.FLOW_ARRIVAL) {
                    out.sendSegment(in.windowStartPs() + L, in.host(k), in.flow(k), 0, 16384, 0);
                } else if (in.kind(k) == EventBatch.COMPLETION) {
                    CompletionEvent c = new CompletionEvent();
                    in.read(k, c);
                    completions.add(new Completed(c.timePs(), c.sendTimePs(), c.bytes()));
                    out.flowFinished(c.timePs(), c.host(), c.flow());
                }
            }
        }, flow(0, 1, 16384, 300_000));
        sim.runUntil(100_000_000);
        // posted at W + L = 1 us; 16384 B at 800 ps/B = 13,107,200; + 1 us; ACK 51,200; + 1 us
        long done = 1_000_000 + 13_107_200 + DELAY + 51_200 + DELAY;
        assertEquals(1, completions.size());
        Completed completion = completions.get(0);
        assertEquals(done, completion.timePs());
        assertEquals(1_000_000, completion.sendTimePs(), "send time = the action's time");
        assertEquals(16384, completion.bytes());
        assertEquals(done, stats.finishPs(0));
        assertEquals(16384, stats.deliveredBytes(0));
        // the completion's window: [16 us, 17 us), exchanged at 17 us
        ScriptedTransport.Batch last = transport.batches.get(transport.batches.size() - 1);
        assertEquals(16_000_000, last.windowStartPs());
        assertEquals(17_000_000, last.exchangedAtPs());
    }

    @Test
    void actionTimedBeforeTheWindowEndIsRejected() {
        rig((i, in, out) -> out.sendSegment(in.windowStartPs() + L - 1, 0, 0, 0, 1000, 0),
                flow(0, 1, 1000, 300_000));
        BadActionException e = assertThrows(BadActionException.class, () -> sim.runUntil(10_000_000));
        assertTrue(e.getMessage().contains("before the window's end"), e.getMessage());
        assertTrue(e.getMessage().contains("999999"), e.getMessage());
    }

    @Test
    void timerBeforeTheWindowEndIsRejectedToo() {
        rig((i, in, out) -> out.setTimer(in.time(0) + 1, 0, 5), flow(0, 1, 1000, 300_000));
        BadActionException e = assertThrows(BadActionException.class, () -> sim.runUntil(10_000_000));
        assertTrue(e.getMessage().contains("before the window's end"), e.getMessage());
    }

    @Test
    void timerFiresAsAnEventInItsOwnWindow() {
        record Fired(long timePs, int host, long timerId) { }
        List<Fired> fired = new ArrayList<>();
        rig((i, in, out) -> {
            if (i == 0) {
                out.setTimer(1_000_500, 0, 77);
            } else {
                TimerEvent t = new TimerEvent();
                in.read(0, t);
                fired.add(new Fired(t.timePs(), t.host(), t.timerId()));
            }
        }, flow(0, 1, 1000, 300_000));
        sim.runUntil(10_000_000);
        assertEquals(2, transport.batches.size());
        assertEquals(EventBatch.TIMER, transport.batches.get(1).events().get(0).kind());
        assertEquals(1_000_000, transport.batches.get(1).windowStartPs());
        assertEquals(2_000_000, transport.batches.get(1).exchangedAtPs());
        assertEquals(List.of(new Fired(1_000_500, 0, 77)), fired);
    }

    @Test
    void unknownHostIsRejected() {
        rig((i, in, out) -> out.sendSegment(in.windowStartPs() + L, 2, 0, 0, 1000, 0),
                flow(0, 1, 1000, 0));
        BadActionException e = assertThrows(BadActionException.class, () -> sim.runUntil(10_000_000));
        assertTrue(e.getMessage().contains("unknown host 2"), e.getMessage());
    }

    @Test
    void pipelinedWindowsAreSentAtWPlusHAndTheirActionsAppliedAtWPlusL() {
        window = L / 4;
        rig((i, in, out) -> {
            if (i == 0) {
                out.setTimer(in.windowStartPs() + L, 0, 9);  // the earliest the contract allows
            }
        }, flow(0, 1, 1000, 300_000), flow(0, 1, 1000, 600_000));
        sim.runUntil(10_000_000);
        List<ScriptedTransport.Batch> b = transport.batches;
        assertEquals(3, b.size());
        // [250, 500) ns and [500, 750) ns: each sent at its own end, not at W + L
        assertEquals(List.of(250_000L, 500_000L), List.of(b.get(0).windowStartPs(), b.get(1).windowStartPs()));
        assertEquals(List.of(500_000L, 750_000L), List.of(b.get(0).exchangedAtPs(), b.get(1).exchangedAtPs()));
        // the timer of the first answer entered the event set at W + L = 1.25 us and fired then
        assertEquals(1_250_000, b.get(2).windowStartPs());
        assertEquals(List.of(1_250_000L), times(b.get(2)));
        assertEquals(EventBatch.TIMER, b.get(2).events().get(0).kind());
        assertEquals(1_500_000, b.get(2).exchangedAtPs());
    }

    @Test
    void pipelinedFlowFinishMustLieInItsOwnShortWindow() {
        window = L / 2;
        // in [0, L) but after the batch window [0, L/2) of the event that finished the flow
        rig((i, in, out) -> out.flowFinished(in.windowStartPs() + L / 2, 0, 0), flow(0, 1, 1000, 100_000));
        BadActionException e = assertThrows(BadActionException.class, () -> sim.runUntil(10_000_000));
        assertTrue(e.getMessage().contains("outside the window of the event that finished it [0, 500000)"),
                e.getMessage());
    }

    @Test
    void aPipelinedAnswerIsCheckedWhenItArrivesNotWhenItIsApplied() {
        window = L / 2;
        rig((i, in, out) -> out.sendSegment(in.windowStartPs() + L - 1, 0, 0, 0, 1000, 0),
                flow(0, 1, 1000, 100_000));
        BadActionException e = assertThrows(BadActionException.class, () -> sim.runUntil(10_000_000));
        assertTrue(e.getMessage().contains("before the window's end W+L = 1000000 ps"), e.getMessage());
        assertEquals(500_000, sim.now(), "refused at W+H, when the answer came");
    }

    @Test
    void batchWindowMustDivideL() {
        window = 300_000;
        assertThrows(IllegalArgumentException.class, () -> rig((i, in, out) -> { }, flow(0, 1, 1000, 0)));
    }

    private static List<Long> times(ScriptedTransport.Batch b) {
        return b.events().stream().map(ScriptedTransport.Event::time).toList();
    }
}
