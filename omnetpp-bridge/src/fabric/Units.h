// Integer time arithmetic shared by both back ends: the C++ twin of Java's
// org.cosim.scenario.Units.serializationPs and org.cosim.agents.api.SegmentRtt.
// Time is int64 picoseconds; nothing here touches a double (ARCHITECTURE.md,
// Time). Checked against golden vectors computed by the Java code.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace cosim {

using Ps = int64_t;

// 128-bit intermediates (GCC and Clang; __extension__ keeps -Wpedantic quiet).
__extension__ typedef unsigned __int128 Uint128;

struct Units {
    static constexpr int64_t kPsPerUs = 1'000'000;
    static constexpr int64_t kPsPerS = 1'000'000'000'000;
    static constexpr int64_t kBitPsPerByteSecond = 8 * kPsPerS;  // picosecond-bits in one byte-second

    // Time to serialize `bytes` at `bps`, rounded up to a whole picosecond: exact for
    // the papers' rates (1500 B at 10 Gb/s = 1,200,000 ps). Java computes the same
    // with 64-bit multiplication or, on overflow, BigInteger; 128 bits hold every
    // intermediate here, and a result beyond int64 is refused as Java refuses it.
    static Ps serializationPs(int64_t bytes, int64_t bps) {
        if (bytes < 0 || bps <= 0) {
            throw std::invalid_argument("serializationPs(" + std::to_string(bytes) + ", " + std::to_string(bps) + ")");
        }
        const Uint128 bits = static_cast<Uint128>(bytes) * kBitPsPerByteSecond;
        const Uint128 q = (bits + static_cast<Uint128>(bps) - 1) / static_cast<Uint128>(bps);
        if (q > static_cast<Uint128>(INT64_MAX)) {
            throw std::overflow_error("serializationPs(" + std::to_string(bytes) + ", " + std::to_string(bps) +
                                      "): beyond 2^63 ps");
        }
        return static_cast<Ps>(q);
    }

    // TIMELY's RTT of a completed segment (SIGCOMM'15 3.1): completion - send - the
    // segment's serialization at the NIC's line rate.
    static Ps segmentRttPs(Ps sendTimePs, Ps completionTimePs, int32_t segmentBytes, int64_t nicRateBps) {
        return completionTimePs - sendTimePs - serializationPs(segmentBytes, nicRateBps);
    }

    // The INT max-hop-delay field as a switch writes it (Java IntParams.field): exact,
    // or like the hardware, 256 ns units in 16 bits, saturating.
    static constexpr Ps kIntUnitPs = 256'000;
    static constexpr int64_t kIntMaxUnits = 0xffff;
    static Ps intField(Ps delayPs, bool quantize) {
        if (!quantize) return delayPs;
        const int64_t units = delayPs / kIntUnitPs;
        return (units < kIntMaxUnits ? units : kIntMaxUnits) * kIntUnitPs;
    }
};

}  // namespace cosim
