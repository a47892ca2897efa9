#include "Packet.h"

#include <type_traits>

using namespace omnetpp;

namespace cosim {

Register_Class(Packet);

namespace {

// cCommBuffer packs the standard integer types; an enum (PacketType) goes as an int.
template <class T>
void pack(cCommBuffer* b, const T& x) {
    if constexpr (std::is_enum_v<T>) {
        b->pack(static_cast<int>(x));
    } else {
        b->pack(x);
    }
}

template <class T>
void unpack(cCommBuffer* b, T& x) {
    if constexpr (std::is_enum_v<T>) {
        int v = 0;
        b->unpack(v);
        x = static_cast<T>(v);
    } else {
        b->unpack(x);
    }
}

}  // namespace

void Packet::parsimPack(cCommBuffer* b) const {
    cPacket::parsimPack(b);
    eachField([b](const auto& x) { pack(b, x); }, *this);
}

void Packet::parsimUnpack(cCommBuffer* b) {
    cPacket::parsimUnpack(b);
    eachField([b](auto& x) { unpack(b, x); }, *this);
}

}  // namespace cosim
