// ScenarioNetwork: the network of a run, whatever its topology (NED
// cosim.networks.ScenarioNetwork). Its NED declares the bridge and the sampler;
// the hosts, switches and links are built here, while OMNeT++ sets the network up,
// from the scenario's resolved topology (RunSpec.topology, made by the Java
// fabric's topology builders, topology files included), which the bridge fetches
// for it (AgentBridge::resolve):
//   host[h]    a Nic with host = h, for each of the scenario's hosts
//   switch[s]  a Switch with id = s, the scenario's name, as many ports (line[])
//              as the scenario gives it, and the egress port module of the
//              scenario's queue discipline (HardwareSpec.queue_discipline)
//   link k     a LinkChannel of the link's rate and delay in each direction,
//              between port port_a of node a and port port_b of node b
// Everything is built before any module initializes, so initialization runs stage
// by stage over the whole network as in a network written in NED, and the bridge
// checks what was built against the topology as it checks any network (NetworkCheck).
#pragma once

#include <omnetpp.h>

namespace cosim {

class ScenarioNetwork : public omnetpp::cModule {
protected:
    void doBuildInside() override;
};

}  // namespace cosim
