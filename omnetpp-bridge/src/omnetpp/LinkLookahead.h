// LinkLookahead: the lookahead of OMNeT++'s null message protocol in a parallel run
// (`parsim-nullmessageprotocol-lookahead-class = "cosim::LinkLookahead"`): towards
// each other partition, the least propagation delay of the LinkChannels that lead
// there. OMNeT++'s cLinkDelayLookahead reads a channel's `delay` as a double in
// seconds; a LinkChannel's delay is an integer count of picoseconds.
//
// Built only against an OMNeT++ configured with parallel simulation (WITH_PARSIM).
#pragma once

#include <omnetpp.h>

#ifdef WITH_PARSIM
#include "sim/parsim/cnmplookahead.h"

#include <vector>

namespace cosim {

class LinkLookahead : public omnetpp::cNMPLookahead {
public:
    void startRun() override;
    void endRun() override {}
    omnetpp::simtime_t getCurrentLookahead(omnetpp::cMessage* msg, int procId, void* data) override;
    omnetpp::simtime_t getCurrentLookahead(int procId) override;

private:
    std::vector<omnetpp::simtime_t> least_;  // per partition; SIMTIME_MAX where no link leads
};

}  // namespace cosim
#endif
