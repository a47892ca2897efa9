// ByteRanges: a set of byte offsets kept as sorted, disjoint, non-adjacent
// half-open ranges [start, end), the C++ twin of Java's
// org.cosim.fabric.stats.ByteRanges with the same semantics: adding a range merges
// it with those it overlaps or touches and says how many of its bytes were not in
// the set before. Data that arrives in order stays one range; reordered arrivals
// (NDP sprays packets over paths) leave a few gaps until the missing bytes come.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace cosim {

class ByteRanges {
public:
    // Adds [start, end) and returns how many of those bytes were new; an empty range adds nothing.
    int64_t add(int64_t start, int64_t end) {
        if (end <= start) return 0;
        const size_t n = starts_.size();
        if (n > 0 && start == ends_[n - 1]) {  // in order: extend the last range
            ends_[n - 1] = end;
            return end - start;
        }
        // The first range that overlaps or touches [start, end): the first whose end is at or after start.
        const size_t first = static_cast<size_t>(std::lower_bound(ends_.begin(), ends_.end(), start) - ends_.begin());
        size_t last = first;  // one past the last such range
        int64_t covered = 0;
        while (last < n && starts_[last] <= end) {
            covered += std::min(end, ends_[last]) - std::max(start, starts_[last]);
            ++last;
        }
        const int64_t mergedStart = first < last ? std::min(start, starts_[first]) : start;
        const int64_t mergedEnd = first < last ? std::max(end, ends_[last - 1]) : end;
        if (first == last) {
            starts_.insert(starts_.begin() + static_cast<std::ptrdiff_t>(first), mergedStart);
            ends_.insert(ends_.begin() + static_cast<std::ptrdiff_t>(first), mergedEnd);
        } else {
            starts_[first] = mergedStart;
            ends_[first] = mergedEnd;
            starts_.erase(starts_.begin() + static_cast<std::ptrdiff_t>(first + 1),
                          starts_.begin() + static_cast<std::ptrdiff_t>(last));
            ends_.erase(ends_.begin() + static_cast<std::ptrdiff_t>(first + 1),
                        ends_.begin() + static_cast<std::ptrdiff_t>(last));
        }
        return end - start - covered;
    }

    // How many bytes the set holds.
    int64_t bytes() const {
        int64_t sum = 0;
        for (size_t i = 0; i < starts_.size(); ++i) sum += ends_[i] - starts_[i];
        return sum;
    }

    // How many disjoint ranges the set holds.
    int ranges() const { return static_cast<int>(starts_.size()); }

private:
    std::vector<int64_t> starts_, ends_;
};

}  // namespace cosim
