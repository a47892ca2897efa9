// WorkerScheduler: the scheduler of a worker opp_run, one process that runs run after
// run for cosim's runner (ini option `scheduler-class = "cosim::WorkerScheduler"`,
// written by `OmnetppIni.forWorker`). Between runs the process keeps what a new one
// would start again: OMNeT++'s loaded NED types, the JVM of the in-process agents
// and the code it has compiled.
//
// It schedules as cSequentialScheduler. Before each run's network is set up it
// prints `cosim-worker-ready` and waits for the runner's next run on standard input,
// one line: that run's warm-up period in picoseconds (the warm-up a single run's ini
// file gives as warmup-period; the runner has already pointed the worker's
// `current` folder at the run's files). At the end of standard input the process
// exits with status 0. When a run has ended, its result files closed, it prints
// `cosim-run-end`; Cmdenv then deletes the network and goes on to the next run, or
// ends the process after an error (cmdenv-stop-batch-on-error).
#pragma once

#include <omnetpp.h>

namespace cosim {

class WorkerScheduler : public omnetpp::cSequentialScheduler {
public:
    static constexpr const char* kReady = "cosim-worker-ready";
    static constexpr const char* kRunEnd = "cosim-run-end";

    void lifecycleEvent(omnetpp::SimulationLifecycleEventType eventType, omnetpp::cObject* details) override;
};

}  // namespace cosim
