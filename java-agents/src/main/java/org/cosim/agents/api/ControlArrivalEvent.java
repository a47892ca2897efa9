package org.cosim.agents.api;

/** A control packet (ACK, NACK or PULL) from the agent at the other end of the flow. A reused view. */
public final class ControlArrivalEvent {
    public static final int ACK = 1;
    public static final int NACK = 2;
    public static final int PULL = 3;

    long timePs;
    int host;
    int flow;
    int kind;
    long seq;
    long pullNumber;
    int path;
    long echoTimePs;
    long echoTxTimePs;

    public long timePs() { return timePs; }
    public int host() { return host; }
    public int flow() { return flow; }
    /** {@link #ACK}, {@link #NACK} or {@link #PULL}. */
    public int kind() { return kind; }
    public long seq() { return seq; }
    /** A PULL's counter, or a pull riding on an ACK/NACK; 0 when none. */
    public long pullNumber() { return pullNumber; }
    public int path() { return path; }
    public long echoTimePs() { return echoTimePs; }
    /** The second echoed time (NDP: the data packet's TX time at its sender NIC); 0 when none. */
    public long echoTxTimePs() { return echoTxTimePs; }
}
