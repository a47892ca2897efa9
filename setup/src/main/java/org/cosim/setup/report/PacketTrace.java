package org.cosim.setup.report;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.cosim.proto.TraceEvent;

/**
 * The steps of the traced flows' packets through the fabric (output.packet_trace),
 * in the order they happened: what happened ({@link #event}), where (a switch's
 * egress port, or a host's NIC), to which packet, and the port's queue after it.
 * Appended to by {@link PacketTracer} on the Java fabric, and read back from the
 * OMNeT++ bridge's trace file; both back ends give the same records.
 *
 * <p>Events, cosim.proto's TraceEvent (the C++ PacketTraceFile.h uses the same
 * codes): a NIC puts a packet on its link; a switch port queues it, puts it on the
 * wire, trims it to a header, sends a header back to its source, drops it; a NIC
 * receives it.
 */
public final class PacketTrace implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    public static final int NIC_SEND = TraceEvent.TRACE_NIC_SEND_VALUE;
    public static final int ENQUEUE = TraceEvent.TRACE_ENQUEUE_VALUE;
    public static final int TRANSMIT = TraceEvent.TRACE_TRANSMIT_VALUE;
    public static final int TRIM = TraceEvent.TRACE_TRIM_VALUE;
    public static final int RETURN = TraceEvent.TRACE_RETURN_VALUE;
    public static final int DROP = TraceEvent.TRACE_DROP_VALUE;
    public static final int NIC_RECEIVE = TraceEvent.TRACE_NIC_RECEIVE_VALUE;
    /** Each event's name in packet_trace.csv: its TraceEvent name without the prefix, in lower case. */
    private static final String[] EVENT_NAMES = eventNames();

    private final List<String> hostNames;
    private final List<String> switchNames;
    private int count;
    private long attempted;
    private long[] time = new long[0];
    private long[] uid = new long[0];
    private long[] seq = new long[0];
    private long[] queueBytes = new long[0];
    private int[] flow = new int[0];
    private int[] node = new int[0];
    private int[] port = new int[0];
    private int[] size = new int[0];
    private int[] flags = new int[0];
    private byte[] event = new byte[0];
    private byte[] type = new byte[0];
    private byte[] controlKind = new byte[0];

    /** Names the records' nodes: host ids and switch ids of the run's topology. */
    public PacketTrace(List<String> hostNames, List<String> switchNames) {
        this.hostNames = List.copyOf(hostNames);
        this.switchNames = List.copyOf(switchNames);
    }

    /** One record; {@code node} is a switch id for switch events, a host id for NIC events. */
    public void add(long timePs, int event, int node, int port, int flow, long uid, int type, int controlKind,
                    int flags, long seq, int size, long queueBytes) {
        if (event < NIC_SEND || event > NIC_RECEIVE) {
            throw new IllegalArgumentException("packet trace: no event " + event);
        }
        boolean atSwitch = isSwitchEvent(event);
        if (node < 0 || node >= (atSwitch ? switchNames.size() : hostNames.size())) {
            throw new IllegalArgumentException("packet trace: no " + (atSwitch ? "switch " : "host ") + node);
        }
        if (count == time.length) {
            grow(Math.max(1024, 2 * count));
        }
        int i = count++;
        this.time[i] = timePs;
        this.event[i] = (byte) event;
        this.node[i] = node;
        this.port[i] = port;
        this.flow[i] = flow;
        this.uid[i] = uid;
        this.type[i] = (byte) type;
        this.controlKind[i] = (byte) controlKind;
        this.flags[i] = flags;
        this.seq[i] = seq;
        this.size[i] = size;
        this.queueBytes[i] = queueBytes;
    }

    /** Sets how many steps of the traced flows there were, recorded or not (beyond max_records). */
    public void setAttempted(long steps) {
        this.attempted = steps;
    }

    public int size() { return count; }
    /** Steps of the traced flows in all, recorded or not: above {@link #size()} when max_records cut the trace. */
    public long attempted() { return Math.max(attempted, count); }
    public boolean truncated() { return attempted() > count; }

    public long timePs(int i) { return time[i]; }
    public int event(int i) { return event[i]; }
    public String eventName(int i) { return EVENT_NAMES[event[i]]; }

    private static String[] eventNames() {
        String[] names = new String[NIC_RECEIVE + 1];
        for (TraceEvent e : TraceEvent.values()) {
            if (e != TraceEvent.UNRECOGNIZED) {
                names[e.getNumber()] = e == TraceEvent.TRACE_EVENT_UNSPECIFIED ? ""
                        : e.name().substring("TRACE_".length()).toLowerCase(Locale.ROOT);
            }
        }
        return names;
    }
    public boolean atSwitch(int i) { return isSwitchEvent(event[i]); }
    public int node(int i) { return node[i]; }
    /** The switch's or host's name. */
    public String nodeName(int i) { return atSwitch(i) ? switchNames.get(node[i]) : hostNames.get(node[i]); }
    public int port(int i) { return port[i]; }
    public int flow(int i) { return flow[i]; }
    public long uid(int i) { return uid[i]; }
    public int type(int i) { return type[i]; }
    public int controlKind(int i) { return controlKind[i]; }
    public int flags(int i) { return flags[i]; }
    public long seq(int i) { return seq[i]; }
    public int bytes(int i) { return size[i]; }
    /** The port's queue after the step, in bytes; -1 at a NIC. */
    public long queueBytes(int i) { return queueBytes[i]; }

    private static boolean isSwitchEvent(int event) {
        return event != NIC_SEND && event != NIC_RECEIVE;
    }

    private void grow(int n) {
        time = Arrays.copyOf(time, n);
        uid = Arrays.copyOf(uid, n);
        seq = Arrays.copyOf(seq, n);
        queueBytes = Arrays.copyOf(queueBytes, n);
        flow = Arrays.copyOf(flow, n);
        node = Arrays.copyOf(node, n);
        port = Arrays.copyOf(port, n);
        size = Arrays.copyOf(size, n);
        flags = Arrays.copyOf(flags, n);
        event = Arrays.copyOf(event, n);
        type = Arrays.copyOf(type, n);
        controlKind = Arrays.copyOf(controlKind, n);
    }
}
