#include "Packet.h"

#include <array>
#include <cstring>

using namespace omnetpp;

namespace cosim {

Register_Class(Packet);

namespace {

// cosim's fields go to another partition as one block of their bytes: one MPI_Pack
// for the packet, where a call per field (46) made packing a tenth of a partition's
// time. The partitions run one build of the bridge, so they share the fields'
// layout and byte order.
constexpr size_t kMaxFieldBytes = 512;

template <class F>
size_t fieldBytes(F& packet) {
    size_t n = 0;
    Packet::eachField([&n](const auto& x) { n += sizeof x; }, packet);
    if (n > kMaxFieldBytes) throw cRuntimeError("Packet: %zu bytes of fields, more than %zu", n, kMaxFieldBytes);
    return n;
}

}  // namespace

void Packet::parsimPack(cCommBuffer* b) const {
    cPacket::parsimPack(b);
    std::array<char, kMaxFieldBytes> bytes;
    size_t n = 0;
    fieldBytes(*this);
    eachField([&bytes, &n](const auto& x) {
        std::memcpy(bytes.data() + n, &x, sizeof x);
        n += sizeof x;
    }, *this);
    b->pack(bytes.data(), static_cast<int>(n));
}

void Packet::parsimUnpack(cCommBuffer* b) {
    cPacket::parsimUnpack(b);
    std::array<char, kMaxFieldBytes> bytes;
    b->unpack(bytes.data(), static_cast<int>(fieldBytes(*this)));
    size_t n = 0;
    eachField([&bytes, &n](auto& x) {
        std::memcpy(&x, bytes.data() + n, sizeof x);
        n += sizeof x;
    }, *this);
}

}  // namespace cosim
