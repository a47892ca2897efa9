// Packet: one packet in flight, the C++ twin of a slot of Java's PacketPool (same
// fields, same flag bits, same meaning). Its byte length is its size on the wire,
// which is all LinkChannel reads.
#pragma once

#include <omnetpp.h>

#include "cosim.pb.h"

#include <algorithm>
#include <cstdint>

namespace cosim {

// One per-hop INT record (cosim.proto IntHop; HPCC): written by an INT switch's
// egress when a data packet leaves its queue.
struct IntHopRecord {
    int64_t queueBytes = 0;  // bytes left in the port's queues
    int64_t txBytes = 0;     // bytes the port had put on the wire before this packet
    int64_t timePs = 0;      // when the packet started onto the wire
    int64_t rateBps = 0;     // the port's link rate
};

// Strict-priority classes at every egress (Java TrafficClass): control first. PFC pauses data only.
enum TrafficClass : int { kControlClass = 0, kDataClass = 1, kClassCount = 2 };

class Packet : public omnetpp::cPacket {
public:
    // Flag bits: cosim.proto's PacketFlag (PacketTracer.h holds them equal).
    static constexpr uint32_t kLastOfSegment = 1;
    static constexpr uint32_t kEcnCe = 2;
    static constexpr uint32_t kEcnEcho = 4;
    static constexpr uint32_t kPause = 8;
    static constexpr uint32_t kNoAck = 16;       // sent without hardware ACK: the receiving NIC reports each packet
    static constexpr uint32_t kLastOfFlow = 32;
    static constexpr uint32_t kTrimmed = 64;     // a switch cut the payload (NDP ports)
    static constexpr uint32_t kReturned = 128;   // a header sent back to its source (NDP return-to-sender)
    static constexpr uint32_t kSyn = 256;        // connection set-up: a SYN (data class, no payload) or its SYN-ACK

    Packet() : omnetpp::cPacket(nullptr) { ++live_; }
    Packet(const Packet& other) : omnetpp::cPacket(other) {
        copyFields(other);
        ++live_;
    }
    ~Packet() override { --live_; }
    Packet& operator=(const Packet& other) {
        if (this != &other) {
            omnetpp::cPacket::operator=(other);
            copyFields(other);
        }
        return *this;
    }
    Packet* dup() const override { return new Packet(*this); }
    // To another partition of a parallel run and back (OMNeT++'s cCommBuffer).
    void parsimPack(omnetpp::cCommBuffer* b) const override;
    void parsimUnpack(omnetpp::cCommBuffer* b) override;

    // Packets that exist (made and not yet deleted): Java's PacketPool.live(), the
    // packets somewhere in the network.
    static int64_t live() { return live_; }

    bool has(uint32_t flag) const { return (flags & flag) != 0; }
    int32_t size() const { return static_cast<int32_t>(getByteLength()); }
    void setSize(int32_t bytes) { setByteLength(bytes); }

    PacketType type = PACKET_TYPE_DATA;  // what it is: cosim.proto's PacketType, as in Java
    int trafficClass = kControlClass;
    uint32_t flags = 0;
    int32_t flow = -1;
    int32_t src = -1;
    int32_t dst = -1;
    int32_t payload = 0;          // payload bytes the sender put in (kept when trimmed)
    int64_t seq = 0;              // byte offset of the payload in its flow
    int64_t segmentSeq = 0;
    int32_t segmentBytes = 0;
    int64_t segmentSendTime = 0;  // when its segment was handed to the sender NIC
    int64_t txTime = 0;           // when it started onto the wire at its sender NIC (a hardware ACK: its data's)
    int64_t segmentTxStart = 0;   // when its segment's first packet started onto the wire (a hardware ACK: its data's)
    uint32_t path = 0;            // 0: ECMP; k >= 1: source route k
    int32_t routeCursor = 0;      // what is left of the source route's mixed-radix digits
    int64_t enqueueTime = 0;      // when it joined its current egress queue (INT)
    int64_t intEcho = 0;          // a hardware ACK's copy of the INT delay its data saw
    int controlKind = 0;          // CONTROL: ControlKind
    uint32_t answeredPath = 0;    // CONTROL: the data path it answers (also its own route back)
    uint64_t pullNumber = 0;
    int64_t echoTime = 0;
    int64_t echoTxTime = 0;       // CONTROL: the second echoed time (NDP: the data packet's TX time)
    int ingressPort = -1;         // the port it entered the current switch through (PFC)
    int64_t intMaxHopDelay = 0;
    int64_t uid = 0;              // (flow << 32) | n-th packet the sender NIC made for the flow
    int32_t senderRank = 0;       // the node that put it on its current link (NodeRank): its arrival's
    // Per-hop INT records (Java PacketPool.intHops and hop*): the bound is the
    // contract's (SegmentCompletion.int_hops, Java CompletionEvent.MAX_INT_HOPS).
    static constexpr int kMaxIntHops = 5;
    int intHops = 0;
    IntHopRecord hops[kMaxIntHops];

    // Appends a hop record; a full stack keeps its first records (Java PacketPool.pushHop).
    void pushHop(int64_t queueBytes, int64_t txBytes, int64_t timePs, int64_t rateBps) {
        if (intHops == kMaxIntHops) return;
        hops[intHops++] = IntHopRecord{queueBytes, txBytes, timePs, rateBps};
    }

    // A hardware ACK reflecting its data's stack (Java PacketPool.copyHops).
    void copyHopsFrom(const Packet& o) {
        intHops = o.intHops;
        std::copy(o.hops, o.hops + o.intHops, hops);
    }

    // Every field of cosim's, the same one of each packet given at a time, in one order:
    // what a copy copies and what a parallel run packs.
    template <class Visit, class... P>
    static void eachField(Visit&& v, P&... p) {
        v(p.type...); v(p.trafficClass...); v(p.flags...); v(p.flow...); v(p.src...); v(p.dst...);
        v(p.payload...); v(p.seq...); v(p.segmentSeq...); v(p.segmentBytes...); v(p.segmentSendTime...);
        v(p.txTime...); v(p.segmentTxStart...); v(p.path...); v(p.routeCursor...); v(p.enqueueTime...);
        v(p.intEcho...); v(p.controlKind...); v(p.answeredPath...); v(p.pullNumber...); v(p.echoTime...);
        v(p.echoTxTime...); v(p.ingressPort...); v(p.intMaxHopDelay...); v(p.uid...); v(p.senderRank...);
        v(p.intHops...);
        for (int i = 0; i < kMaxIntHops; ++i) {
            v(p.hops[i].queueBytes...); v(p.hops[i].txBytes...); v(p.hops[i].timePs...); v(p.hops[i].rateBps...);
        }
    }

private:
    void copyFields(const Packet& o) {
        eachField([](auto& to, const auto& from) { to = from; }, *this, o);
    }

    static inline int64_t live_ = 0;
};

}  // namespace cosim
