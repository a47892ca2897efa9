#include "ActionChecker.h"

#include <algorithm>

namespace cosim {

namespace {

std::string str(int64_t v) { return std::to_string(v); }
std::string str(uint64_t v) { return std::to_string(v); }
std::string str(uint32_t v) { return std::to_string(v); }

std::string notStarted(const char* does, uint32_t f) {
    return std::string(does) + " flow " + str(f) + ", which has not started by the end of this window";
}

// "sends flow 0 on path 3, but it has paths 1..2 (0 = ECMP)", for a segment and a control packet alike.
std::string pathProblem(const std::string& sends, uint32_t path, uint32_t pathCount) {
    if (path <= pathCount) return {};
    return sends + " on path " + str(path) + ", but it has paths 1.." + str(pathCount) + " (0 = ECMP)";
}

}  // namespace

ActionChecker::ActionChecker(const Hello& hello)
    : reaction_delay_ps_(hello.reaction_delay_ps()),
      window_ps_(hello.window_ps() != 0 ? hello.window_ps() : hello.reaction_delay_ps()),
      host_count_(static_cast<uint32_t>(hello.hosts_size())) {
    if (reaction_delay_ps_ <= 0 || window_ps_ <= 0 || reaction_delay_ps_ % window_ps_ != 0) {
        throw std::invalid_argument("the batch window H = " + str(window_ps_) + " ps must divide L = " +
                                    str(reaction_delay_ps_) + " ps");
    }
    // Position = flow id: the server refuses a Hello whose flow ids are not dense and in order.
    local_.assign(host_count_, hello.local_hosts_size() == 0);
    for (uint32_t h : hello.local_hosts()) {
        if (h < host_count_) local_[h] = true;
    }
    flows_.reserve(hello.flows_size());
    for (const FlowSpec& f : hello.flows()) {
        flows_.push_back(Flow{f.src(), f.dst(), f.size_bytes(), std::max<uint32_t>(1, f.path_count())});
        // Another partition's sender gets the FlowArrival; a receiver here acts once its packets come.
        if (f.src() < host_count_ && !local_[f.src()]) flows_.back().start_ps = INT64_MIN;
    }
    flow_finished_.assign(flows_.size(), false);
}

void ActionChecker::sent(const EventBatch& events) {
    for (const Event& e : events.events()) {
        if (e.has_flow_arrival()) flowArrived(e.flow_arrival().flow(), e.time_ps());
    }
}

void ActionChecker::flowArrived(uint32_t f, int64_t t) {
    if (f < flows_.size()) flows_[f].start_ps = std::min(flows_[f].start_ps, t);
}

// In the order the Java fabric meets them: the window the answer is for
// (AgentClient), then every action's kind and every segment's ack mode, without
// which the answer cannot be read (WireFormat.fromProto), then each action in turn
// (AgentBridge.check). After a refused batch the session is unusable: the agents
// already count on actions the fabric will not apply.
void ActionChecker::check(int64_t w, const ActionBatch& actions) {
    if (actions.window_start_ps() != w) {
        throw ContractError("the agent server answered the window at " + str(w) +
                            " ps with the actions of the window at " + str(actions.window_start_ps()) + " ps");
    }
    auto refuse = [&](int i, const std::string& problem) {
        throw ContractError("agent action " + std::to_string(i) + " of the window starting at " + str(w) + " ps " +
                            problem);
    };
    for (int i = 0; i < actions.actions_size(); ++i) {
        const std::string p = wireProblem(actions.actions(i));
        if (!p.empty()) refuse(i, p);
    }
    for (int i = 0; i < actions.actions_size(); ++i) {
        const std::string p = problem(w, actions.actions(i));
        if (!p.empty()) refuse(i, p);
    }
}

std::string ActionChecker::wireProblem(const Action& a) const {
    if (a.kind_case() == Action::KIND_NOT_SET) return "has no kind (timed at " + str(a.time_ps()) + " ps)";
    if (a.has_send_segment() && !AckMode_IsValid(a.send_segment().ack())) {
        return "sends a segment with unknown ack mode " + std::to_string(a.send_segment().ack());
    }
    return {};
}

// The rules of cosim.proto: an action takes effect at or after W+L, except
// FlowFinished, which carries the time of the event that finished the flow and so
// lies in the batch's window [W, W+H).
std::string ActionChecker::problem(int64_t w, const Action& a) {
    const int64_t t = a.time_ps();
    const uint32_t host = a.host();
    const int64_t earliest = w + reaction_delay_ps_;
    if (host >= host_count_) {
        return "names unknown host " + str(host) + " (the session has " + str(host_count_) + " hosts)";
    }
    if (!local_[host]) {
        return "is for host " + str(host) + ", which is not one of this session's hosts (Hello.local_hosts)";
    }
    std::string p;
    switch (a.kind_case()) {
        case Action::kSendSegment:
            p = timeProblem("SendSegment", t, earliest);
            if (p.empty()) p = segmentProblem(host, a.send_segment());
            if (p.empty() && !started(a.send_segment().flow(), w)) p = notStarted("sends on", a.send_segment().flow());
            return p;
        case Action::kSendControl:
            p = timeProblem("SendControl", t, earliest);
            return p.empty() ? controlProblem(w, t, host, a.send_control()) : p;
        case Action::kSetTimer: return timeProblem("SetTimer", t, earliest);
        case Action::kFlowFinished: return finishProblem(w, t, host, a.flow_finished().flow());
        case Action::KIND_NOT_SET: break;  // wireProblem
    }
    return {};
}

std::string ActionChecker::timeProblem(const char* kind, int64_t t, int64_t earliest) const {
    if (t >= earliest) return {};
    return std::string("is a ") + kind + " timed at " + str(t) + " ps, before the window's end W+L = " +
           str(earliest) + " ps (actions take effect no earlier than L after their event)";
}

// The Java fabric holds seq and bytes in signed 64/32-bit integers: both back ends
// refuse what does not fit, so they agree on every batch.
std::string ActionChecker::segmentProblem(uint32_t host, const SendSegment& s) const {
    const uint32_t f = s.flow();
    if (f >= flows_.size()) return "sends on unknown flow " + str(f);
    const Flow& flow = flows_[f];
    if (flow.src != host) {
        return "sends flow " + str(f) + " from host " + str(host) + ", but the flow's source is host " + str(flow.src);
    }
    std::string p = pathProblem("sends flow " + str(f), s.path(), flow.path_count);
    if (!p.empty()) return p;
    if (s.syn()) {
        // A SYN sets a connection up and carries no data: 0 bytes, a hardware ACK (that
        // ACK is the SYN-ACK), not the flow's last, and a seq that fits the Java fabric's
        // long. It is not checked against the flow's size: its seq only comes back in the
        // SYN-ACK. "Other options" are Java's NO_ACK, LAST_OF_FLOW and REPORT_TX bits.
        const bool otherOptions = s.ack() == ACK_NONE || s.last_of_flow() || s.report_tx();
        if (s.bytes() == 0 && s.seq() <= static_cast<uint64_t>(INT64_MAX) && !otherOptions) return {};
        return "sends a SYN of flow " + str(f) + " with " + str(s.bytes()) + " bytes at seq " + str(s.seq()) +
               (otherOptions ? " and other options" : "") +
               ": a SYN carries no data, is ACKed and is not the flow's last";
    }
    if (s.bytes() == 0 || s.bytes() > static_cast<uint32_t>(INT32_MAX) ||
        s.seq() > static_cast<uint64_t>(INT64_MAX) - s.bytes()) {
        return "sends an empty or out-of-range segment (seq " + str(s.seq()) + ", " + str(s.bytes()) +
               " bytes) of flow " + str(f);
    }
    if (flow.size > 0 && (s.seq() > flow.size || s.bytes() > flow.size - s.seq())) {
        return "sends bytes [" + str(s.seq()) + ", " + str(s.seq() + s.bytes()) + ") of flow " + str(f) +
               ", which has only " + str(flow.size) + " bytes";
    }
    return {};
}

std::string ActionChecker::controlProblem(int64_t w, int64_t t, uint32_t host, const SendControl& c) const {
    const uint32_t f = c.flow();
    if (f >= flows_.size()) return "sends a control packet on unknown flow " + str(f);
    const Flow& flow = flows_[f];
    if (host != flow.src && host != flow.dst) {
        return "sends a control packet for flow " + str(f) + " from host " + str(host) +
               ", which is not one of its ends";
    }
    if (c.kind() != CONTROL_ACK && c.kind() != CONTROL_NACK && c.kind() != CONTROL_PULL) {
        return "sends a control packet of unknown kind " + std::to_string(c.kind());
    }
    std::string p = pathProblem("sends a control packet of flow " + str(f), c.path(), flow.path_count);
    if (!p.empty()) return p;
    if (!started(f, w)) return notStarted("sends a control packet of", f);
    // An ACK or NACK echoes its packet's send and TX times: not later than itself, not
    // before the flow began (0: no echo). Another value would make a wrong, even negative, RTT.
    for (const auto& [echo, what] : {std::pair<int64_t, const char*>{c.echo_time_ps(), "a send time"},
                                     std::pair<int64_t, const char*>{c.echo_tx_time_ps(), "a TX time"}}) {
        if (echo != 0 && (echo > t || echo < flow.start_ps)) {
            return std::string("echoes ") + what + " of " + str(echo) + " ps for flow " + str(f) +
                   ", outside [the flow's start " + str(flow.start_ps) + " ps, the control packet's own time " +
                   str(t) + " ps]";
        }
    }
    return {};
}

std::string ActionChecker::finishProblem(int64_t w, int64_t t, uint32_t host, uint32_t f) {
    if (f >= flows_.size()) return "finishes unknown flow " + str(f);
    const Flow& flow = flows_[f];
    if (host != flow.src && host != flow.dst) {
        return "finishes flow " + str(f) + " from host " + str(host) + ", which is not one of its ends";
    }
    if (t < w || t >= w + window_ps_) {
        return "finishes flow " + str(f) + " at " + str(t) + " ps, outside the window of the event that finished it [" +
               str(w) + ", " + str(w + window_ps_) + ") ps";
    }
    if (flow_finished_[f]) return "finishes flow " + str(f) + " a second time";
    flow_finished_[f] = true;  // a refused batch breaks the session, so no undo is needed
    return started(f, w) ? std::string() : notStarted("finishes", f);
}

// Whether flow f has started by the end of window w: its FlowArrival went out in a
// batch of window w or before.
bool ActionChecker::started(uint32_t f, int64_t w) const { return flows_[f].start_ps < w + window_ps_; }

}  // namespace cosim
