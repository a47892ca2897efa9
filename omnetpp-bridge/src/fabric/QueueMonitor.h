// QueueMonitor: the time-weighted length distribution of one egress queue, the
// C++ twin of the accumulating half of Java's org.cosim.fabric.stats.QueueMonitor.
// Every change adds the time spent at the previous length to that length's
// bucket (integer picoseconds), so the distribution is exact over time; time
// before the warm-up's end is not counted. The buckets go to the results as they
// are, with the length integrated over time, and Java computes the percentiles
// and the mean from them, so the statistics code exists once.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace cosim {

class QueueMonitor {
public:
    QueueMonitor(std::string name, int64_t bucketBytes, int64_t measureFromPs)
        : name_(std::move(name)), bucketBytes_(bucketBytes), measureFromPs_(measureFromPs), timeInBucket_(64) {}

    const std::string& name() const { return name_; }

    void update(int64_t nowPs, int64_t bytes) {
        account(nowPs);
        current_ = bytes;
        if (nowPs >= measureFromPs_ && bytes > max_) max_ = bytes;
    }

    // Closes the distribution at the end of the run.
    void finish(int64_t nowPs) { account(nowPs); }

    int64_t current() const { return current_; }
    int64_t maxBytes() const { return std::max<int64_t>(max_, 0); }
    int64_t bucketBytes() const { return bucketBytes_; }
    // Picoseconds spent with a length in [b * bucketBytes, (b+1) * bucketBytes).
    const std::vector<int64_t>& timeInBucket() const { return timeInBucket_; }
    // The length integrated over the measured time, in byte-picoseconds (the exact
    // mean's numerator; Java divides).
    unsigned __int128 byteTimePs() const { return byteTimePs_; }

private:
    void account(int64_t nowPs) {
        const int64_t from = std::max(lastChangePs_, measureFromPs_);
        if (nowPs > from) {
            const size_t b = static_cast<size_t>(current_ / bucketBytes_);
            if (b >= timeInBucket_.size()) timeInBucket_.resize(std::max(b + 1, timeInBucket_.size() * 2));
            timeInBucket_[b] += nowPs - from;
            byteTimePs_ += static_cast<unsigned __int128>(current_) * static_cast<unsigned __int128>(nowPs - from);
        }
        lastChangePs_ = nowPs;
    }

    std::string name_;
    int64_t bucketBytes_;
    int64_t measureFromPs_;
    std::vector<int64_t> timeInBucket_;
    unsigned __int128 byteTimePs_ = 0;
    int64_t lastChangePs_ = 0;
    int64_t current_ = 0;
    int64_t max_ = 0;
};

}  // namespace cosim
