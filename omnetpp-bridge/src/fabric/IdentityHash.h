// IdentityHash: randomness keyed by identity, not by call order (ARCHITECTURE.md,
// Determinism). The C++ twin of Java's org.cosim.fabric.kernel.IdentityHash, bit
// for bit: both back ends must pick the same ECMP port, flip the same NDP
// trimming coin and leave the same NIC idle gaps whatever order they process
// events in. The mixer and the folding are KeyedHash's (shared with the agents).
// Checked against golden vectors computed by the Java code
// (test/golden/java_vectors.txt).
#pragma once

#include <cstdint>
#include <initializer_list>

#include "KeyedHash.h"

namespace cosim {

struct IdentityHash {
    // Tag folded into the trimming coin's key (ASCII "trim"; Java IdentityHash.TRIM_TAG).
    static constexpr int64_t kTrimTag = 0x7472696d;
    // Tag folded into a NIC's idle gap after a data packet (ASCII "ngap"; Java IdentityHash.TX_GAP_TAG).
    static constexpr int64_t kTxGapTag = 0x6e676170;

    static constexpr uint64_t mix(uint64_t z) { return KeyedHash::mix(z); }

    static uint64_t hash(int64_t seed, std::initializer_list<int64_t> values) { return KeyedHash::hash(seed, values); }

    // The ECMP choice of switch `switchId` among n equal-cost ports for the flow key
    // (src, dst, flow): Java's mix(mix(mix(mix(seed) + switchId) + (src << 32 | dst)) + flow),
    // reduced by an unsigned remainder. Ints are sign-extended as Java widens them.
    static int ecmp(int64_t seed, int32_t switchId, int32_t src, int32_t dst, int32_t flow, int32_t n) {
        const uint64_t key = (static_cast<uint64_t>(static_cast<uint32_t>(src)) << 32) | static_cast<uint32_t>(dst);
        uint64_t h = mix(static_cast<uint64_t>(seed));
        h = mix(h + static_cast<uint64_t>(static_cast<int64_t>(switchId)));
        h = mix(h + key);
        h = mix(h + static_cast<uint64_t>(static_cast<int64_t>(flow)));
        return static_cast<int>(h % static_cast<uint64_t>(n));
    }

    // NDP's trimming coin at a full data queue: true = trim the packet at the queue's
    // tail, false = trim the arriving packet. The top bit (Java: the hash is < 0) of
    // hash4(seed, "trim", switchId, port, uid), uid being the arriving packet's
    // identity (Packet::uid). Ints are sign-extended as Java widens them.
    static constexpr bool trimTail(int64_t seed, int32_t switchId, int32_t port, int64_t uid) {
        return (KeyedHash::hash4(seed, kTrimTag, switchId, port, uid) >> 63) != 0;
    }

    // How long host `host`'s NIC leaves its link idle after data packet `uid`: uniform
    // in [0, maxPs) (maxPs > 0), the unsigned remainder (Java Long.remainderUnsigned)
    // of hash4(seed, "ngap", host, uid, 0). Keyed by the packet, not drawn in send
    // order, so both back ends leave the same gaps.
    static constexpr int64_t txGapPs(int64_t seed, int32_t host, int64_t uid, int64_t maxPs) {
        return static_cast<int64_t>(KeyedHash::hash4(seed, kTxGapTag, host, uid, 0) % static_cast<uint64_t>(maxPs));
    }
};

}  // namespace cosim
