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
        int64_t txStart = 0;  // when its first packet started onto the wire (set by txStart())
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
        FlowQueue& q = flows_[s.flow];
        if (q.segments.empty()) {
            ring_.push_back(s.flow);
            q.offset = 0;
        }
        q.segments.push_back(s);
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
        return flows_.at(ring_.front()).segments.front();
    }
    // Bytes of the selected segment already cut into packets.
    int32_t currentOffset() const { return fifo_ ? fifoOffset_ : flows_.at(ring_.front()).offset; }

    // When the selected segment's first packet starts onto the wire, for the packet
    // about to be cut from it and put on the wire at nowPs: nowPs when none of the
    // segment is cut yet, else the time kept from its first packet (Java's txStart).
    int64_t txStart(int64_t nowPs) {
        Segment& s = fifo_ ? all_.front() : flows_.at(ring_.front()).segments.front();
        if (currentOffset() == 0) s.txStart = nowPs;
        return s.txStart;
    }

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
        FlowQueue& q = flows_.at(ring_.front());
        q.offset += cut;
        const bool done = q.offset >= q.segments.front().bytes;
        if (done) {
            q.segments.pop_front();
            q.offset = 0;
            --size_;
        }
        if (!q.segments.empty()) {
            served_ = true;
        } else {
            ring_.pop_front();  // the flow keeps its (empty) queue: no allocation when it sends again
        }
        return done;
    }

private:
    bool fifo_;
    int64_t size_ = 0;
    std::deque<Segment> all_;  // FIFO
    int32_t fifoOffset_ = 0;
    struct FlowQueue {
        std::deque<Segment> segments;  // oldest first
        int32_t offset = 0;            // bytes of the head segment already cut into packets
    };
    std::unordered_map<int, FlowQueue> flows_;  // the flows this NIC has sent

    std::deque<int> ring_;                                 // flows with data, in service order
    bool served_ = false;  // the ring's head gave the last packet and still has data
};

}  // namespace cosim
