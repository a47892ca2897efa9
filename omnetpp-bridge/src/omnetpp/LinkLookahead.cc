#include "LinkLookahead.h"

#ifdef WITH_PARSIM
#include "LinkChannel.h"
#include "omnetpp/cparsimcomm.h"
#include "sim/parsim/cproxygate.h"

using namespace omnetpp;

namespace cosim {

Register_Class(LinkLookahead);

void LinkLookahead::startRun() {
    least_.assign(comm->getNumPartitions(), SIMTIME_MAX);
    // Every gate of a module of another partition that a LinkChannel of this one leads to.
    for (int id = 0; id <= sim->getLastComponentId(); ++id) {
        cModule* m = sim->getModule(id);
        if (m == nullptr || !m->isPlaceholder()) continue;
        for (cModule::GateIterator it(m); !it.end(); ++it) {
            auto* proxy = dynamic_cast<cProxyGate*>(*it);
            if (proxy == nullptr || proxy->getPreviousGate() == nullptr) continue;
            cGate* from = proxy->getPreviousGate();
            if (from->getOwnerModule()->isPlaceholder()) continue;
            auto* link = dynamic_cast<LinkChannel*>(from->getChannel());
            if (link == nullptr || link->delayPs() <= 0) {
                throw cRuntimeError("cosim::LinkLookahead: %s leads to partition %d %s: a link between partitions "
                                    "needs a LinkChannel with a delay, its lookahead",
                                    from->getFullPath().c_str(), proxy->getRemoteProcId(),
                                    link == nullptr ? "through no LinkChannel" : "with no delay");
            }
            simtime_t& least = least_.at(proxy->getRemoteProcId());
            least = std::min(least, SimTime::fromRaw(link->delayPs()));
        }
    }
}

simtime_t LinkLookahead::getCurrentLookahead(cMessage*, int procId, void*) { return least_.at(procId); }

simtime_t LinkLookahead::getCurrentLookahead(int procId) { return least_.at(procId); }

}  // namespace cosim
#endif
