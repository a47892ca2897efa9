// RouteTable: one switch's forwarding choices, the C++ twin of Java's RouteTable
// and the routing part of Java's Switch. The table (computed once, by Java's
// Routing, and carried in RunSpec) holds an entry of egress ports, ascending, per
// group of hosts: the hosts hanging off one switch, which every other switch
// routes alike; toward a host of its own group a switch takes the port toward
// that host. Groups and those ports are shared by every switch of the network.
// This class applies the choice rule exactly as Java's Switch.route does:
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
    // The hosts' groups and the ports toward them at the switches they hang off (TopologySpec), by host id.
    struct Groups {
        const uint32_t* groupOfHost = nullptr;  // nullptr: host h is group h
        const uint32_t* portOfHost = nullptr;
        int hosts = 0;
    };

    RouteTable() = default;
    // A table of one entry per destination host (group h = host h): offsets has hosts + 1 entries, and the ports
    // toward host h are ports[offsets[h] .. offsets[h+1]). `where` names the switch in errors. Refuses an empty or
    // malformed table.
    RouteTable(std::vector<uint32_t> offsets, std::vector<uint32_t> ports, uint32_t portCount, const std::string& where);
    // A table of one entry per group (offsets: groups + 1 entries); ownGroup (-1: none) is the group hanging off this
    // switch, whose entry is empty. groups must outlive the table.
    RouteTable(std::vector<uint32_t> offsets, std::vector<uint32_t> ports, uint32_t portCount, int32_t ownGroup,
               Groups groups, const std::string& where);

    int choices(int dst) const {
        const uint32_t g = group(dst);
        return static_cast<int32_t>(g) == ownGroup_ ? 1 : static_cast<int>(offsets_[g + 1] - offsets_[g]);
    }
    int port(int dst, int i) const {
        const uint32_t g = group(dst);
        return static_cast<int32_t>(g) == ownGroup_ ? static_cast<int>(groups_.portOfHost[dst])
                                                    : static_cast<int>(ports_[offsets_[g] + i]);
    }

    // The egress port for a packet; advances its route cursor on a source route.
    int egress(int dst, uint32_t path, int32_t& routeCursor, int64_t seed, int32_t switchId, int32_t src,
               int32_t flow) const;

private:
    uint32_t group(int dst) const {
        return groups_.groupOfHost ? groups_.groupOfHost[dst] : static_cast<uint32_t>(dst);
    }
    void check(uint32_t portCount, const std::string& where) const;

    std::vector<uint32_t> offsets_;
    std::vector<uint32_t> ports_;
    int32_t ownGroup_ = -1;
    Groups groups_;
};

}  // namespace cosim
