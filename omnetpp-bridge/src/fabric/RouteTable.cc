#include "RouteTable.h"

#include <stdexcept>

#include "IdentityHash.h"

namespace cosim {

RouteTable::RouteTable(std::vector<uint32_t> offsets, std::vector<uint32_t> ports, uint32_t portCount,
                       const std::string& where)
    : offsets_(std::move(offsets)), ports_(std::move(ports)) {
    if (offsets_.size() < 2 || offsets_.front() != 0 || offsets_.back() != ports_.size()) {
        throw std::invalid_argument(where + ": malformed route table (" + std::to_string(offsets_.size()) +
                                    " offsets for " + std::to_string(ports_.size()) + " ports)");
    }
    for (size_t h = 0; h + 1 < offsets_.size(); ++h) {
        if (offsets_[h + 1] <= offsets_[h]) {
            throw std::invalid_argument(where + ": no route toward host " + std::to_string(h));
        }
        for (uint32_t i = offsets_[h]; i < offsets_[h + 1]; ++i) {
            if (ports_[i] >= portCount || (i > offsets_[h] && ports_[i] <= ports_[i - 1])) {
                throw std::invalid_argument(where + ": route toward host " + std::to_string(h) +
                                            " names port " + std::to_string(ports_[i]) +
                                            " (ports must be ascending and below " + std::to_string(portCount) + ")");
            }
        }
    }
}

int RouteTable::egress(int dst, uint32_t path, int32_t& routeCursor, int64_t seed, int32_t switchId, int32_t src,
                       int32_t flow) const {
    const uint32_t* choice = ports_.data() + offsets_[dst];
    const int32_t n = static_cast<int32_t>(offsets_[dst + 1] - offsets_[dst]);
    if (n == 1) {
        return static_cast<int>(choice[0]);
    }
    if (path != 0) {
        const int32_t d = routeCursor;
        routeCursor = d / n;
        return static_cast<int>(choice[d % n]);
    }
    return static_cast<int>(choice[IdentityHash::ecmp(seed, switchId, src, dst, flow, n)]);
}

}  // namespace cosim
