// LinkTransmitter: the sending end of a link inside a module, the twin of Java's
// LinkTransmitter. It serializes one packet at a time: start() schedules the
// owner's end-of-transmission event (TX_DONE) and then sends the packet to the
// peer, where it arrives one propagation delay after the serialization ends. Two
// FES insertions in the same order, at the same integer times, as
// LinkTransmitter.start: TX_DONE first, then the peer's arrival.
//
// The packet goes straight to the peer module's `direct` gate (sendDirect, with
// the LinkChannel's delay and the serialization time): the same arrival event as
// through the gates and channel of the connection, which describe the topology
// (NetworkCheck reads them, and the rate and delay come from the channel), without
// delivering the packet gate by gate along the path.
#pragma once

#include <omnetpp.h>

#include <cstdint>

#include "Packet.h"

namespace cosim {

class LinkChannel;

class LinkTransmitter {
public:
    // What the owner still needs to know about a packet after it left the wire
    // (the packet itself now belongs to the channel and the peer).
    struct Sent {
        PacketType type;
        int trafficClass;
        int32_t bytes;
        int ingressPort;
        uint32_t flags;  // Packet flags (NDP ports tell a trimmed header from data by them)
    };

    // `out` is the owner's output gate whose path leads through a LinkChannel.
    void attach(omnetpp::cSimpleModule* owner, omnetpp::cGate* out);
    ~LinkTransmitter();

    bool busy() const { return busy_; }
    int64_t rateBps() const;  // the link's rate now (it may change: LinkChannel::changeRate)
    int64_t delayPs() const { return delayPs_; }
    const LinkChannel* channel() const { return channel_; }
    bool isTxDone(const omnetpp::cMessage* msg) const { return msg == txDone_; }

    // A host's timing noise (Java LinkTransmitter.idleAfterData): after each data
    // packet the link stays busy, idle, for IdentityHash::txGapPs(seed, host, uid,
    // maxPs) before TX_DONE; the packet itself still arrives on time. maxPs 0: none.
    void idleAfterData(int64_t maxPs, int64_t seed, int host) {
        gapMaxPs_ = maxPs;
        gapSeed_ = seed;
        gapHost_ = host;
    }

    void start(Packet* pkt);
    // Serialization of the packet in flight ended (the owner got its TX_DONE).
    Sent finish();
    // The packet finish() ended if it was started on a down link (it never left:
    // the owner drops it), else null; ask before starting the next one. Java
    // LinkTransmitter.lastLost.
    Packet* takeLost();

    // Packets this process sent to other partitions of a parallel run (one run per process),
    // and of those the ones that arrive at countArrivingFrom's time or later.
    static int64_t sentToOtherPartitions() { return sentToOtherPartitions_; }
    static int64_t sentArrivingLate() { return sentArrivingLate_; }
    static void countArrivingFrom(int64_t ps) { arrivingFromPs_ = ps; }

    int64_t bytesSent() const { return bytesSent_; }
    int64_t packetsSent() const { return packetsSent_; }

private:
    static int64_t sentToOtherPartitions_;
    static int64_t sentArrivingLate_;
    static int64_t arrivingFromPs_;
    omnetpp::cSimpleModule* owner_ = nullptr;
    int32_t ownerRank_ = 0;  // NodeRank of the owner: each packet's senderRank
    omnetpp::cGate* out_ = nullptr;
    omnetpp::cGate* peer_ = nullptr;  // the peer's direct gate, where packets arrive (none: another partition's)
    const LinkChannel* channel_ = nullptr;
    omnetpp::cMessage* txDone_ = nullptr;
    int64_t delayPs_ = 0;
    bool busy_ = false;
    Packet* inFlightLost_ = nullptr;  // the packet on the wire (or just finished), kept here when the link is down
    Sent inFlight_{};
    int64_t bytesSent_ = 0;
    int64_t packetsSent_ = 0;
    int64_t gapMaxPs_ = 0;  // 0 on switch ports: only host NICs have timing noise
    int64_t gapSeed_ = 0;
    int gapHost_ = -1;
};

}  // namespace cosim
