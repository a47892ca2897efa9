// SegmentQueue: the segments handed to a NIC and not yet cut into packets, and
// the order in which the NIC serves them; the C++ twin of Java's SegmentQueue,
// whose comment states the rule. Per flow (the default): a queue per flow, the
// flows with data in a ring served one packet each; when the next packet is
// chosen, the flow served last goes to the ring's tail if it still has data; a
// flow joins the tail when it gets data while it has none. FIFO: one queue,
// segment after segment.
// fabric_core_test checks the order against Java's golden vectors ("nicorder").
#pragma once

#include <cstdint>
#include <deque>
#include <unordered_map>

namespace cosim {

class SegmentQueue {
public:
    struct Segment {
        int flow;
        int64_t seq;
        int32_t bytes;
        uint32_t path;
        int64_t postTime;
        int options;
    };

    explicit SegmentQueue(bool fifo = false) : fifo_(fifo) {}

    void setFifo(bool fifo) { fifo_ = fifo; }
    bool empty() const { return size_ == 0; }
    int64_t size() const { return size_; }

    void add(const Segment& s) {
        ++size_;
        if (fifo_) {
            all_.push_back(s);
            return;
        }
        std::deque<Segment>& q = flows_[s.flow];
        if (q.empty()) {
            ring_.push_back(s.flow);
            offsets_[s.flow] = 0;
        }
        q.push_back(s);
    }

    // Chooses the segment the next packet is cut from (the flow served last goes
    // behind the others first) and returns it. Call when not empty.
    const Segment& select() {
        if (fifo_) return all_.front();
        if (served_) {
            ring_.push_back(ring_.front());
            ring_.pop_front();
            served_ = false;
        }
        return flows_.at(ring_.front()).front();
    }
    // Bytes of the selected segment already cut into packets.
    int32_t currentOffset() const { return fifo_ ? fifoOffset_ : offsets_.at(ring_.front()); }

    // A packet of `cut` bytes was cut from the current segment; returns whether the segment is finished.
    bool cut(int32_t cut) {
        if (fifo_) {
            fifoOffset_ += cut;
            if (fifoOffset_ < all_.front().bytes) return false;
            all_.pop_front();
            fifoOffset_ = 0;
            --size_;
            return true;
        }
        const int flow = ring_.front();
        auto it = flows_.find(flow);
        int32_t& offset = offsets_[flow];
        offset += cut;
        const bool done = offset >= it->second.front().bytes;
        if (done) {
            it->second.pop_front();
            offset = 0;
            --size_;
        }
        if (!it->second.empty()) {
            served_ = true;
        } else {
            ring_.pop_front();
            flows_.erase(it);
            offsets_.erase(flow);
        }
        return done;
    }

private:
    bool fifo_;
    int64_t size_ = 0;
    std::deque<Segment> all_;  // FIFO
    int32_t fifoOffset_ = 0;
    std::unordered_map<int, std::deque<Segment>> flows_;  // per flow: its segments, oldest first
    std::unordered_map<int, int32_t> offsets_;            // per flow: bytes of its head segment cut
    std::deque<int> ring_;                                 // flows with data, in service order
    bool served_ = false;  // the ring's head gave the last packet and still has data
};

}  // namespace cosim
