// CalendarEventSet: the future event set of cosim's OMNeT++ runs (ini option
// `futureeventset-class = "cosim::CalendarEventSet"`, written by `OmnetppIni`).
//
// Event order: arrival time, then scheduling priority, then the node the event
// belongs to (NodeRank.h: network, hosts, switches; a packet's arrival is its
// sender's), then insertion order (an insertion counter of the set): the order of
// the Java fabric's kernel, so both back ends run simultaneous events alike, and a
// parallel run's partitions run them as one process does. OMNeT++'s own cEventHeap
// has no node key. Data structure: a calendar queue (eventset/CalendarQueue.h) with
// the keys packed into the queue's own nodes, instead of a binary heap of event
// pointers whose every comparison calls cEvent::shouldPrecede through the PLT and
// reads two event objects. On the NDP 128-host permutation cEventHeap's sifting and
// comparisons take a quarter of `opp_run`'s time.
//
// OMNeT++ reads two fields only its own heap may write: cEvent::heapIndex
// (isScheduled() is heapIndex != -1; scheduleAt and cancelEvent rely on it) and
// cEvent::insertOrder. CalendarEventSet.cc reaches them the one way standard C++
// allows (an explicit template instantiation may name a private member), and keeps
// in heapIndex only "scheduled" (0) or not (-1); so remove() searches the event's
// bucket (cosim's modules cancel events only when they are deleted; a parallel run's
// null-message protocol moves its resend timer at every null message).
#pragma once

#include <omnetpp.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../eventset/CalendarQueue.h"

namespace cosim {

class CalendarEventSet : public omnetpp::cFutureEventSet {
public:
    explicit CalendarEventSet(const char* objectName = nullptr) : omnetpp::cFutureEventSet(objectName) {}
    CalendarEventSet(const CalendarEventSet&) = delete;
    CalendarEventSet& operator=(const CalendarEventSet&) = delete;
    ~CalendarEventSet() override;

    std::string str() const override;
    void forEachChild(omnetpp::cVisitor* v) override;

    void insert(omnetpp::cEvent* event) override;
    omnetpp::cEvent* peekFirst() const override;
    omnetpp::cEvent* removeFirst() override;
    void putBackFirst(omnetpp::cEvent* event) override;
    omnetpp::cEvent* remove(omnetpp::cEvent* event) override;
    bool isEmpty() const override { return queue_.empty(); }
    void clear() override;

    int getLength() const override { return static_cast<int>(queue_.size()); }
    omnetpp::cEvent* get(int k) override;  // in event order
    void sort() override {}                // get() is in order anyway

    // The end of a parallel run's partition (AgentBridge): every event but the parallel
    // simulation's own leaves the set, and none is taken in from then on (a packet from
    // another partition is deleted), so nothing changes what the partition measured
    // while the others reach the end.
    void freeze();
    // How often the null-message protocol moved a partition's promise to another (its
    // end-of-time, EOT): each goes out as a null message or with a packet.
    int64_t eotUpdates() const { return eotUpdates_; }

    // Priority in the top 7 bits (cosim's priorities -4..0 biased to 60..64; the kernel's
    // extremes clamped), the node (NodeRank::kBits) below, insertion order in the rest.
    static uint64_t orderKey(short priority, int32_t node, int64_t insertOrder);

private:
    void enqueue(omnetpp::cEvent* event);
    omnetpp::cEvent* taken(omnetpp::cEvent* event);
    static void prefetch(const omnetpp::cEvent* event);
    int32_t nodeOf(const omnetpp::cEvent* event);
    // A packet's OMNeT++ header and cosim's fields up to its INT records (Packet.h).
    static constexpr int kPrefetchLines = 6;

    CalendarQueue<omnetpp::cEvent*> queue_;
    int64_t insertCount_ = 0;
    std::vector<omnetpp::cEvent*> inOrder_;  // get()'s snapshot, built on demand
    bool inOrderValid_ = false;
    bool frozen_ = false;
    int64_t eotUpdates_ = 0;
    std::vector<int32_t> nodeByModuleId_;  // NodeRank::of each module, -1 until asked
};

}  // namespace cosim
