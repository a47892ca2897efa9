// PacketTracer: the steps of the traced flows' packets (output.packet_trace), the
// C++ twin of Java's PacketTracer: the NICs and switch ports call it at each step
// (a NIC puts a packet on its link or receives one; a port queues, transmits,
// trims, returns or drops one), and it writes those of the traced flows inside the
// traced interval to the PacketTraceFile, up to max_records (then it only counts). Ports and NICs hold a
// null pointer when the run traces nothing.
#pragma once

#include <omnetpp.h>

#include <cstdint>
#include <string>
#include <vector>

#include "Packet.h"
#include "PacketTraceFile.h"
#include "cosim.pb.h"

namespace cosim {

// The trace's codes and the packets' flag bits are cosim.proto's TraceEvent and PacketFlag; the
// fabric core (PacketTraceFile, no protobuf) and Packet keep them as constants, held equal here. A packet's
// type is cosim.proto's PacketType itself.
static_assert(PacketTraceFile::kNicSend == TRACE_NIC_SEND && PacketTraceFile::kEnqueue == TRACE_ENQUEUE
              && PacketTraceFile::kTransmit == TRACE_TRANSMIT && PacketTraceFile::kTrim == TRACE_TRIM
              && PacketTraceFile::kReturn == TRACE_RETURN && PacketTraceFile::kDrop == TRACE_DROP
              && PacketTraceFile::kNicReceive == TRACE_NIC_RECEIVE, "PacketTraceFile::Event is cosim.proto's TraceEvent");
static_assert(Packet::kLastOfSegment == PACKET_FLAG_LAST_OF_SEGMENT && Packet::kEcnCe == PACKET_FLAG_ECN_CE
              && Packet::kEcnEcho == PACKET_FLAG_ECN_ECHO && Packet::kPause == PACKET_FLAG_PAUSE
              && Packet::kNoAck == PACKET_FLAG_NO_ACK && Packet::kLastOfFlow == PACKET_FLAG_LAST_OF_FLOW
              && Packet::kTrimmed == PACKET_FLAG_TRIMMED && Packet::kReturned == PACKET_FLAG_RETURNED
              && Packet::kSyn == PACKET_FLAG_SYN, "Packet's flag bits are cosim.proto's PacketFlag");

class PacketTracer {
public:
    PacketTracer(const PacketTraceSpec& spec, int flows, const std::string& path)
        : traced_(static_cast<size_t>(flows), false), fromPs_(spec.from_ps()), toPs_(spec.to_ps()),
          maxRecords_(static_cast<int64_t>(spec.max_records())), file_(path) {
        for (uint32_t f : spec.flows()) {
            if (f < traced_.size()) traced_[f] = true;
        }
    }

    // A step at switch `sw`'s egress port `port`, whose queue holds queueBytes after it.
    void port(uint8_t event, int sw, int port, const Packet* p, int64_t queueBytes) {
        record(event, sw, port, p, queueBytes);
    }

    // A step at host `host`'s NIC.
    void nic(uint8_t event, int host, const Packet* p) { record(event, host, 0, p, -1); }

    // Writes the footer (the count of every step of the traced flows) and closes the file.
    void close() { file_.close(steps_); }

private:
    void record(uint8_t event, int node, int port, const Packet* p, int64_t queueBytes) {
        if (p->flow < 0 || static_cast<size_t>(p->flow) >= traced_.size() || !traced_[p->flow]) return;
        const int64_t now = omnetpp::getSimulation()->getSimTime().raw();
        if (now < fromPs_ || now >= toPs_) return;
        if (steps_++ >= maxRecords_) return;
        PacketStep s;
        s.timePs = now;
        s.flow = p->flow;
        s.event = event;
        s.type = static_cast<uint8_t>(p->type);
        s.controlKind = static_cast<uint8_t>(p->controlKind);
        s.flags = p->flags;
        s.node = node;
        s.port = port;
        s.uid = p->uid;
        s.seq = p->seq;
        s.bytes = p->size();
        s.queueBytes = queueBytes;
        file_.record(s);
    }

    std::vector<bool> traced_;
    int64_t fromPs_;  // steps at times in [fromPs_, toPs_) only
    int64_t toPs_;
    int64_t maxRecords_;
    int64_t steps_ = 0;
    PacketTraceFile file_;
};

}  // namespace cosim
