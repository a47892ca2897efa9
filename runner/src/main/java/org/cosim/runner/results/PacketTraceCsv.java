package org.cosim.runner.results;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.proto.PacketFlag;
import org.cosim.proto.PacketType;
import org.cosim.setup.report.PacketTrace;

/**
 * packet_trace.csv (output.packet_trace): one row per step of a traced flow's
 * packet, in the order they happened:
 * {@code time_ps,event,node,port,flow,packet,type,seq,bytes,queue_bytes,ecn}.
 * {@code packet} numbers a flow's data packets as its sender NIC made them (a
 * hardware ACK has its data's; agents' control packets none), so one packet can
 * be followed hop by hop; {@code type} is data, header (trimmed), returned_header,
 * segment_ack, or the agent's ack / nack / pull; {@code port} and
 * {@code queue_bytes} (the port's queue after the step) are empty at a NIC;
 * {@code ecn} is ce (marked on its way) or echo (an ACK echoing a mark).
 */
public final class PacketTraceCsv {
    public static final String HEADER = "time_ps,event,node,port,flow,packet,type,seq,bytes,queue_bytes,ecn";

    private PacketTraceCsv() {}

    public static void write(Path file, PacketTrace t) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(HEADER);
            w.write('\n');
            StringBuilder row = new StringBuilder(128);
            for (int i = 0; i < t.size(); i++) {
                row.setLength(0);
                boolean sw = t.atSwitch(i);
                row.append(t.timePs(i)).append(',').append(t.eventName(i)).append(',').append(t.nodeName(i))
                        .append(',').append(sw ? Integer.toString(t.port(i)) : "").append(',').append(t.flow(i))
                        .append(',').append(packetNumber(t, i)).append(',').append(typeName(t, i))
                        .append(',').append(t.seq(i)).append(',').append(t.bytes(i))
                        .append(',').append(sw ? Long.toString(t.queueBytes(i)) : "")
                        .append(',').append(ecn(t.flags(i))).append('\n');
                w.write(row.toString());
            }
        }
    }

    static String typeName(PacketTrace t, int i) {
        int flags = t.flags(i);
        return switch (t.type(i)) {
            case PacketType.PACKET_TYPE_DATA_VALUE -> (flags & PacketFlag.PACKET_FLAG_RETURNED_VALUE) != 0
                    ? "returned_header" : (flags & PacketFlag.PACKET_FLAG_TRIMMED_VALUE) != 0 ? "header" : "data";
            case PacketType.PACKET_TYPE_SEGMENT_ACK_VALUE -> "segment_ack";
            case PacketType.PACKET_TYPE_CONTROL_VALUE -> switch (t.controlKind(i)) {
                case ControlArrivalEvent.ACK -> "ack";
                case ControlArrivalEvent.NACK -> "nack";
                case ControlArrivalEvent.PULL -> "pull";
                default -> "control";
            };
            case PacketType.PACKET_TYPE_PFC_VALUE -> "pfc";
            default -> "type" + t.type(i);
        };
    }

    private static String packetNumber(PacketTrace t, int i) {
        return t.type(i) == PacketType.PACKET_TYPE_CONTROL_VALUE ? "" : Long.toString(t.uid(i) & 0xffffffffL);
    }

    private static String ecn(int flags) {
        return (flags & PacketFlag.PACKET_FLAG_ECN_CE_VALUE) != 0 ? "ce" : (flags & PacketFlag.PACKET_FLAG_ECN_ECHO_VALUE) != 0 ? "echo" : "";
    }
}
