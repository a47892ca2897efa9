// NodeRank: the node an event belongs to, the third key of CalendarEventSet's event
// order (after time and priority, before insertion order), numbered as Java's
// org.cosim.fabric.kernel.NodeRank numbers them: 0 for the network as a whole (the
// bridge, the sampler), 1 + h for host[h] and every module inside it, 2^17 + s for
// switch[s] and every module inside it. A packet's arrival belongs to the node that
// sent it (Packet::senderRank, set by LinkTransmitter), every other event to the
// module it is for.
//
// Events at the same time and priority from different partitions of a parallel run
// then run in the same order as in one process, whatever order the partitions'
// messages arrive in: no order across nodes rests on insertion.
#pragma once

#include <omnetpp.h>

#include <cstdint>
#include <cstring>

namespace cosim {

struct NodeRank {
    static constexpr int kBits = 18;
    static constexpr int32_t kNetwork = 0;
    static constexpr int32_t kSwitchBase = int32_t{1} << (kBits - 1);

    // The node of any module of the network (placeholders of other partitions too).
    static int32_t of(const omnetpp::cModule* m) {
        const omnetpp::cModule* top = m;
        while (top->getParentModule() != nullptr && top->getParentModule()->getParentModule() != nullptr)
            top = top->getParentModule();
        if (top->getParentModule() == nullptr || !top->isVector()) return kNetwork;
        const int index = top->getIndex();
        if (std::strcmp(top->getName(), "host") == 0) {
            if (index >= kSwitchBase - 1) throw omnetpp::cRuntimeError("host[%d]: more hosts than the event order's node field holds", index);
            return 1 + index;
        }
        if (std::strcmp(top->getName(), "switch") == 0) {
            if (index >= kSwitchBase) throw omnetpp::cRuntimeError("switch[%d]: more switches than the event order's node field holds", index);
            return kSwitchBase + index;
        }
        return kNetwork;
    }
};

}  // namespace cosim
