// CalendarQueue: a priority queue of scheduled items for a discrete-event kernel,
// ordered exactly by (time, order) with `order` unique (the kernel's tie-break), in
// expected O(1) per operation when most items are due within a bounded horizon
// (Brown's calendar queue, with a fixed year and an overflow heap for the rest).
//
// Time is cut into buckets of 2^kWidthBits picoseconds; a wheel of kBuckets buckets
// covers [current bucket, current bucket + kBuckets). Each bucket is a sorted list
// of pooled nodes whose tail is known; a bitmap marks the non-empty ones. Items
// beyond the wheel wait in a binary heap and move into the wheel when it comes
// close. The kernel's rule that nothing is scheduled before the last item taken
// (its "now") is what lets the wheel turn only forwards.
//
// No OMNeT++ in here: CalendarEventSet adapts it to cFutureEventSet, and the
// CI-built calendar_queue_test checks it against a reference ordering.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace cosim {

template <class T>
class CalendarQueue {
public:
    struct Item {
        int64_t time;
        uint64_t order;
        T value;
        bool operator<(const Item& o) const { return time < o.time || (time == o.time && order < o.order); }
    };

    // Bucket width and wheel size: 16 ns buckets over a 67 us year. On NDP's
    // fabrics (10 Gb/s, 1 us links) most pending events are less than one 9000-byte
    // serialization (7.2 us) ahead, a few per bucket; timers further out overflow.
    static constexpr int kWidthBits = 14;
    static constexpr int64_t kBuckets = 4096;

    CalendarQueue() {
        std::fill(std::begin(heads_), std::end(heads_), -1);
        std::fill(std::begin(tails_), std::end(tails_), -1);
    }

    bool empty() const { return wheelSize_ == 0 && overflow_.empty(); }
    size_t size() const { return wheelSize_ + overflow_.size(); }

    // `time` must not lie before the last popped item's.
    void push(int64_t time, uint64_t order, T value) {
        if (time < 0 || bucketOf(time) < current_) {
            throw std::logic_error("CalendarQueue: an item at " + std::to_string(time) +
                                   " ps lies before the current bucket");
        }
        place(Item{time, order, value});
    }

    // The least item; the queue must not be empty.
    const Item& top() const {
        const int slot = firstSlot();
        return fromOverflow(slot) ? overflow_.front() : headOf(slot);
    }

    Item pop() {
        const int slot = firstSlot();
        const Item out = fromOverflow(slot) ? overflowPop() : unlinkHead(slot);
        advanceTo(bucketOf(out.time));
        return out;
    }

    // Removes the item holding `value`, due at `time`: a walk of that time's bucket, or
    // of the overflow when the time lies beyond the wheel (the overflow holds only
    // such items: advanceTo moves the rest in). OMNeT++'s parallel simulation moves its
    // resend timer this way at every null message it sends.
    bool erase(int64_t time, const T& value) {
        const int64_t b = bucketOf(time);
        if (b >= current_ && b < current_ + kBuckets) {
            const int slot = static_cast<int>(b & kMask);
            int32_t* link = &heads_[slot];
            int32_t prev = -1;
            while (*link >= 0) {
                Node& n = nodes_[static_cast<size_t>(*link)];
                if (n.item.value == value) {
                    const int32_t gone = *link;
                    if (tails_[slot] == gone) tails_[slot] = prev;
                    *link = n.next;
                    release(gone);
                    if (heads_[slot] < 0) clearBit(slot);
                    --wheelSize_;
                    return true;
                }
                prev = *link;
                link = &n.next;
            }
            return false;
        }
        for (size_t i = 0; i < overflow_.size(); ++i) {
            if (overflow_[i].value == value) {
                overflow_.erase(overflow_.begin() + static_cast<std::ptrdiff_t>(i));
                std::make_heap(overflow_.begin(), overflow_.end(), later);
                return true;
            }
        }
        return false;
    }

    // Every item, in (time, order) order.
    std::vector<Item> sorted() const {
        std::vector<Item> all(overflow_.begin(), overflow_.end());
        for (int64_t s = 0; s < kBuckets; ++s)
            for (int32_t i = heads_[s]; i >= 0; i = nodes_[static_cast<size_t>(i)].next)
                all.push_back(nodes_[static_cast<size_t>(i)].item);
        std::sort(all.begin(), all.end());
        return all;
    }

    void clear() {
        std::fill(std::begin(heads_), std::end(heads_), -1);
        std::fill(std::begin(tails_), std::end(tails_), -1);
        std::fill(std::begin(bits_), std::end(bits_), 0);
        nodes_.clear();
        free_ = -1;
        wheelSize_ = 0;
        overflow_.clear();
    }

private:
    struct Node {
        Item item;
        int32_t next;  // index in nodes_, -1 at the end
    };
    static constexpr int64_t kMask = kBuckets - 1;
    static constexpr int kWords = static_cast<int>(kBuckets / 64);

    static int64_t bucketOf(int64_t time) { return time >> kWidthBits; }
    static bool later(const Item& a, const Item& b) { return b < a; }  // std heap order: least on top

    void place(const Item& item) {
        const int64_t b = bucketOf(item.time);
        if (b >= current_ + kBuckets) {
            overflow_.push_back(item);
            std::push_heap(overflow_.begin(), overflow_.end(), later);
            return;
        }
        const int slot = static_cast<int>(b & kMask);
        const int32_t fresh = allocate(item);
        const int32_t tail = tails_[slot];
        if (tail < 0 || nodes_[static_cast<size_t>(tail)].item < item) {
            // Most items are scheduled after everything in their bucket (later times,
            // ever-growing insertion order): append without walking the list.
            nodes_[static_cast<size_t>(fresh)].next = -1;
            (tail < 0 ? heads_[slot] : nodes_[static_cast<size_t>(tail)].next) = fresh;
            tails_[slot] = fresh;
        } else {
            int32_t* link = &heads_[slot];
            while (nodes_[static_cast<size_t>(*link)].item < item) link = &nodes_[static_cast<size_t>(*link)].next;
            nodes_[static_cast<size_t>(fresh)].next = *link;
            *link = fresh;
        }
        setBit(slot);
        ++wheelSize_;
    }

    const Item& headOf(int slot) const { return nodes_[static_cast<size_t>(heads_[slot])].item; }

    // Whether the least item is the overflow's (given the wheel's first slot, or -1):
    // what the overflow holds can precede the wheel when the wheel's first items lie far ahead.
    bool fromOverflow(int slot) const {
        return slot < 0 || (!overflow_.empty() && overflow_.front() < headOf(slot));
    }

    // The wheel's first non-empty slot from the current bucket on, or -1.
    int firstSlot() const {
        if (wheelSize_ == 0) return -1;
        const int start = static_cast<int>(current_ & kMask);
        int word = start >> 6;
        uint64_t bits = bits_[word] & (~uint64_t{0} << (start & 63));
        for (int k = 0; k <= kWords; ++k) {
            if (bits != 0) return (word << 6) + __builtin_ctzll(bits);
            word = (word + 1) % kWords;
            bits = bits_[word];
        }
        throw std::logic_error("CalendarQueue: items counted but no bucket marked");
    }

    Item unlinkHead(int slot) {
        const int32_t i = heads_[slot];
        const Item out = nodes_[static_cast<size_t>(i)].item;
        heads_[slot] = nodes_[static_cast<size_t>(i)].next;
        release(i);
        if (heads_[slot] < 0) {
            tails_[slot] = -1;
            clearBit(slot);
        }
        --wheelSize_;
        return out;
    }

    Item overflowPop() {
        std::pop_heap(overflow_.begin(), overflow_.end(), later);
        const Item out = overflow_.back();
        overflow_.pop_back();
        return out;
    }

    // The wheel turns to bucket b; what the overflow holds within the new year
    // comes in (all of it later than b: it was beyond the old year's end).
    void advanceTo(int64_t b) {
        if (b <= current_) return;
        current_ = b;
        while (!overflow_.empty() && bucketOf(overflow_.front().time) < current_ + kBuckets) place(overflowPop());
    }

    int32_t allocate(const Item& item) {
        if (free_ >= 0) {
            const int32_t i = free_;
            free_ = nodes_[static_cast<size_t>(i)].next;
            nodes_[static_cast<size_t>(i)].item = item;
            return i;
        }
        nodes_.push_back(Node{item, -1});
        return static_cast<int32_t>(nodes_.size() - 1);
    }
    void release(int32_t i) {
        nodes_[static_cast<size_t>(i)].next = free_;
        free_ = i;
    }
    void setBit(int slot) { bits_[slot >> 6] |= uint64_t{1} << (slot & 63); }
    void clearBit(int slot) { bits_[slot >> 6] &= ~(uint64_t{1} << (slot & 63)); }

    int64_t current_ = 0;  // the wheel's first bucket (that of the last popped item)
    int32_t heads_[kBuckets] = {};
    int32_t tails_[kBuckets] = {};  // each bucket's last node, -1 when empty
    uint64_t bits_[kWords] = {};
    std::vector<Node> nodes_;
    int32_t free_ = -1;
    size_t wheelSize_ = 0;
    std::vector<Item> overflow_;  // beyond the wheel's year; a heap, least on top
};

}  // namespace cosim
