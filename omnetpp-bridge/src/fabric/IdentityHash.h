// IdentityHash: randomness keyed by identity, not by call order (ARCHITECTURE.md,
// Determinism). The C++ twin of Java's org.cosim.fabric.kernel.IdentityHash, bit
// for bit: both back ends must pick the same ECMP port (and, in phase 2, flip the
// same trimming coin) whatever order they process events in. Checked against
// golden vectors computed by the Java code (test/golden/java_vectors.txt).
#pragma once

#include <cstdint>
#include <initializer_list>

namespace cosim {

struct IdentityHash {
    static constexpr uint64_t kGolden = 0x9e3779b97f4a7c15ULL;

    // SplitMix64 finalizer (Steele, Lea, Flood 2014). Java's long arithmetic wraps
    // and >>> is a logical shift: the same as uint64_t here.
    static constexpr uint64_t mix(uint64_t z) {
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    // h = mix(seed); then h = mix(h + golden + v) for each value.
    static uint64_t hash(int64_t seed, std::initializer_list<int64_t> values) {
        uint64_t h = mix(static_cast<uint64_t>(seed));
        for (int64_t v : values) {
            h = mix(h + kGolden + static_cast<uint64_t>(v));
        }
        return h;
    }

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
};

}  // namespace cosim
