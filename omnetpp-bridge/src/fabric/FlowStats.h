// FlowStats: per-flow byte counters kept by the hardware models, the C++ twin of
// Java's org.cosim.fabric.stats.FlowStats: data bytes the sender NIC put on the
// wire, bytes delivered to the receiver NIC (also counted from the end of the
// warm-up, for throughput), bytes dropped in switches, and the finish time the
// flow's agent declared (-1: not finished). Plain counters, no events.
#pragma once

#include <cstdint>
#include <vector>

namespace cosim {

class FlowStats {
public:
    FlowStats(int flows, int64_t measureFromPs)
        : measureFromPs_(measureFromPs), sent_(flows), delivered_(flows), deliveredMeasured_(flows),
          dropped_(flows), finish_(flows, -1) {}

    int flows() const { return static_cast<int>(sent_.size()); }
    void sent(int flow, int32_t bytes) { sent_[flow] += bytes; }
    void delivered(int flow, int32_t bytes, int64_t nowPs) {
        delivered_[flow] += bytes;
        if (nowPs >= measureFromPs_) deliveredMeasured_[flow] += bytes;
    }
    void dropped(int flow, int32_t bytes) { dropped_[flow] += bytes; }
    bool finished(int flow) const { return finish_[flow] >= 0; }
    void finish(int flow, int64_t timePs) { finish_[flow] = timePs; }

    int64_t sentBytes(int f) const { return sent_[f]; }
    int64_t deliveredBytes(int f) const { return delivered_[f]; }
    int64_t deliveredMeasuredBytes(int f) const { return deliveredMeasured_[f]; }
    int64_t droppedBytes(int f) const { return dropped_[f]; }
    int64_t finishPs(int f) const { return finish_[f]; }

private:
    int64_t measureFromPs_;
    std::vector<int64_t> sent_, delivered_, deliveredMeasured_, dropped_, finish_;
};

}  // namespace cosim
