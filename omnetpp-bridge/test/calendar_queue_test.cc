// calendar_queue_test
//
// CalendarQueue, the data structure under the OMNeT++ back end's future event set,
// against a reference (std::set ordered by time, then order) over long random
// sequences shaped like a simulation's: pushes never before the last pop, many
// equal times, items within one bucket, across the wheel's edge and far beyond it
// (the overflow heap), put-backs of the item just popped, and cancellations.
// Every pop must give the reference's least item. No OMNeT++: CI runs it.
// One line per failed check and a count at the end; exit status 1 on any failure.
#include <cstdint>
#include <iostream>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "CalendarQueue.h"

namespace {

int failures = 0;
int checks = 0;

void check(bool ok, const std::string& what) {
    ++checks;
    if (!ok && ++failures <= 20) std::cout << "FAIL " << what << std::endl;
}

using Queue = cosim::CalendarQueue<int>;
using Item = Queue::Item;

struct Ref {
    std::set<Item> items;
};

std::string show(const Item& i) {
    std::ostringstream s;
    s << "(" << i.time << " ps, order " << i.order << ", value " << i.value << ")";
    return s.str();
}

bool same(const Item& a, const Item& b) { return a.time == b.time && a.order == b.order && a.value == b.value; }

// One random run: `steps` operations with delays drawn from `delay`.
template <class Delay>
void randomRun(const std::string& name, uint32_t seed, int steps, Delay delay) {
    std::mt19937_64 rng(seed);
    Queue q;
    Ref ref;
    int64_t now = 0;
    uint64_t order = 0;
    int value = 0;
    Item last{};
    bool havePopped = false;
    for (int step = 0; step < steps; ++step) {
        const int op = static_cast<int>(rng() % 100);
        if (op < 50 || ref.items.empty()) {
            const Item it{now + delay(rng), order++ | (rng() % 4 == 0 ? (uint64_t{1} << 60) : 0), value++};
            q.push(it.time, it.order, it.value);
            ref.items.insert(it);
        } else if (op < 93) {
            const Item want = *ref.items.begin();
            ref.items.erase(ref.items.begin());
            if (!same(q.top(), want)) check(false, name + " step " + std::to_string(step) + ": top " + show(q.top()) +
                                                       ", want " + show(want));
            const Item got = q.pop();
            check(same(got, want), name + " step " + std::to_string(step) + ": popped " + show(got) + ", want " +
                                       show(want));
            now = got.time;
            last = got;
            havePopped = true;
        } else if (op < 96 && havePopped && ref.items.count(last) == 0 && (ref.items.empty() || last < *ref.items.begin())) {
            q.push(last.time, last.order, last.value);  // put back the item just taken
            ref.items.insert(last);
        } else if (!ref.items.empty()) {
            auto victim = ref.items.lower_bound(Item{now + delay(rng), 0, 0});
            if (victim == ref.items.end()) victim = ref.items.begin();
            check(q.erase(victim->time, victim->value), name + ": erase of a queued value " + std::to_string(victim->value));
            ref.items.erase(victim);
        }
        check(q.size() == ref.items.size(), name + " step " + std::to_string(step) + ": size");
    }
    const auto all = q.sorted();
    check(all.size() == ref.items.size(), name + ": sorted() size");
    auto r = ref.items.begin();
    for (size_t i = 0; i < all.size() && r != ref.items.end(); ++i, ++r)
        check(same(all[i], *r), name + ": sorted() item " + std::to_string(i));
    while (!ref.items.empty()) {
        const Item want = *ref.items.begin();
        ref.items.erase(ref.items.begin());
        check(same(q.pop(), want), name + ": draining");
    }
    check(q.empty(), name + ": empty at the end");
    check(!q.erase(now, -1), name + ": erase of an absent value");
}

constexpr int64_t kBucket = int64_t{1} << Queue::kWidthBits;
constexpr int64_t kYear = kBucket * Queue::kBuckets;

}  // namespace

int main() {
    // Delays like a 10 Gb/s fabric's: zero (same instant), header and packet times,
    // link delays, and a few timers far beyond the wheel's year.
    randomRun("fabric-like", 1, 400000, [](std::mt19937_64& r) -> int64_t {
        switch (r() % 8) {
            case 0: return 0;
            case 1: return 51200;
            case 2: return 7200000;
            case 3: return 1000000;
            case 4: return static_cast<int64_t>(r() % 10000000);
            case 5: return static_cast<int64_t>(r() % kBucket);
            case 6: return kYear - kBucket + static_cast<int64_t>(r() % (2 * kBucket));  // across the edge
            default: return static_cast<int64_t>(r() % (5 * kYear));                       // the overflow heap
        }
    });
    // All in one bucket: the sorted lists carry the order alone.
    randomRun("one-bucket", 2, 100000, [](std::mt19937_64& r) -> int64_t { return static_cast<int64_t>(r() % 3); });
    // Sparse: gaps of many years, so the wheel is often empty and jumps.
    randomRun("sparse", 3, 100000, [](std::mt19937_64& r) -> int64_t {
        return static_cast<int64_t>(r() % (50 * kYear));
    });

    // Nothing may be scheduled before the current bucket.
    Queue q;
    q.push(10 * kYear, 1, 1);
    q.pop();
    bool refused = false;
    try {
        q.push(10 * kYear - kBucket, 2, 2);
    } catch (const std::logic_error&) {
        refused = true;
    }
    check(refused, "a push before the current bucket is refused");
    q.push(10 * kYear, 3, 3);  // the same instant is fine
    check(q.pop().value == 3, "a push at the current instant");

    std::cout << "calendar_queue_test: " << (checks - failures) << " of " << checks << " checks passed" << std::endl;
    return failures == 0 ? 0 : 1;
}
