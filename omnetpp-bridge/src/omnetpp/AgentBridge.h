// AgentBridge: the fabric side of the agent contract in the OMNeT++ back end, the
// C++ twin of Java's AgentBridge, with the window rule of ARCHITECTURE.md: every
// agent-bound event of the window [W, W+H) is collected into one EventBatch; at
// W+H, before anything else at that time, the batch goes to the agents through
// AgentLink; at W+L, after that instant's flush, each returned action is
// scheduled for its time in the order the agents gave them. H = L / pipeline
// depth: with H = L one flush event does both; with H < L the simulation runs on
// from W+H while the agents work, and waits for their answer only at W+L.
// Windows without events cost nothing.
//
// Same-picosecond order (scheduling priorities; Java's AgentBridge has the same
// ranks): flush, then apply, then the actions' own events (segment hand-overs,
// control sends, timers), then the hardware's. Actions going before the hardware
// makes a result independent of when an action entered the event set, so of
// the pipeline depth.
//
// The agents are an agent server reached over gRPC (GrpcAgents), or a JVM in
// this process (InProcessAgents, when the `agents` parameter says "in-process").
//
// It is also where a run starts: it reads the scenario file named by its
// `scenario` parameter and has the agents resolve it (the Resolve RPC:
// RunSpec, computed by the Java fabric's own code), or reads the RunSpec cosim's
// runner resolved already (the `runSpecFile` parameter), while ScenarioNetwork builds
// the network from it or, in a NED-defined network, in init stage 0. In stage 0
// it checks that the network it runs in is that topology (NetworkCheck) and opens
// the session with RunSpec's Hello. The other modules take their settings from spec() in stage 1; flow starts
// are scheduled in stage 3, after the sampler's first sample (stage 2), in the
// order the Java fabric schedules them.
#pragma once

#include <omnetpp.h>

#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "Agents.h"
#include "FlowStats.h"
#include "HostEventSink.h"
#include "PacketTracer.h"
#include "RttSampleFile.h"
#include "cosim.pb.h"

namespace cosim {

class LinkChannel;

class Nic;
class SwitchCore;

class AgentBridge : public omnetpp::cSimpleModule,
                    public HostEventSink,
                    public omnetpp::cISimulationLifecycleListener {
public:
    // The network's bridge, seen from any module in it.
    static AgentBridge* of(const omnetpp::cModule* from);

    // The run's RunSpec: the scenario file named by the `scenario` parameter, resolved
    // by the agent server (the Resolve RPC) at the first call. ScenarioNetwork asks
    // for it while it builds the network; in a NED-defined network the bridge asks in
    // its stage 0.
    const RunSpec& resolve();
    const RunSpec& spec() const { return spec_; }
    FlowStats& flowStats() { return *flowStats_; }
    // Where the NICs write their exact RTT samples (the rttSampleFile parameter).
    RttSampleFile& rttSamples() { return *rttSamples_; }
    // Where NICs and switch ports record the traced flows' steps (output.packet_trace,
    // the packetTraceFile parameter); null when the run traces nothing.
    PacketTracer* packetTracer() { return packetTracer_.get(); }
    SwitchCore* switchCore(int id) const { return switches_.at(id); }
    // Where the run got: the scenario's duration after a complete run, else the time of the last event.
    int64_t reachedPs() const;

    // HostEventSink: the NICs' events for the agents, batched into the current window.
    void completion(int host, int flow, int64_t seq, int32_t bytes, int64_t sendTimePs, int64_t txTimePs,
                    int64_t intMaxHopDelayPs, int64_t intReverseMaxHopDelayPs, bool ecnEcho, bool syn) override;
    void completionHop(int host, const IntHopRecord& hop) override;
    void pfcChange(int host, int trafficClass, bool paused) override;
    void packetArrival(int host, int flow, int64_t seq, int32_t bytes, uint32_t path, int arrivalFlags,
                       int64_t intMaxHopDelayPs, int64_t sendTimePs, int64_t txTimePs) override;
    void controlArrival(int host, int flow, int kind, int64_t seq, uint64_t pullNumber, uint32_t path,
                        int64_t echoTimePs, int64_t echoTxTimePs) override;
    void transmitted(int host, int flow, int64_t seq, int32_t bytes, int64_t sendTimePs) override;

protected:
    ~AgentBridge() override;
    int numInitStages() const override { return 4; }
    void initialize(int stage) override;
    void handleMessage(omnetpp::cMessage* msg) override;
    void finish() override;
    // Keeps partial results: after a runtime error mid-run (the agent server gone, a
    // contract violation), OMNeT++ skips finish(); the bridge calls it so the result
    // files hold what was measured, as the Java back end keeps its partial results.
    void lifecycleEvent(omnetpp::SimulationLifecycleEventType eventType, omnetpp::cObject* details) override;

private:
    // Same-picosecond ranks (the hardware's events have OMNeT++'s default 0). Java:
    // PRIORITY_FIRST, PRIORITY_APPLY, PRIORITY_ACTION, PRIORITY_DEFAULT.
    // The `agents` parameter's value for agents in a JVM inside this process.
    static constexpr const char* kInProcess = "in-process";
    static constexpr short kLinkChangePriority = -4;  // Java: PRIORITY_FIRST, scheduled before any flush
    static constexpr short kFlushPriority = -3;
    static constexpr short kApplyPriority = -2;
    static constexpr short kActionPriority = -1;

    // A flow start or an agent's action waiting for its time (reused, never per-event allocated).
    enum ActionKind : short { kFlowStart = 1, kSendSegment = 2, kSendControl = 3, kTimer = 4 };
    // A link rate change (topology.link_changes): a plain message whose kind is this.
    static constexpr short kLinkChange = 100;
    class ActionMessage : public omnetpp::cMessage {
    public:
        ActionMessage() : omnetpp::cMessage("agentAction") {}
        int host = 0;
        int flow = 0;
        int64_t seq = 0;
        int32_t bytes = 0;
        uint32_t path = 0;
        int options = 0;      // segment options, or a control packet's kind
        uint64_t number = 0;  // a timer's id, or a control packet's pull number
        int64_t echo = 0;
        int64_t echoTx = 0;
    };

    // Whether node (NodeRank) is one of this partition's.
    bool localNode(int32_t node) const;
    void initializeStage(int stage);
    void resolveOnce();
    template <class Step>
    void endPartitionOnError(Step step);
    std::string agentTarget();
    std::unique_ptr<Agents> connectAgents();
    void resolveScenario();
    void openRttSamples();
    void openPacketTrace();
    std::string resultFile(const char* param, const char* suffix);
    void writeFlowStates(const FlowStates& states);
    void scheduleFlowStarts();
    void scheduleLinkChanges();
    void applyLinkChange(const omnetpp::cMessage* msg);
    void openWindow();
    Event* addEvent(int host);
    void flush();
    void applyOldest();
    void scheduleNextApply();
    [[noreturn]] void linkBroke(int64_t windowStartPs, const std::exception& e);
    void apply(const Action& a);
    ActionMessage* takeAction(short kind, int host);
    // A scalar that must read back exactly (|value| < 2^53), with its unit (nullptr: a count).
    void recordExact(const std::string& scalar, int64_t value, const char* unit = nullptr);
    void reportProgress();

    RunSpec spec_;
    bool resolved_ = false;
    std::unique_ptr<Agents> agents_;  // an agent server over gRPC, or the in-process agents (the agents parameter)
    std::unique_ptr<FlowStats> flowStats_;
    std::unique_ptr<RttSampleFile> rttSamples_;
    std::unique_ptr<PacketTracer> packetTracer_;
    std::vector<Nic*> nics_;              // by host id
    std::vector<SwitchCore*> switches_;   // by switch id
    std::vector<std::pair<LinkChannel*, LinkChannel*>> links_;  // by link index: {a -> b, b -> a}
    std::vector<omnetpp::cMessage*> linkChanges_;  // by RunSpec link_changes index
    int64_t reactionDelayPs_ = 0;
    int64_t windowPs_ = 0;  // H
    omnetpp::cMessage* flush_ = nullptr;
    // A parallel run's end at the duration, first among that picosecond's events: the
    // partition stops changing (CalendarEventSet::freeze) while the others reach it.
    omnetpp::cMessage* end_ = nullptr;
    bool ended_ = false;
    int64_t eventsAtEnd_ = 0;  // at end_: the events before it
    int64_t liveAtEnd_ = 0;    // at end_: the packets in the network that this partition counts
    int64_t eotUpdatesAtEnd_ = 0;
    int64_t sentAwayAtEnd_ = 0;
    omnetpp::cMessage* apply_ = nullptr;   // at W+L of the oldest batch whose answer is still at the agents
    std::deque<int64_t> applyAt_;          // W+L of every batch sent and not yet applied, oldest first
    EventBatch batch_;
    bool windowOpen_ = false;
    std::vector<ActionMessage*> freeActions_;
    std::vector<ActionMessage*> allActions_;

    int64_t windows_ = 0;
    int64_t eventsSent_ = 0;
    int64_t exchangeNanos_ = 0;
    int64_t startNanos_ = 0;  // starting the agents: connecting (in-process: the JVM's start) and opening the session
    int64_t wallStartNanos_ = 0;
    bool progress_ = false;
    int64_t nextProgressPs_ = 0;
    bool listening_ = false;
    bool running_ = false;    // between the first event and the end of the event loop
    bool succeeded_ = false;  // the event loop reached the scenario's duration
    bool finished_ = false;
};

}  // namespace cosim
