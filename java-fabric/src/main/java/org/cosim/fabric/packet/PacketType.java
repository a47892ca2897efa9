package org.cosim.fabric.packet;

/** What a packet is. Plain int constants: packets live in a struct-of-arrays pool. */
public final class PacketType {
    public static final int DATA = 1;
    /** Hardware ACK of a whole segment, made by the receiving NIC. */
    public static final int SEGMENT_ACK = 2;
    /** PFC pause or resume (flag {@link PacketPool#FLAG_PAUSE}) for one traffic class. */
    public static final int PFC = 3;
    /** An agent's ACK, NACK or PULL (SendControl): control class, ack-sized. */
    public static final int CONTROL = 4;

    private PacketType() {}
}
