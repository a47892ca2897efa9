#include "WorkerScheduler.h"

#include <cstdlib>
#include <iostream>
#include <string>

using namespace omnetpp;

namespace cosim {

Register_Class(WorkerScheduler);

namespace {

// The warm-up period a job line gives: a count of picoseconds, nothing else.
int64_t warmupPs(const std::string& line) {
    if (line.empty() || line.size() > 18 || line.find_first_not_of("0123456789") != std::string::npos) {
        throw cRuntimeError("cosim::WorkerScheduler: the runner's line \"%s\" is not a warm-up period in "
                            "picoseconds (1 to 18 digits)", line.c_str());
    }
    return std::stoll(line);
}

}  // namespace

void WorkerScheduler::lifecycleEvent(SimulationLifecycleEventType eventType, cObject* details) {
    if (eventType == LF_PRE_NETWORK_SETUP) {
        std::cout << kReady << std::endl;
        std::string line;
        if (!std::getline(std::cin, line)) {
            std::exit(0);  // the runner has no more runs (or is gone)
        }
        getSimulation()->setWarmupPeriod(SimTime::fromRaw(warmupPs(line)));
    }
    cSequentialScheduler::lifecycleEvent(eventType, details);
    if (eventType == LF_ON_RUN_END) {
        // The output managers, listeners since before this scheduler, have closed the run's files.
        std::cout << kRunEnd << std::endl;
    }
}

}  // namespace cosim
