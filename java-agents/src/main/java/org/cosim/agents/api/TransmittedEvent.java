package org.cosim.agents.api;

/**
 * A segment sent with {@link ActionSink#REPORT_TX} left its NIC: its last packet
 * went onto the wire at {@link #timePs()} (cosim.proto SegmentTransmitted). A reused view.
 */
public final class TransmittedEvent {
    long timePs;
    int host;
    int flow;
    long seq;
    int bytes;
    long sendTimePs;

    /** When the segment's last packet started onto the wire: its TX timestamp. */
    public long timePs() { return timePs; }
    public int host() { return host; }
    public int flow() { return flow; }
    public long seq() { return seq; }
    public int bytes() { return bytes; }
    /** When the segment was handed to the NIC (it names the transmission, as a completion's send time does). */
    public long sendTimePs() { return sendTimePs; }
}
