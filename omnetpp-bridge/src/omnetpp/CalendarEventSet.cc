#include "CalendarEventSet.h"

#include <algorithm>
#include <sstream>

#include "NodeRank.h"
#include "Packet.h"

using omnetpp::cEvent;

namespace cosim {

Register_Class(CalendarEventSet);

namespace {

// Access to cEvent's two FES-private fields: an explicit instantiation may name a
// private member (C++17 [temp.spec]/6), and the friend function it defines hands
// out the member pointer.
template <class Tag, typename Tag::type Member>
struct Grant {
    friend typename Tag::type memberOf(Tag) { return Member; }
};
struct HeapIndexField {
    using type = int cEvent::*;
    friend type memberOf(HeapIndexField);
};
struct InsertOrderField {
    using type = omnetpp::eventnumber_t cEvent::*;
    friend type memberOf(InsertOrderField);
};
template struct Grant<HeapIndexField, &cEvent::heapIndex>;
template struct Grant<InsertOrderField, &cEvent::insertOrder>;

constexpr int kPriorityBits = 7;
// cNullMessageProtocol's resend-EOT timer (MK_PARSIM_RESENDEOT in OMNeT++'s
// src/sim/parsim/cnullmessageprot.h, which the public headers do not include).
constexpr short kResendEot = omnetpp::MK_PARSIM_BEGIN - 2;
constexpr int kOrderBits = 64 - kPriorityBits - NodeRank::kBits;

void markScheduled(cEvent* e, bool scheduled) { e->*memberOf(HeapIndexField{}) = scheduled ? 0 : -1; }

}  // namespace

CalendarEventSet::~CalendarEventSet() { clear(); }

uint64_t CalendarEventSet::orderKey(short priority, int32_t node, int64_t insertOrder) {
    constexpr int kBias = 1 << (kPriorityBits - 1);
    const int p = std::clamp(static_cast<int>(priority) + kBias, 0, (1 << kPriorityBits) - 1);
    return (static_cast<uint64_t>(p) << (NodeRank::kBits + kOrderBits)) |
           (static_cast<uint64_t>(node) << kOrderBits) | static_cast<uint64_t>(insertOrder);
}

int32_t CalendarEventSet::nodeOf(const cEvent* event) {
    if (!event->isMessage()) return NodeRank::kNetwork;
    const auto* msg = static_cast<const omnetpp::cMessage*>(event);
    if (!msg->isSelfMessage() && msg->isPacket()) {
        if (const auto* pkt = dynamic_cast<const Packet*>(msg)) return pkt->senderRank;
    }
    const int id = msg->getArrivalModuleId();
    if (id < 0) return NodeRank::kNetwork;
    if (static_cast<size_t>(id) >= nodeByModuleId_.size()) nodeByModuleId_.resize(static_cast<size_t>(id) + 1, -1);
    int32_t& node = nodeByModuleId_[static_cast<size_t>(id)];
    if (node < 0) {
        const omnetpp::cModule* m = omnetpp::getSimulation()->getModule(id);
        node = m == nullptr ? NodeRank::kNetwork : NodeRank::of(m);
    }
    return node;
}

std::string CalendarEventSet::str() const {
    if (isEmpty()) return "empty";
    std::ostringstream out;
    out << "length=" << getLength();
    return out.str();
}

void CalendarEventSet::forEachChild(omnetpp::cVisitor* v) {
    for (const auto& item : queue_.sorted())
        if (!v->visit(item.value)) return;
}

namespace {
// The kernel's own events, which a frozen set keeps: the end of the simulation (not a
// message) and the parallel simulation's null-message bookkeeping.
bool kernelOwn(const cEvent* e) {
    const auto* m = dynamic_cast<const omnetpp::cMessage*>(e);
    return m == nullptr ||
           (m->getKind() <= omnetpp::MK_PARSIM_BEGIN && m->getKind() > omnetpp::MK_PARSIM_BEGIN - 1000);
}

// An event a frozen set lets go: a module's own message stays its own to delete; a
// packet in flight has no one else.
void discard(cEvent* e) {
    if (!static_cast<omnetpp::cMessage*>(e)->isSelfMessage()) delete e;
}
}  // namespace

void CalendarEventSet::freeze() {
    frozen_ = true;
    const std::vector<CalendarQueue<cEvent*>::Item> all = queue_.sorted();
    queue_.clear();
    for (const auto& item : all) {
        if (kernelOwn(item.value)) {
            queue_.push(item.time, item.order, item.value);
        } else {
            taken(item.value);
            discard(item.value);
        }
    }
    inOrderValid_ = false;
}

void CalendarEventSet::insert(cEvent* event) {
    if (frozen_ && !kernelOwn(event)) {
        discard(event);
        return;
    }
    if (event->isMessage() && static_cast<omnetpp::cMessage*>(event)->getKind() == kResendEot)
        ++eotUpdates_;  // cNullMessageProtocol reschedules its resend timer with each EOT it sends
    if (insertCount_ >= (int64_t{1} << kOrderBits))
        throw omnetpp::cRuntimeError("CalendarEventSet: more than 2^%d insertions", kOrderBits);
    event->*memberOf(InsertOrderField{}) = insertCount_++;
    enqueue(event);
}

void CalendarEventSet::putBackFirst(cEvent* event) { enqueue(event); }  // its keys make it first again

void CalendarEventSet::enqueue(cEvent* event) {
    // Queue first: an event the queue refuses (before the current bucket) stays the caller's.
    queue_.push(event->getArrivalTime().raw(),
                orderKey(event->getSchedulingPriority(), nodeOf(event), event->getInsertOrder()), event);
    take(event);
    markScheduled(event, true);
    inOrderValid_ = false;
}

cEvent* CalendarEventSet::peekFirst() const { return queue_.empty() ? nullptr : queue_.top().value; }

cEvent* CalendarEventSet::removeFirst() {
    if (queue_.empty()) return nullptr;
    cEvent* first = taken(queue_.pop().value);
    if (!queue_.empty()) prefetch(queue_.top().value);
    return first;
}

// The next event's object is cold by the time it comes up (it was scheduled
// thousands of events ago); asking for its first cache lines now lets the loads
// overlap with this event's work instead of stalling the next takeNextEvent.
void CalendarEventSet::prefetch(const cEvent* event) {
    const char* p = reinterpret_cast<const char*>(event);
    for (int line = 0; line < kPrefetchLines; ++line) __builtin_prefetch(p + 64 * line);
}

cEvent* CalendarEventSet::remove(cEvent* event) {
    if (!event->isScheduled() || !queue_.erase(event->getArrivalTime().raw(), event)) return nullptr;
    return taken(event);
}

void CalendarEventSet::clear() {
    for (const auto& item : queue_.sorted()) {
        markScheduled(item.value, false);
        dropAndDelete(item.value);
    }
    queue_.clear();
    inOrderValid_ = false;
}

cEvent* CalendarEventSet::get(int k) {
    if (!inOrderValid_) {
        inOrder_.clear();
        for (const auto& item : queue_.sorted()) inOrder_.push_back(item.value);
        inOrderValid_ = true;
    }
    return k >= 0 && static_cast<size_t>(k) < inOrder_.size() ? inOrder_[static_cast<size_t>(k)] : nullptr;
}

cEvent* CalendarEventSet::taken(cEvent* event) {
    drop(event);
    markScheduled(event, false);
    inOrderValid_ = false;
    return event;
}

}  // namespace cosim
