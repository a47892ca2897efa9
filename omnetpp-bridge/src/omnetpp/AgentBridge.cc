#include "AgentBridge.h"

#include <chrono>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "CalendarEventSet.h"
#include "GrpcAgents.h"
#ifdef COSIM_IN_PROCESS_AGENTS
#include "InProcessAgents.h"
#endif
#include "LinkChannel.h"
#include "LinkTransmitter.h"
#include "NodeRank.h"
#include "NetworkCheck.h"
#include "Nic.h"
#include "Packet.h"
#include "SwitchCore.h"

using namespace omnetpp;

namespace cosim {

Define_Module(AgentBridge);

namespace {

int64_t steadyNanos() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// Adds the wall time of one call on the agents, however it ends, to a total.
struct WallClock {
    int64_t& total;
    const int64_t start = steadyNanos();
    ~WallClock() { total += steadyNanos() - start; }
};

// A path parameter's file: a relative path is relative to the ini file that sets it
// (the NED comments say so), else to the working directory. "" stays "".
std::filesystem::path iniRelative(cPar& p) {
    std::filesystem::path path(p.stdstringValue());
    if (!path.empty() && path.is_relative() && p.getBaseDirectory() != nullptr) {
        path = std::filesystem::path(p.getBaseDirectory()) / path;
    }
    return path;
}

// Results go through OMNeT++'s scalar file as doubles printed with
// output-scalar-precision = 17 digits: exact for every integer below 2^53 (2.5 hours
// of picoseconds, 9 PB). Anything larger would be rounded, so it is an error.
constexpr int64_t kExactLimit = int64_t{1} << 53;

}  // namespace

AgentBridge* AgentBridge::of(const cModule* from) {
    cModule* network = from->getSimulation()->getSystemModule();
    for (cModule::SubmoduleIterator it(network); !it.end(); ++it) {
        if (auto* b = dynamic_cast<AgentBridge*>(*it)) return b;
    }
    throw cRuntimeError(from, "the network %s has no cosim.fabric.AgentBridge submodule", network->getFullName());
}

AgentBridge::~AgentBridge() {
    if (listening_) getEnvir()->removeLifecycleListener(this);
    cancelAndDelete(flush_);
    cancelAndDelete(end_);
    cancelAndDelete(apply_);
    for (ActionMessage* m : allActions_) cancelAndDelete(m);
    for (cMessage* m : linkChanges_) cancelAndDelete(m);
}

void AgentBridge::initialize(int stage) {
    endPartitionOnError([this, stage] { initializeStage(stage); });
}

void AgentBridge::initializeStage(int stage) {
    if (stage == 0) {
        if (SimTime::getScaleExp() != -12) {
            throw cRuntimeError(this, "simulated time must count picoseconds: set simtime-resolution = ps in the ini "
                                "file (it is 10^%d s now)", SimTime::getScaleExp());
        }
        if (dynamic_cast<CalendarEventSet*>(getSimulation()->getFES()) == nullptr) {
            throw cRuntimeError(this, "the event order needs cosim's future event set: set futureeventset-class = "
                                "\"cosim::CalendarEventSet\" in the ini file (it is %s now)",
                                getSimulation()->getFES()->getClassName());
        }
        progress_ = par("printProgress").boolValue();
        resolve();
        NetworkCheck::Found found = NetworkCheck::verify(spec_, getSimulation()->getSystemModule());
        nics_ = std::move(found.nics);
        switches_ = std::move(found.switches);
        links_ = std::move(found.links);
        reactionDelayPs_ = spec_.hello().reaction_delay_ps();
        flowStats_ = std::make_unique<FlowStats>(spec_.hello().flows_size(), spec_.warmup_ps());
        openRttSamples();
        openPacketTrace();
        flush_ = new cMessage("flush");
        flush_->setSchedulingPriority(kFlushPriority);
        apply_ = new cMessage("applyActions");
        apply_->setSchedulingPriority(kApplyPriority);
        Hello hello = spec_.hello();
        if (NetworkCheck::parallelRun()) {
            // A parallel run: this partition's session gets its hosts' events only.
            for (size_t h = 0; h < nics_.size(); ++h) {
                if (nics_[h] != nullptr) hello.add_local_hosts(static_cast<uint32_t>(h));
            }
        }
        try {
            WallClock clock{startNanos_};
            windowPs_ = agents_->open(hello);
        } catch (const std::exception& e) {
            throw cRuntimeError(this, "cannot open the agent session with %s: %s", agents_->where().c_str(), e.what());
        }
        getEnvir()->addLifecycleListener(this);
        listening_ = true;
    } else if (stage == 3) {
        scheduleLinkChanges();
        scheduleFlowStarts();
        // Events at times < duration run, as in Java's Simulator.runUntil(duration).
        if (!NetworkCheck::parallelRun()) {
            getSimulation()->setSimulationTimeLimit(SimTime::fromRaw(spec_.duration_ps() - 1));
        } else {
            // The first partition to reach a time limit ends the others, which may be up to
            // a lookahead behind: each partition stops changing at the duration instead, and
            // the limit lies a longest link delay beyond it, where every partition has.
            int64_t longest = 0;
            for (const LinkSpec& l : spec_.topology().links()) longest = std::max<int64_t>(longest, l.delay_ps());
            getSimulation()->setSimulationTimeLimit(SimTime::fromRaw(spec_.duration_ps() + longest));
            LinkTransmitter::countArrivingFrom(spec_.duration_ps());
            end_ = new cMessage("end");
            end_->setSchedulingPriority(SHRT_MIN);
            scheduleAt(SimTime::fromRaw(spec_.duration_ps()), end_);
        }
        nextProgressPs_ = std::max<int64_t>(spec_.duration_ps() / 100, 1);
    }
}

const RunSpec& AgentBridge::resolve() {
    Enter_Method_Silent();
    if (resolved_) return spec_;
    endPartitionOnError([this] { resolveOnce(); });
    return spec_;
}

// A partition that fails while the network is set up ends its process at once: OMNeT++
// would end it through MPI_Finalize, which waits for the other partitions, while they
// wait for this one's part of the set-up; mpirun ends them all when one process exits
// with an error. (An error while the simulation runs reaches the others through
// OMNeT++'s own exception broadcast.)
template <class Step>
void AgentBridge::endPartitionOnError(Step step) {
    if (!NetworkCheck::parallelRun()) {
        step();
        return;
    }
    try {
        step();
    } catch (const std::exception& e) {
        std::cout << "<!> Error: partition " << getEnvir()->getParsimProcId() << ": " << e.what() << std::endl;
        std::_Exit(1);
    }
}

void AgentBridge::resolveOnce() {
    wallStartNanos_ = steadyNanos();  // the run's wall time counts from here
    {
        WallClock clock{startNanos_};
        agents_ = connectAgents();
    }
    resolveScenario();
    resolved_ = true;
}

// The agents of this partition: `agents` names one place, or, in a parallel run, one
// agent server per partition separated by commas (partition i's is the i-th).
std::string AgentBridge::agentTarget() {
    const std::string all = par("agents").stdstringValue();
    if (all.find(',') == std::string::npos) return all;
    std::vector<std::string> each;
    std::istringstream in(all);
    for (std::string t; std::getline(in, t, ',');) each.push_back(t);
    const int partitions = getEnvir()->getParsimNumPartitions();
    if (static_cast<int>(each.size()) != partitions) {
        throw cRuntimeError(this, "agents = \"%s\" lists %zu agent servers for %d partition%s: give one per partition",
                            all.c_str(), each.size(), partitions, partitions == 1 ? "" : "s");
    }
    const std::string& mine = each[static_cast<size_t>(getEnvir()->getParsimProcId())];
    if (mine.empty() || mine == kInProcess) {
        throw cRuntimeError(this, "agents = \"%s\": each entry of a list is an agent server's address", all.c_str());
    }
    return mine;
}

std::unique_ptr<Agents> AgentBridge::connectAgents() {
    const std::string target = agentTarget();
    if (target == kInProcess) {
#ifdef COSIM_IN_PROCESS_AGENTS
        InProcessOptions options;
        options.classPath = iniRelative(par("jvmClassPath")).string();
        options.javaHome = par("jvmHome").stdstringValue();
        std::istringstream words(par("jvmOptions").stdstringValue());
        for (std::string w; words >> w;) options.jvmOptions.push_back(w);
        try {
            return std::make_unique<InProcessAgents>(options);
        } catch (const std::exception& e) {
            throw cRuntimeError(this, "%s", e.what());
        }
#else
        throw cRuntimeError(this, "agents = \"in-process\", but this bridge was built without JNI (no JDK found "
                            "by CMake): install a JDK (openjdk-17-jdk-headless) and rebuild it, or give the "
                            "address of an agent server");
#endif
    }
    AgentLinkOptions options;
    options.deadline = std::chrono::milliseconds(static_cast<int64_t>(par("deadline").doubleValue() * 1000));
    options.spin = std::chrono::microseconds(static_cast<int64_t>(par("spin").doubleValue() * 1e6));
    // cEnvir::idle() is how a waiting model asks whether the user wants the simulation to
    // stop: Cmdenv says so after SIGINT or SIGTERM, which it otherwise acts on between events.
    options.stop_requested = [] { return getEnvir()->idle(); };
    return std::make_unique<GrpcAgents>(target, options, par("linkThread").boolValue());
}

// The file a parameter names, or beside OMNeT++'s default result files with
// this suffix when it names none; its folder is created.
std::string AgentBridge::resultFile(const char* param, const char* suffix) {
    std::string path = par(param).stdstringValue();
    if (path.empty()) {
        cConfigurationEx* config = getEnvir()->getConfigEx();
        path = std::string(config->getVariable(CFGVAR_RESULTDIR)) + "/" + config->getVariable(CFGVAR_CONFIGNAME) +
               "-" + config->getVariable(CFGVAR_ITERATIONVARSF) + "#" + config->getVariable(CFGVAR_REPETITION) +
               suffix;
    }
    if (NetworkCheck::parallelRun()) {
        // A parallel run: a file per partition, as OMNeT++'s own result files
        path += ".p" + std::to_string(getEnvir()->getParsimProcId());
    }
    std::filesystem::path dir = std::filesystem::path(path).parent_path();
    if (!dir.empty()) std::filesystem::create_directories(dir);
    return path;
}

void AgentBridge::openRttSamples() {
    try {
        const std::string path = resultFile("rttSampleFile", ".rtt");
        rttSamples_ = std::make_unique<RttSampleFile>(path);
    } catch (const std::exception& e) {
        throw cRuntimeError(this, "%s", e.what());
    }
}

void AgentBridge::openPacketTrace() {
    if (!spec_.has_packet_trace()) return;
    try {
        const std::string path = resultFile("packetTraceFile", ".pkt");
        packetTracer_ = std::make_unique<PacketTracer>(spec_.packet_trace(), spec_.hello().flows_size(), path);
    } catch (const std::exception& e) {
        throw cRuntimeError(this, "%s", e.what());
    }
}

void AgentBridge::resolveScenario() {
    const std::filesystem::path specFile = iniRelative(par("runSpecFile"));
    if (!specFile.empty()) {
        std::ifstream in(specFile, std::ios::binary);
        if (!in || !spec_.ParseFromIstream(&in)) {
            throw cRuntimeError(this, "cannot read a RunSpec from %s (runSpecFile)", specFile.c_str());
        }
        return;
    }
    std::filesystem::path path = iniRelative(par("scenario"));
    if (path.empty()) throw cRuntimeError(this, "no scenario: set %s.scenario to a .textproto file", getFullPath().c_str());
    path = std::filesystem::absolute(path).lexically_normal();
    std::ifstream in(path);
    if (!in) throw cRuntimeError(this, "cannot read the scenario file %s", path.c_str());
    std::ostringstream text;
    text << in.rdbuf();
    ResolveRequest request;
    request.set_scenario_text(text.str());
    request.set_scenario_path(path.string());
    try {
        spec_ = agents_->resolve(request);
    } catch (const std::exception& e) {
        throw cRuntimeError(this, "%s could not resolve %s: %s", agents_->where().c_str(), path.c_str(), e.what());
    }
}

void AgentBridge::scheduleFlowStarts() {
    const Hello& h = spec_.hello();
    for (int f = 0; f < h.flows_size(); ++f) {
        if (nics_[h.flows(f).src()] == nullptr) continue;  // a parallel run: another partition's host
        ActionMessage* m = takeAction(kFlowStart, static_cast<int>(h.flows(f).src()));
        m->flow = f;
        scheduleAt(SimTime::fromRaw(spec_.flow_start_ps(f)), m);
    }
}

// The scenario's link rate changes, first among the events of their picosecond
// (as Java's LinkRateSchedule), in RunSpec order among equal times.
void AgentBridge::scheduleLinkChanges() {
    const auto& changes = spec_.topology().link_changes();
    for (int i = 0; i < changes.size(); ++i) {
        const LinkChangeSpec& c = changes.Get(i);
        if (c.link() >= links_.size() || c.rate_bps() < 0 || c.at_ps() < 0) {
            throw cRuntimeError(this, "RunSpec link change %d: link %u at %lld ps, %lld b/s is not a change of "
                                "this network", i, c.link(), (long long)c.at_ps(), (long long)c.rate_bps());
        }
        auto* m = new cMessage("linkChange", kLinkChange);
        m->setSchedulingPriority(kLinkChangePriority);
        m->setContextPointer(const_cast<LinkChangeSpec*>(&c));
        linkChanges_.push_back(m);
        scheduleAt(SimTime::fromRaw(c.at_ps()), m);
    }
}

void AgentBridge::applyLinkChange(const cMessage* msg) {
    const auto* c = static_cast<const LinkChangeSpec*>(msg->getContextPointer());
    // In a parallel run a direction whose sender is another partition's is changed there.
    if (links_[c->link()].first != nullptr) links_[c->link()].first->changeRate(c->rate_bps());
    if (links_[c->link()].second != nullptr) links_[c->link()].second->changeRate(c->rate_bps());
}

AgentBridge::ActionMessage* AgentBridge::takeAction(short kind, int host) {
    ActionMessage* m;
    if (freeActions_.empty()) {
        m = new ActionMessage();
        allActions_.push_back(m);
    } else {
        m = freeActions_.back();
        freeActions_.pop_back();
    }
    m->setKind(kind);
    // A flow's start is the fabric's own event; what the agents ordered goes before
    // the hardware's events of the same picosecond.
    m->setSchedulingPriority(kind == kFlowStart ? 0 : kActionPriority);
    m->host = host;
    return m;
}

void AgentBridge::handleMessage(cMessage* msg) {
    if (msg == end_) {
        // What this partition counts at the duration: the events before this one, and the
        // packets that exist here but for those on their way from other partitions (their
        // senders count them: LinkTransmitter::sentArrivingLate).
        eventsAtEnd_ = getSimulation()->getEventNumber() - 1;
        auto* fes = static_cast<CalendarEventSet*>(getSimulation()->getFES());
        int64_t fromOthers = 0;
        for (int k = 0; k < fes->getLength(); ++k) {
            const auto* pkt = dynamic_cast<const Packet*>(fes->get(k));
            if (pkt != nullptr && !pkt->isSelfMessage() && !localNode(pkt->senderRank)) ++fromOthers;
        }
        liveAtEnd_ = Packet::live() - fromOthers + LinkTransmitter::sentArrivingLate();
        eotUpdatesAtEnd_ = fes->eotUpdates();
        sentAwayAtEnd_ = LinkTransmitter::sentToOtherPartitions();
        fes->freeze();
        ended_ = true;
        return;
    }
    if (msg == flush_) {
        flush();
        return;
    }
    if (msg == apply_) {
        applyOldest();
        return;
    }
    if (msg->getKind() == kLinkChange) {
        applyLinkChange(msg);
        return;
    }
    auto* a = static_cast<ActionMessage*>(msg);
    switch (a->getKind()) {
        case kFlowStart: {
            const FlowSpec& f = spec_.hello().flows(a->flow);
            Event* e = addEvent(static_cast<int>(f.src()));
            FlowArrival* fa = e->mutable_flow_arrival();
            fa->set_flow(f.flow());
            fa->set_dst(f.dst());
            fa->set_size_bytes(f.size_bytes());
            break;
        }
        case kSendSegment:
            nics_[a->host]->postSegment(a->flow, a->seq, a->bytes, a->path, a->options);
            break;
        case kSendControl:
            nics_[a->host]->sendControl(a->flow, a->options, a->seq, a->number, a->path, a->echo, a->echoTx);
            break;
        case kTimer:
            addEvent(a->host)->mutable_timer()->set_timer_id(a->number);
            break;
        default:
            throw cRuntimeError(this, "unknown action message kind %d", a->getKind());
    }
    freeActions_.push_back(a);
}

void AgentBridge::openWindow() {
    if (windowOpen_) return;
    const int64_t now = simTime().raw();
    const int64_t w = now / windowPs_ * windowPs_;  // now >= 0: floor
    batch_.Clear();
    batch_.set_window_start_ps(w);
    scheduleAt(SimTime::fromRaw(w + windowPs_), flush_);
    windowOpen_ = true;
}

Event* AgentBridge::addEvent(int host) {
    openWindow();
    Event* e = batch_.add_events();
    e->set_time_ps(simTime().raw());
    e->set_host(static_cast<uint32_t>(host));
    return e;
}

void AgentBridge::completion(int host, int flow, int64_t seq, int32_t bytes, int64_t sendTimePs, int64_t txTimePs,
                             int64_t intMaxHopDelayPs, int64_t intReverseMaxHopDelayPs, bool ecnEcho, bool syn) {
    Enter_Method_Silent();
    Event* e = addEvent(host);
    SegmentCompletion* c = e->mutable_completion();
    c->set_flow(static_cast<uint32_t>(flow));
    c->set_seq(static_cast<uint64_t>(seq));
    c->set_bytes(static_cast<uint32_t>(bytes));
    c->set_send_time_ps(sendTimePs);
    c->set_completion_time_ps(e->time_ps());
    c->set_int_max_hop_delay_ps(intMaxHopDelayPs);
    c->set_int_reverse_max_hop_delay_ps(intReverseMaxHopDelayPs);
    c->set_ecn_echo(ecnEcho);
    c->set_tx_time_ps(txTimePs);
    c->set_syn(syn);
}

// The hop belongs to the completion just added (the NIC reports them right after it).
void AgentBridge::completionHop(int host, const IntHopRecord& hop) {
    Enter_Method_Silent();
    const int n = batch_.events_size();
    if (n == 0 || !batch_.events(n - 1).has_completion() || batch_.events(n - 1).host() != static_cast<uint32_t>(host))
        throw cRuntimeError(this, "an INT hop record of host %d without its completion", host);
    IntHop* h = batch_.mutable_events(n - 1)->mutable_completion()->add_int_hops();
    h->set_queue_bytes(hop.queueBytes);
    h->set_tx_bytes(hop.txBytes);
    h->set_timestamp_ps(hop.timePs);
    h->set_rate_bps(hop.rateBps);
}

void AgentBridge::pfcChange(int host, int trafficClass, bool paused) {
    Enter_Method_Silent();
    PfcChange* p = addEvent(host)->mutable_pfc_change();
    p->set_traffic_class(static_cast<uint32_t>(trafficClass));
    p->set_paused(paused);
}

void AgentBridge::packetArrival(int host, int flow, int64_t seq, int32_t bytes, uint32_t path, int arrivalFlags,
                                int64_t intMaxHopDelayPs, int64_t sendTimePs, int64_t txTimePs) {
    Enter_Method_Silent();
    PacketArrival* p = addEvent(host)->mutable_packet_arrival();
    p->set_flow(static_cast<uint32_t>(flow));
    p->set_seq(static_cast<uint64_t>(seq));
    p->set_bytes(static_cast<uint32_t>(bytes));
    p->set_path(path);
    p->set_trimmed((arrivalFlags & kTrimmed) != 0);
    p->set_returned((arrivalFlags & kReturned) != 0);
    p->set_last_of_flow((arrivalFlags & kLastOfFlow) != 0);
    p->set_int_max_hop_delay_ps(intMaxHopDelayPs);
    p->set_ecn((arrivalFlags & kEcn) != 0);
    p->set_send_time_ps(sendTimePs);
    p->set_tx_time_ps(txTimePs);
}

void AgentBridge::controlArrival(int host, int flow, int kind, int64_t seq, uint64_t pullNumber, uint32_t path,
                                 int64_t echoTimePs, int64_t echoTxTimePs) {
    Enter_Method_Silent();
    ControlArrival* c = addEvent(host)->mutable_control_arrival();
    c->set_kind(static_cast<ControlKind>(kind));
    c->set_flow(static_cast<uint32_t>(flow));
    c->set_seq(static_cast<uint64_t>(seq));
    c->set_pull_number(pullNumber);
    c->set_path(path);
    c->set_echo_time_ps(echoTimePs);
    c->set_echo_tx_time_ps(echoTxTimePs);
}

void AgentBridge::transmitted(int host, int flow, int64_t seq, int32_t bytes, int64_t sendTimePs) {
    Enter_Method_Silent();
    SegmentTransmitted* x = addEvent(host)->mutable_transmitted();
    x->set_flow(static_cast<uint32_t>(flow));
    x->set_seq(static_cast<uint64_t>(seq));
    x->set_bytes(static_cast<uint32_t>(bytes));
    x->set_send_time_ps(sendTimePs);
}

void AgentBridge::flush() {
    windowOpen_ = false;
    windows_++;
    eventsSent_ += batch_.events_size();
    const int64_t w = batch_.window_start_ps();
    try {
        WallClock clock{exchangeNanos_};
        agents_->submit(batch_);
    } catch (const std::exception& e) {
        linkBroke(w, e);
    }
    applyAt_.push_back(w + reactionDelayPs_);
    if (windowPs_ == reactionDelayPs_) {
        applyOldest();  // W+H = W+L: now
    } else {
        scheduleNextApply();
    }
    if (progress_) reportProgress();
}

// The answer to the oldest batch, due now: the agents have had the time from its
// W+H to here, during which the simulation ran on.
void AgentBridge::applyOldest() {
    const int64_t w = applyAt_.front() - reactionDelayPs_;
    applyAt_.pop_front();
    const ActionBatch* actions = nullptr;
    try {
        WallClock clock{exchangeNanos_};
        actions = &agents_->collect();
    } catch (const std::exception& e) {
        linkBroke(w, e);
    }
    for (const Action& a : actions->actions()) apply(a);
    scheduleNextApply();
}

// One self-message serves every batch under way: it waits for the oldest's W+L.
void AgentBridge::scheduleNextApply() {
    if (!applyAt_.empty() && !apply_->isScheduled()) scheduleAt(SimTime::fromRaw(applyAt_.front()), apply_);
}

void AgentBridge::linkBroke(int64_t windowStartPs, const std::exception& e) {
    throw cRuntimeError(this, "the agent session with %s broke at the window starting at %lld ps: %s",
                        agents_->where().c_str(), (long long)windowStartPs, e.what());
}

// The agents' side (Agents) has checked every action against the contract (times, hosts, flows,
// sizes, paths, finishes) before returning the batch: what is left is to carry
// them out, in the agents' order.
void AgentBridge::apply(const Action& a) {
    const simtime_t t = SimTime::fromRaw(a.time_ps());
    const int host = static_cast<int>(a.host());
    switch (a.kind_case()) {
        case Action::kSendSegment: {
            const SendSegment& s = a.send_segment();
            ActionMessage* m = takeAction(kSendSegment, host);
            m->flow = static_cast<int>(s.flow());
            m->seq = static_cast<int64_t>(s.seq());
            m->bytes = static_cast<int32_t>(s.bytes());
            m->path = s.path();
            m->options = (s.ack() == ACK_NONE ? Nic::kNoAck : 0) | (s.last_of_flow() ? Nic::kLastOfFlow : 0) |
                         (s.syn() ? Nic::kSyn : 0) | (s.report_tx() ? Nic::kReportTx : 0);
            scheduleAt(t, m);
            break;
        }
        case Action::kSendControl: {
            const SendControl& c = a.send_control();
            ActionMessage* m = takeAction(kSendControl, host);
            m->flow = static_cast<int>(c.flow());
            m->options = c.kind();
            m->seq = static_cast<int64_t>(c.seq());
            m->number = c.pull_number();
            m->path = c.path();
            m->echo = c.echo_time_ps();
            m->echoTx = c.echo_tx_time_ps();
            scheduleAt(t, m);
            break;
        }
        case Action::kSetTimer: {
            ActionMessage* m = takeAction(kTimer, host);
            m->number = a.set_timer().timer_id();
            scheduleAt(t, m);
            break;
        }
        case Action::kFlowFinished:
            flowStats_->finish(static_cast<int>(a.flow_finished().flow()), a.time_ps());
            break;
        case Action::KIND_NOT_SET:
            throw cRuntimeError(this, "an agent action without a kind passed the contract checks");
    }
}

void AgentBridge::reportProgress() {
    const int64_t now = simTime().raw();
    if (now < nextProgressPs_) return;
    std::cout << "cosim-progress " << now << std::endl;
    const int64_t step = std::max<int64_t>(spec_.duration_ps() / 100, 1);
    nextProgressPs_ = (now / step + 1) * step;
}

bool AgentBridge::localNode(int32_t node) const {
    if (node >= NodeRank::kSwitchBase) return switches_[static_cast<size_t>(node - NodeRank::kSwitchBase)] != nullptr;
    return node == NodeRank::kNetwork || nics_[static_cast<size_t>(node - 1)] != nullptr;
}

int64_t AgentBridge::reachedPs() const { return succeeded_ ? spec_.duration_ps() : simTime().raw(); }

void AgentBridge::lifecycleEvent(SimulationLifecycleEventType eventType, cObject*) {
    switch (eventType) {
        case LF_ON_SIMULATION_START:
            running_ = true;
            break;
        case LF_PRE_NETWORK_FINISH:
            // Fired by every callFinish(): OMNeT++'s after a normal end, ours after an error.
            if (running_) {
                running_ = false;
                // Cmdenv turns SIGINT and SIGTERM back to their default (exit at once) when the
                // event loop ends, so a stop asked for now would lose the results being recorded:
                // they are recorded first (Cmdenv sets the handlers again for a next run).
                std::signal(SIGINT, SIG_IGN);
                std::signal(SIGTERM, SIG_IGN);
                // Our end event sits at duration - 1 ps; an earlier end (a sim-time-limit or
                // cpu-time-limit in the ini, or SIGINT/SIGTERM) leaves the run short of the
                // scenario's duration.
                succeeded_ = end_ != nullptr ? ended_ : simTime().raw() == spec_.duration_ps() - 1;
                if (!succeeded_ && getEnvir()->idle()) {
                    // Cmdenv's idle() says whether SIGINT or SIGTERM stopped the event loop.
                    std::cerr << "cosim: stopped by SIGINT or SIGTERM at " << simTime().raw() << " ps of "
                              << "simulated time; the results so far are recorded" << std::endl;
                } else if (!succeeded_) {
                    std::cerr << "cosim: the simulation stopped at " << simTime().raw() << " ps, before the "
                              << "scenario's duration (" << spec_.duration_ps() << " ps): remove sim-time-limit "
                              << "and other limits from the ini file, the scenario sets the duration" << std::endl;
                }
            }
            break;
        case LF_ON_SIMULATION_ERROR:
            if (running_ && !finished_) {
                running_ = false;
                try {
                    getSimulation()->callFinish();
                } catch (const std::exception& e) {
                    std::cerr << "cosim: recording the partial results failed too: " << e.what() << std::endl;
                }
            }
            break;
        default:
            break;
    }
}

void AgentBridge::recordExact(const std::string& scalar, int64_t value, const char* unit) {
    if (value >= kExactLimit || value <= -kExactLimit) {
        throw cRuntimeError(this, "%s = %lld does not fit a double exactly (|value| >= 2^53)", scalar.c_str(),
                            (long long)value);
    }
    recordScalar(scalar.c_str(), static_cast<double>(value), unit);
}

// The agents' sampled flow states (the scenario's output.agent_state), as the
// agent server sent them: a FlowStates message (cosim.proto) for cosim's runner
// to turn into agent_state.csv.
void AgentBridge::writeFlowStates(const FlowStates& states) {
    const std::string path = resultFile("flowStateFile", ".states");
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out || !states.SerializeToOstream(&out) || !out.flush()) {
        throw std::runtime_error("cannot write the agents' flow states to " + path);
    }
}

void AgentBridge::finish() {
    finished_ = true;
    // On a complete run OMNeT++ has also counted its end-of-simulation event (at
    // duration - 1 ps): the Java kernel has no such event.
    const int64_t events = ended_ ? eventsAtEnd_ : getSimulation()->getEventNumber() - (succeeded_ ? 1 : 0);
    std::string failure;
    if (succeeded_) {
        FabricDone done;
        done.set_end_time_ps(spec_.duration_ps());
        done.set_events_processed(static_cast<uint64_t>(events));
        try {
            agents_->finish(done);
        } catch (const std::exception& e) {
            failure = e.what();
        }
        // The agents' results are kept even when the session then failed, as the fabric's own are.
        const AgentResults* results = agents_->receivedResults();
        if (results != nullptr && results->has_flow_states()) {
            try {
                writeFlowStates(results->flow_states());
            } catch (const std::exception& e) {
                if (failure.empty()) failure = e.what();  // else the session's failure is the one reported
            }
        }
    }
    for (int f = 0; f < flowStats_->flows(); ++f) {
        const std::string p = "flow" + std::to_string(f) + ":";
        recordExact(p + "sentBytes", flowStats_->sentBytes(f), "B");
        recordExact(p + "deliveredBytes", flowStats_->deliveredBytes(f), "B");
        recordExact(p + "deliveredMeasuredBytes", flowStats_->deliveredMeasuredBytes(f), "B");
        recordExact(p + "retransmittedBytes", flowStats_->retransmittedBytes(f), "B");
        recordExact(p + "uniqueDeliveredBytes", flowStats_->uniqueDeliveredBytes(f), "B");
        recordExact(p + "uniqueDeliveredMeasuredBytes", flowStats_->uniqueDeliveredMeasuredBytes(f), "B");
        recordExact(p + "droppedBytes", flowStats_->droppedBytes(f), "B");
        recordExact(p + "finishPs", flowStats_->finishPs(f), "ps");
    }
    std::string fileFailure;
    if (rttSamples_) {
        try {
            rttSamples_->close();
        } catch (const std::exception& e) {
            fileFailure = e.what();
        }
        recordExact("rttSamples", rttSamples_->samples());
    }
    if (packetTracer_) {
        try {
            packetTracer_->close();
        } catch (const std::exception& e) {
            if (fileFailure.empty()) fileFailure = e.what();
        }
    }
    recordExact("completed", succeeded_ && failure.empty() && fileFailure.empty() ? 1 : 0);
    recordExact("reachedPs", reachedPs(), "ps");
    recordExact("eventsProcessed", events);
    recordExact("agentWindows", windows_);
    recordExact("agentEvents", eventsSent_);
    recordExact("packetsInNetwork", ended_ ? liveAtEnd_ : Packet::live());
    if (ended_) {
        // The parallel simulation's own traffic up to the duration: packets to other
        // partitions, and promises (EOTs) sent, alone as null messages or with a packet.
        recordExact("packetsToOtherPartitions", sentAwayAtEnd_);
        recordExact("eotUpdates", eotUpdatesAtEnd_);
    }
    // Wall-clock figures (vary from run to run): the whole run from network setup, the
    // agents' start (connecting, or in-process the JVM's start, and the session's
    // opening), and the time spent waiting for the agents in the windows (gRPC round
    // trips, or the in-process calls, + the agents' work that the simulation did not overlap).
    recordScalar("wallSeconds", (steadyNanos() - wallStartNanos_) / 1e9, "s");
    recordScalar("exchangeWallSeconds", exchangeNanos_ / 1e9, "s");
    recordScalar("agentsStartWallSeconds", startNanos_ / 1e9, "s");
    if (!failure.empty()) throw cRuntimeError(this, "ending the agent session failed: %s", failure.c_str());
    if (!fileFailure.empty()) throw cRuntimeError(this, "%s", fileFailure.c_str());
}

}  // namespace cosim
