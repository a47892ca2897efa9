package org.cosim.fabric.packet;

/**
 * What a packet is: cosim.proto's PacketType, as plain int constants (packets live in a struct-of-arrays pool).
 */
public final class PacketType {
    public static final int DATA = org.cosim.proto.PacketType.PACKET_TYPE_DATA_VALUE;
    /** Hardware ACK of a whole segment, made by the receiving NIC. */
    public static final int SEGMENT_ACK = org.cosim.proto.PacketType.PACKET_TYPE_SEGMENT_ACK_VALUE;
    /** PFC pause or resume (flag {@link PacketPool#FLAG_PAUSE}) for one traffic class. */
    public static final int PFC = org.cosim.proto.PacketType.PACKET_TYPE_PFC_VALUE;
    /** An agent's ACK, NACK or PULL (SendControl): control class, ack-sized. */
    public static final int CONTROL = org.cosim.proto.PacketType.PACKET_TYPE_CONTROL_VALUE;

    private PacketType() {}
}
