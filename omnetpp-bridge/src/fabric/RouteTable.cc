#include "RouteTable.h"

#include <stdexcept>

#include "IdentityHash.h"

namespace cosim {

RouteTable::RouteTable(std::vector<uint32_t> offsets, std::vector<uint32_t> ports, uint32_t portCount,
                       const std::string& where)
    : offsets_(std::move(offsets)), ports_(std::move(ports)) {
    check(portCount, where);
}

RouteTable::RouteTable(std::vector<uint32_t> offsets, std::vector<uint32_t> ports, uint32_t portCount,
                       int32_t ownGroup, Groups groups, const std::string& where)
    : offsets_(std::move(offsets)), ports_(std::move(ports)), ownGroup_(ownGroup), groups_(groups) {
    check(portCount, where);
    const uint32_t entries = static_cast<uint32_t>(offsets_.size() - 1);
    for (int h = 0; h < groups_.hosts; ++h) {
        if (groups_.groupOfHost[h] >= entries) {
            throw std::invalid_argument(where + ": host " + std::to_string(h) + " is in route group " +
                                        std::to_string(groups_.groupOfHost[h]) + ", beyond the table's " +
                                        std::to_string(entries));
        }
        if (static_cast<int32_t>(groups_.groupOfHost[h]) == ownGroup_ && groups_.portOfHost[h] >= portCount) {
            throw std::invalid_argument(where + ": host " + std::to_string(h) + " hangs off port " +
                                        std::to_string(groups_.portOfHost[h]) + ", beyond the switch's " +
                                        std::to_string(portCount));
        }
    }
}

void RouteTable::check(uint32_t portCount, const std::string& where) const {
    if (offsets_.size() < 2 || offsets_.front() != 0 || offsets_.back() != ports_.size()) {
        throw std::invalid_argument(where + ": malformed route table (" + std::to_string(offsets_.size()) +
                                    " offsets for " + std::to_string(ports_.size()) + " ports)");
    }
    for (size_t g = 0; g + 1 < offsets_.size(); ++g) {
        if (offsets_[g + 1] < offsets_[g] || (offsets_[g + 1] == offsets_[g] && static_cast<int32_t>(g) != ownGroup_)) {
            throw std::invalid_argument(where + ": no route toward host " + std::to_string(g));
        }
        for (uint32_t i = offsets_[g]; i < offsets_[g + 1]; ++i) {
            if (ports_[i] >= portCount || (i > offsets_[g] && ports_[i] <= ports_[i - 1])) {
                throw std::invalid_argument(where + ": route toward host " + std::to_string(g) +
                                            " names port " + std::to_string(ports_[i]) +
                                            " (ports must be ascending and below " + std::to_string(portCount) + ")");
            }
        }
    }
}

int RouteTable::egress(int dst, uint32_t path, int32_t& routeCursor, int64_t seed, int32_t switchId, int32_t src,
                       int32_t flow) const {
    const uint32_t g = group(dst);
    if (static_cast<int32_t>(g) == ownGroup_) {
        return static_cast<int>(groups_.portOfHost[dst]);
    }
    const uint32_t* choice = ports_.data() + offsets_[g];
    const int32_t n = static_cast<int32_t>(offsets_[g + 1] - offsets_[g]);
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
