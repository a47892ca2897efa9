#include "Packet.h"

using namespace omnetpp;

namespace cosim {

Register_Class(Packet);

namespace {

// Every field, in one order for packing and unpacking.
template <class P, class Visit>
void eachField(P& p, Visit&& v) {
    v(p.trafficClass); v(p.flags); v(p.flow); v(p.src); v(p.dst); v(p.payload); v(p.seq); v(p.segmentSeq);
    v(p.segmentBytes); v(p.segmentSendTime); v(p.txTime); v(p.segmentTxStart); v(p.path); v(p.routeCursor);
    v(p.enqueueTime); v(p.intEcho); v(p.controlKind); v(p.answeredPath); v(p.pullNumber); v(p.echoTime);
    v(p.echoTxTime); v(p.ingressPort); v(p.intMaxHopDelay); v(p.uid); v(p.intHops);
    for (int i = 0; i < Packet::kMaxIntHops; ++i) {
        v(p.hops[i].queueBytes); v(p.hops[i].txBytes); v(p.hops[i].timePs); v(p.hops[i].rateBps);
    }
}

// cCommBuffer packs the standard integer types; int64_t is long or long long, uint64_t likewise.
template <class T>
void packOne(cCommBuffer* b, const T& x) { b->pack(x); }

template <class T>
void unpackOne(cCommBuffer* b, T& x) { b->unpack(x); }

}  // namespace

void Packet::parsimPack(cCommBuffer* b) const {
    cPacket::parsimPack(b);
    b->pack(static_cast<int>(type));
    eachField(*this, [b](const auto& x) { packOne(b, x); });
}

void Packet::parsimUnpack(cCommBuffer* b) {
    cPacket::parsimUnpack(b);
    int t = 0;
    b->unpack(t);
    type = static_cast<PacketType>(t);
    eachField(*this, [b](auto& x) { unpackOne(b, x); });
}

}  // namespace cosim
