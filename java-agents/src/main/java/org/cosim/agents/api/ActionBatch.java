package org.cosim.agents.api;

import java.util.Arrays;

/**
 * The agents' answer to one {@link EventBatch}: actions in the order the agents
 * emitted them. Columnar and reusable; the in-memory form of
 * {@code cosim.ActionBatch} in cosim.proto.
 */
public final class ActionBatch extends ColumnarBatch implements ActionSink {
    public static final byte SEND_SEGMENT = 1;
    public static final byte SET_TIMER = 2;
    public static final byte FLOW_FINISHED = 3;
    public static final byte SEND_CONTROL = 4;

    private long[] seq = new long[64];
    private int[] bytes = new int[64];
    private int[] path = new int[64];
    private long[] number = new long[64];   // timer id, or a control packet's pull number
    private long[] echo = new long[64];
    private long[] echoTx = new long[64];
    private int[] options = new int[64];    // segment options, or a control packet's kind

    /**
     * "agent action i of the window starting at W ps": how a refusal of action {@code i} of the answer to the
     * window starting at {@code windowStartPs} begins.
     */
    public static String action(int i, long windowStartPs) {
        return "agent action " + i + " of the window starting at " + windowStartPs + " ps";
    }

    public long seq(int i) { return seq[i]; }
    public int bytes(int i) { return bytes[i]; }
    public int path(int i) { return path[i]; }
    public long timerId(int i) { return number[i]; }
    /** A SendSegment's options ({@link ActionSink#NO_ACK}, {@link ActionSink#LAST_OF_FLOW}). */
    public int segmentOptions(int i) { return options[i]; }
    /** A SendControl's kind ({@link ControlArrivalEvent#ACK}, NACK, PULL). */
    public int controlKind(int i) { return options[i]; }
    public long pullNumber(int i) { return number[i]; }
    public long echoTimePs(int i) { return echo[i]; }
    public long echoTxTimePs(int i) { return echoTx[i]; }

    @Override
    public void sendSegment(long timePs, int h, int f, long s, int b, int p, int opts) {
        int i = append(SEND_SEGMENT, timePs, h, f);
        seq[i] = s;
        bytes[i] = b;
        path[i] = p;
        options[i] = opts;
    }

    @Override
    public void sendControl(long timePs, int h, int f, int controlKind, long s, long pullNumber, int p,
                            long echoTimePs, long echoTxTimePs) {
        int i = append(SEND_CONTROL, timePs, h, f);
        seq[i] = s;
        number[i] = pullNumber;
        path[i] = p;
        echo[i] = echoTimePs;
        echoTx[i] = echoTxTimePs;
        options[i] = controlKind;
    }

    @Override
    public void setTimer(long timePs, int h, long id) {
        int i = append(SET_TIMER, timePs, h, -1);
        number[i] = id;
    }

    @Override
    public void flowFinished(long timePs, int h, int f) {
        append(FLOW_FINISHED, timePs, h, f);
    }

    private int append(byte k, long t, int h, int f) {
        return appendRow(k, t, h, f);
    }

    @Override
    void clearColumns(int i) {
        seq[i] = 0;
        bytes[i] = 0;
        path[i] = 0;
        number[i] = 0;
        echo[i] = 0;
        echoTx[i] = 0;
        options[i] = 0;
    }

    @Override
    void growColumns(int n) {
        seq = Arrays.copyOf(seq, n);
        bytes = Arrays.copyOf(bytes, n);
        path = Arrays.copyOf(path, n);
        number = Arrays.copyOf(number, n);
        echo = Arrays.copyOf(echo, n);
        echoTx = Arrays.copyOf(echoTx, n);
        options = Arrays.copyOf(options, n);
    }
}
