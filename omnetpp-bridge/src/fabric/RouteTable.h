// RouteTable: one switch's forwarding choices, the C++ twin of the routing part of
// Java's Switch. The table itself (for each destination host, the equal-cost
// egress ports in ascending order) is computed once, by Java's Routing, and
// carried in RunSpec; this class only applies the choice rule, exactly as Java's
// Switch.route does:
//   one port: take it;
//   a source route (path k >= 1): take digit d mod n of the packet's route cursor
//     d (initially k-1) and continue with d / n (cosim.proto, SendSegment.path);
//   ECMP (path 0): IdentityHash.ecmp(seed, switch, src, dst, flow, n).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cosim {

class RouteTable {
public:
    RouteTable() = default;
    // offsets: hosts + 1 entries; the ports toward host h are ports[offsets[h] .. offsets[h+1]).
    // `where` names the switch in errors. Refuses an empty or malformed table.
    RouteTable(std::vector<uint32_t> offsets, std::vector<uint32_t> ports, uint32_t portCount, const std::string& where);

    int hosts() const { return static_cast<int>(offsets_.size()) - 1; }
    int choices(int dst) const { return static_cast<int>(offsets_[dst + 1] - offsets_[dst]); }
    int port(int dst, int i) const { return static_cast<int>(ports_[offsets_[dst] + i]); }

    // The egress port for a packet; advances its route cursor on a source route.
    int egress(int dst, uint32_t path, int32_t& routeCursor, int64_t seed, int32_t switchId, int32_t src,
               int32_t flow) const;

private:
    std::vector<uint32_t> offsets_;
    std::vector<uint32_t> ports_;
};

}  // namespace cosim
