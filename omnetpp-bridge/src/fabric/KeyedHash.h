// KeyedHash: randomness keyed by identity, shared by the fabric and the agents;
// the C++ twin of Java's org.cosim.scenario.KeyedHash (proto module), bit for bit.
// A random choice is a hash of the scenario seed and the identities involved,
// never a draw from a generator whose state depends on call order, so both back
// ends compute the same bits whatever order they process events in. Checked
// against golden vectors computed by the Java code (test/golden/java_vectors.txt).
#pragma once

#include <cstdint>
#include <initializer_list>

namespace cosim {

struct KeyedHash {
    static constexpr uint64_t kGolden = 0x9e3779b97f4a7c15ULL;

    // SplitMix64 finalizer (Steele, Lea, Flood 2014). Java's long arithmetic wraps
    // and >>> is a logical shift: the same as uint64_t here.
    static constexpr uint64_t mix(uint64_t z) {
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    // h = mix(seed); then h = mix(h + golden + v) for each value in order.
    static uint64_t hash(int64_t seed, std::initializer_list<int64_t> values) {
        uint64_t h = mix(static_cast<uint64_t>(seed));
        for (int64_t v : values) {
            h = mix(h + kGolden + static_cast<uint64_t>(v));
        }
        return h;
    }

    // hash(seed, {a, b, c, d}) without the list (Java's hash4, for hot paths).
    static constexpr uint64_t hash4(int64_t seed, int64_t a, int64_t b, int64_t c, int64_t d) {
        uint64_t h = mix(static_cast<uint64_t>(seed));
        h = mix(h + kGolden + static_cast<uint64_t>(a));
        h = mix(h + kGolden + static_cast<uint64_t>(b));
        h = mix(h + kGolden + static_cast<uint64_t>(c));
        return mix(h + kGolden + static_cast<uint64_t>(d));
    }

    // A uniform index in 0..n-1 from a hash: the unsigned remainder (n > 0), as Java's
    // Long.remainderUnsigned.
    static constexpr int below(uint64_t hash, int32_t n) { return static_cast<int>(hash % static_cast<uint64_t>(n)); }
};

}  // namespace cosim
