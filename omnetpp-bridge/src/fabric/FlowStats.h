// FlowStats: per-flow byte counters kept by the hardware models, the C++ twin of
// Java's org.cosim.fabric.stats.FlowStats: payload bytes the sender NIC put on
// the wire, and of them the retransmitted ones (below the flow's highest byte sent
// so far); payload bytes delivered to the receiver NIC, duplicates included (the
// wire's count), and the unique ones (each byte counted once, on its first
// arrival: goodput), both also counted from the end of the warm-up, for
// throughput; bytes dropped in switches; and the finish time the flow's agent
// declared (-1: not finished). Plain counters, no events.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "ByteRanges.h"

namespace cosim {

class FlowStats {
public:
    FlowStats(int flows, int64_t measureFromPs)
        : measureFromPs_(measureFromPs), sent_(flows), sentHigh_(flows), retransmitted_(flows), delivered_(flows),
          deliveredMeasured_(flows), unique_(flows), uniqueMeasured_(flows), arrived_(flows), dropped_(flows),
          finish_(flows, -1) {}

    int flows() const { return static_cast<int>(sent_.size()); }

    // The sender NIC put payload bytes [seq, seq + bytes) of the flow on the wire.
    void sent(int flow, int64_t seq, int32_t bytes) {
        sent_[flow] += bytes;
        const int64_t end = seq + bytes;
        retransmitted_[flow] += std::max<int64_t>(0, std::min(end, sentHigh_[flow]) - seq);
        sentHigh_[flow] = std::max(sentHigh_[flow], end);
    }

    // Payload bytes [seq, seq + bytes) of the flow reached its receiver NIC at nowPs.
    void delivered(int flow, int64_t seq, int32_t bytes, int64_t nowPs) {
        const int64_t fresh = arrived_[flow].add(seq, seq + bytes);
        delivered_[flow] += bytes;
        unique_[flow] += fresh;
        if (nowPs >= measureFromPs_) {
            deliveredMeasured_[flow] += bytes;
            uniqueMeasured_[flow] += fresh;
        }
    }

    void dropped(int flow, int32_t bytes) { dropped_[flow] += bytes; }
    bool finished(int flow) const { return finish_[flow] >= 0; }
    void finish(int flow, int64_t timePs) { finish_[flow] = timePs; }

    int64_t sentBytes(int f) const { return sent_[f]; }
    int64_t retransmittedBytes(int f) const { return retransmitted_[f]; }
    int64_t deliveredBytes(int f) const { return delivered_[f]; }
    int64_t deliveredMeasuredBytes(int f) const { return deliveredMeasured_[f]; }
    int64_t uniqueDeliveredBytes(int f) const { return unique_[f]; }
    int64_t uniqueDeliveredMeasuredBytes(int f) const { return uniqueMeasured_[f]; }
    int64_t droppedBytes(int f) const { return dropped_[f]; }
    int64_t finishPs(int f) const { return finish_[f]; }

private:
    int64_t measureFromPs_;
    std::vector<int64_t> sent_, sentHigh_, retransmitted_, delivered_, deliveredMeasured_, unique_, uniqueMeasured_;
    std::vector<ByteRanges> arrived_;
    std::vector<int64_t> dropped_, finish_;
};

}  // namespace cosim
