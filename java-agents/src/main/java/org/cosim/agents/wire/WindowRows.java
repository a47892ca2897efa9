package org.cosim.agents.wire;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.CompletionEvent;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.api.FlowArrivalEvent;
import org.cosim.agents.api.PacketArrivalEvent;
import org.cosim.agents.api.PfcChangeEvent;
import org.cosim.agents.api.TimerEvent;
import org.cosim.agents.api.TransmittedEvent;
import org.cosim.agents.host.ContractViolation;

/**
 * One window's batch as fixed-size rows in a byte buffer: how the OMNeT++ bridge and its in-process agents
 * ({@link InProcessSession}) pass {@link EventBatch} and {@link ActionBatch} without protobuf. A row holds the
 * columns of the batch classes, in the machine's byte order (both sides are one process); the C++ twin is
 * omnetpp-bridge/src/agents/WindowRows.h, with the same offsets.
 *
 * <p>A batch: a 16-byte header (the window start, int64; the row count, int32; 4 bytes unused), then its rows.
 * An event row is 80 bytes: kind, host, flow (-1: none), path, flags and INT hop count (int32 each), then time,
 * a, b, c, d, e, g (int64 each), the columns of {@link EventBatch} (for a completion a seq, b bytes, c send time,
 * d and e the INT max-hop delays, g TX time; the others as its {@code add} methods say); a completion's INT hop
 * records follow its row, 32 bytes each (queue bytes, TX bytes, time, rate). An action row is 64 bytes: kind,
 * host, flow, path, options (segment options or control kind) and bytes (int32 each), then time, seq, number (a
 * timer's id or a pull number), echo and echo TX time (int64 each).
 */
public final class WindowRows {
    private WindowRows() {}

    public static final int HEADER = 16;
    public static final int EVENT_ROW = 80;
    public static final int HOP_ROW = 32;
    public static final int ACTION_ROW = 64;

    // event row offsets
    static final int E_KIND = 0, E_HOST = 4, E_FLOW = 8, E_PATH = 12, E_FLAGS = 16, E_HOPS = 20;
    static final int E_TIME = 24, E_A = 32, E_B = 40, E_C = 48, E_D = 56, E_E = 64, E_G = 72;
    // action row offsets
    static final int A_KIND = 0, A_HOST = 4, A_FLOW = 8, A_PATH = 12, A_OPTIONS = 16, A_BYTES = 20;
    static final int A_TIME = 24, A_SEQ = 32, A_NUMBER = 40, A_ECHO = 48, A_ECHO_TX = 56;

    /** Reads the events of {@code in} [0, length) into {@code into}; a malformed batch is a contract violation. */
    public static void readEvents(ByteBuffer in, int length, EventBatch into) {
        ByteBuffer b = in.duplicate().clear().order(ByteOrder.nativeOrder());
        if (length < HEADER) {
            throw new ContractViolation("a batch of " + length + " bytes, shorter than its header");
        }
        into.reset(b.getLong(0));
        int n = b.getInt(8);
        int at = HEADER;
        for (int i = 0; i < n; i++) {
            if (at + EVENT_ROW > length) {
                throw new ContractViolation("the batch's " + n + " events need more than its " + length + " bytes");
            }
            int kind = b.getInt(at + E_KIND);
            int h = b.getInt(at + E_HOST);
            int f = b.getInt(at + E_FLOW);
            long t = b.getLong(at + E_TIME);
            long a = b.getLong(at + E_A);
            int hops = b.getInt(at + E_HOPS);
            switch (kind) {
                case EventBatch.FLOW_ARRIVAL -> into.addFlowArrival(t, h, f, (int) a, b.getLong(at + E_B));
                case EventBatch.COMPLETION -> {
                    int flags = b.getInt(at + E_FLAGS);
                    into.addCompletion(t, h, f, a, (int) b.getLong(at + E_B), b.getLong(at + E_C),
                            b.getLong(at + E_G), b.getLong(at + E_D), b.getLong(at + E_E),
                            (flags & EventBatch.ECN) != 0, (flags & EventBatch.SYN) != 0);
                }
                case EventBatch.PFC_CHANGE -> into.addPfcChange(t, h, (int) a, b.getInt(at + E_FLAGS) != 0);
                case EventBatch.TIMER -> into.addTimer(t, h, a);
                case EventBatch.PACKET_ARRIVAL -> into.addPacketArrival(t, h, f, a, (int) b.getLong(at + E_B),
                        b.getInt(at + E_PATH), b.getInt(at + E_FLAGS), b.getLong(at + E_C), b.getLong(at + E_D),
                        b.getLong(at + E_E));
                case EventBatch.CONTROL_ARRIVAL -> into.addControlArrival(t, h, f, b.getInt(at + E_FLAGS), a,
                        b.getLong(at + E_B), b.getInt(at + E_PATH), b.getLong(at + E_D), b.getLong(at + E_E));
                case EventBatch.TRANSMITTED -> into.addTransmitted(t, h, f, a, (int) b.getLong(at + E_B),
                        b.getLong(at + E_C));
                default -> throw new ContractViolation("event " + i + " at " + t + " ps has no kind (" + kind + ")");
            }
            at += EVENT_ROW;
            if (hops != 0 && kind != EventBatch.COMPLETION) {
                throw new ContractViolation("event " + i + ": int_hops on an event that is not a completion");
            }
            if (hops < 0 || hops > CompletionEvent.MAX_INT_HOPS) {
                throw new ContractViolation("event " + i + ": " + hops + " int_hops, more than "
                        + CompletionEvent.MAX_INT_HOPS);
            }
            if (at + hops * HOP_ROW > length) {
                throw new ContractViolation("event " + i + ": its " + hops + " int_hops run past the batch's "
                        + length + " bytes");
            }
            for (int k = 0; k < hops; k++, at += HOP_ROW) {
                WireFormat.addIntHop(i, k, t, b.getLong(at), b.getLong(at + 8), b.getLong(at + 16),
                        b.getLong(at + 24), into);
            }
        }
    }

    /** The bytes {@link #writeActions} needs for {@code actions}. */
    public static int actionsSize(ActionBatch actions) {
        return HEADER + ACTION_ROW * actions.size();
    }

    /** Writes {@code actions} at [0, {@link #actionsSize}) of {@code out}, which has room for them. */
    public static void writeActions(ActionBatch actions, ByteBuffer out) {
        ByteBuffer b = out.duplicate().clear().order(ByteOrder.nativeOrder());
        b.putLong(0, actions.windowStartPs());
        b.putInt(8, actions.size());
        b.putInt(12, 0);
        for (int i = 0, at = HEADER; i < actions.size(); i++, at += ACTION_ROW) {
            byte kind = actions.kind(i);
            b.putInt(at + A_KIND, kind);
            b.putInt(at + A_HOST, actions.host(i));
            b.putInt(at + A_FLOW, actions.flow(i));
            b.putInt(at + A_PATH, actions.path(i));
            b.putInt(at + A_OPTIONS, kind == ActionBatch.SEND_CONTROL ? actions.controlKind(i)
                    : actions.segmentOptions(i));
            b.putInt(at + A_BYTES, actions.bytes(i));
            b.putLong(at + A_TIME, actions.time(i));
            b.putLong(at + A_SEQ, actions.seq(i));
            b.putLong(at + A_NUMBER, kind == ActionBatch.SET_TIMER ? actions.timerId(i) : actions.pullNumber(i));
            b.putLong(at + A_ECHO, actions.echoTimePs(i));
            b.putLong(at + A_ECHO_TX, actions.echoTxTimePs(i));
        }
    }

    // ------------------------------------------------------------------ the other direction, for tests and tools

    /** The bytes {@link #writeEvents} needs for {@code events}. */
    public static int eventsSize(EventBatch events) {
        int hops = 0;
        for (int i = 0; i < events.size(); i++) {
            hops += events.intHopCount(i);
        }
        return HEADER + EVENT_ROW * events.size() + HOP_ROW * hops;
    }

    /** Writes {@code events} as the bridge does, at [0, {@link #eventsSize}) of {@code out}. */
    public static void writeEvents(EventBatch events, ByteBuffer out) {
        ByteBuffer b = out.duplicate().clear().order(ByteOrder.nativeOrder());
        b.putLong(0, events.windowStartPs());
        b.putInt(8, events.size());
        b.putInt(12, 0);
        int at = HEADER;
        for (int i = 0; i < events.size(); i++) {
            for (int o = 0; o < EVENT_ROW; o += 8) {
                b.putLong(at + o, 0);
            }
            byte kind = events.kind(i);
            b.putInt(at + E_KIND, kind);
            b.putInt(at + E_HOST, events.host(i));
            b.putInt(at + E_FLOW, events.flow(i));
            b.putLong(at + E_TIME, events.time(i));
            int hops = 0;
            switch (kind) {
                case EventBatch.FLOW_ARRIVAL -> {
                    FlowArrivalEvent v = new FlowArrivalEvent();
                    events.read(i, v);
                    b.putLong(at + E_A, v.dst());
                    b.putLong(at + E_B, v.sizeBytes());
                }
                case EventBatch.COMPLETION -> {
                    CompletionEvent v = new CompletionEvent();
                    events.read(i, v);
                    b.putLong(at + E_A, v.seq());
                    b.putLong(at + E_B, v.bytes());
                    b.putLong(at + E_C, v.sendTimePs());
                    b.putLong(at + E_D, v.intMaxHopDelayPs());
                    b.putLong(at + E_E, v.intReverseMaxHopDelayPs());
                    b.putLong(at + E_G, v.txTimePs());
                    b.putInt(at + E_FLAGS, (v.ecnEcho() ? EventBatch.ECN : 0) | (v.syn() ? EventBatch.SYN : 0));
                    hops = v.intHopCount();
                    b.putInt(at + E_HOPS, hops);
                    for (int k = 0; k < hops; k++) {
                        int h = at + EVENT_ROW + k * HOP_ROW;
                        b.putLong(h, v.intHopQueueBytes(k));
                        b.putLong(h + 8, v.intHopTxBytes(k));
                        b.putLong(h + 16, v.intHopTimePs(k));
                        b.putLong(h + 24, v.intHopRateBps(k));
                    }
                }
                case EventBatch.PFC_CHANGE -> {
                    PfcChangeEvent v = new PfcChangeEvent();
                    events.read(i, v);
                    b.putLong(at + E_A, v.trafficClass());
                    b.putInt(at + E_FLAGS, v.paused() ? 1 : 0);
                }
                case EventBatch.TIMER -> {
                    TimerEvent v = new TimerEvent();
                    events.read(i, v);
                    b.putLong(at + E_A, v.timerId());
                }
                case EventBatch.PACKET_ARRIVAL -> {
                    PacketArrivalEvent v = new PacketArrivalEvent();
                    events.read(i, v);
                    b.putLong(at + E_A, v.seq());
                    b.putLong(at + E_B, v.bytes());
                    b.putLong(at + E_C, v.intMaxHopDelayPs());
                    b.putLong(at + E_D, v.sendTimePs());
                    b.putLong(at + E_E, v.txTimePs());
                    b.putInt(at + E_PATH, v.path());
                    b.putInt(at + E_FLAGS, (v.trimmed() ? EventBatch.TRIMMED : 0) | (v.returned() ? EventBatch.RETURNED : 0)
                            | (v.lastOfFlow() ? EventBatch.LAST_OF_FLOW : 0) | (v.ecn() ? EventBatch.ECN : 0));
                }
                case EventBatch.CONTROL_ARRIVAL -> {
                    ControlArrivalEvent v = new ControlArrivalEvent();
                    events.read(i, v);
                    b.putLong(at + E_A, v.seq());
                    b.putLong(at + E_B, v.pullNumber());
                    b.putLong(at + E_D, v.echoTimePs());
                    b.putLong(at + E_E, v.echoTxTimePs());
                    b.putInt(at + E_PATH, v.path());
                    b.putInt(at + E_FLAGS, v.kind());
                }
                case EventBatch.TRANSMITTED -> {
                    TransmittedEvent v = new TransmittedEvent();
                    events.read(i, v);
                    b.putLong(at + E_A, v.seq());
                    b.putLong(at + E_B, v.bytes());
                    b.putLong(at + E_C, v.sendTimePs());
                }
                default -> throw new IllegalArgumentException("event " + i + " has unknown kind " + kind);
            }
            at += EVENT_ROW + hops * HOP_ROW;
        }
    }

    /** Reads actions written by {@link #writeActions} back into {@code into}. */
    public static void readActions(ByteBuffer in, ActionBatch into) {
        ByteBuffer b = in.duplicate().clear().order(ByteOrder.nativeOrder());
        into.reset(b.getLong(0));
        int n = b.getInt(8);
        for (int i = 0, at = HEADER; i < n; i++, at += ACTION_ROW) {
            long t = b.getLong(at + A_TIME);
            int h = b.getInt(at + A_HOST);
            int f = b.getInt(at + A_FLOW);
            switch (b.getInt(at + A_KIND)) {
                case ActionBatch.SEND_SEGMENT -> into.sendSegment(t, h, f, b.getLong(at + A_SEQ),
                        b.getInt(at + A_BYTES), b.getInt(at + A_PATH), b.getInt(at + A_OPTIONS));
                case ActionBatch.SEND_CONTROL -> into.sendControl(t, h, f, b.getInt(at + A_OPTIONS),
                        b.getLong(at + A_SEQ), b.getLong(at + A_NUMBER), b.getInt(at + A_PATH),
                        b.getLong(at + A_ECHO), b.getLong(at + A_ECHO_TX));
                case ActionBatch.SET_TIMER -> into.setTimer(t, h, b.getLong(at + A_NUMBER));
                case ActionBatch.FLOW_FINISHED -> into.flowFinished(t, h, f);
                default -> throw new IllegalArgumentException("action " + i + " has unknown kind "
                        + b.getInt(at + A_KIND));
            }
        }
    }
}
