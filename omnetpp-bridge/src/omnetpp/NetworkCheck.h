// NetworkCheck: makes sure the network a run is in is the topology the scenario
// describes (RunSpec.topology, built by the Java fabric's topology builders): the
// same hosts (Nic `host` ids), switches (Switch `id`s and names), and links, port
// for port, with the same rates and delays; and finds the modules and channels the
// bridge addresses by id. ScenarioNetwork builds its network from RunSpec, and the
// check confirms the build; the NED-written example networks (ned/examples) are
// set up from ini parameters, and the check keeps them from silently drifting from
// the scenario: any difference stops the run at initialization with a list of
// what differs.
#pragma once

#include <omnetpp.h>

#include <utility>
#include <vector>

#include "cosim.pb.h"

namespace cosim {

class LinkChannel;
class Nic;
class SwitchCore;

class NetworkCheck {
public:
    struct Found {
        std::vector<Nic*> nics;             // by host id
        std::vector<SwitchCore*> switches;  // by switch id
        std::vector<std::pair<LinkChannel*, LinkChannel*>> links;  // by link index: {a -> b, b -> a}
    };

    // Whether the run is split over OMNeT++'s MPI partitions: the hosts and switches of
    // the other partitions are placeholders here, and each partition's bridge serves its own.
    static bool parallelRun() { return omnetpp::getEnvir()->getParsimNumPartitions() > 1; }

    // Throws cRuntimeError naming every difference (up to a screenful).
    static Found verify(const RunSpec& spec, omnetpp::cModule* network);
};

}  // namespace cosim
