// TimeSeriesSampler: the C++ twin of Java's TimeSeriesSampler, plus the queue
// monitors Java's FabricSimulation attaches to the monitored ports. Every sample
// interval it records the bytes each flow delivered since the previous sample
// and each monitored queue's length. It only observes: its events read state and
// change nothing, and they sit in the event order exactly where the Java
// sampler's do (first sample scheduled before the flow starts, each next one
// from the previous), so the samples are the same.
//
// Results: vectors flow<f>:delivered and queue<q>:length (one entry per sample);
// at the end, per monitored queue, the time-weighted length histogram
// queue<q>:lengthTime (256-byte bins, weights in ps) and scalar queue<q>:maxBytes.
#pragma once

#include <omnetpp.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "QueueMonitor.h"

namespace cosim {

class AgentBridge;

class TimeSeriesSampler : public omnetpp::cSimpleModule {
protected:
    ~TimeSeriesSampler() override;
    int numInitStages() const override { return 3; }
    void initialize(int stage) override;
    void handleMessage(omnetpp::cMessage* msg) override;
    void finish() override;

private:
    AgentBridge* bridge_ = nullptr;
    int64_t intervalPs_ = 0;
    omnetpp::cMessage* tick_ = nullptr;
    std::vector<std::unique_ptr<QueueMonitor>> monitors_;
    std::vector<int> queueIds_;  // monitors_[i] is the scenario's monitored queue queueIds_[i]
    std::vector<int64_t> lastDelivered_;
    // Per flow: bytes delivered per interval ("flow<f>:delivered:vector"). Output vectors,
    // not signals, for the reason Nic.h gives (one listener list re-sorted per flow).
    std::vector<std::unique_ptr<omnetpp::cOutVector>> flowDelivered_;
    std::vector<omnetpp::simsignal_t> queueSignal_;
};

}  // namespace cosim
