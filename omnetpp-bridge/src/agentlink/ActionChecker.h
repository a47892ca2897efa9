// ActionChecker: the agents' answers checked against the contract of cosim.proto,
// with the rules and the words of the Java fabric (AgentClient's window check,
// WireFormat.fromProto, AgentBridge.check). AgentLink checks every answer with one
// before the fabric schedules anything. Both sides replay the same cases:
// omnetpp-bridge/test/golden/action_vectors.txt, written by Java's
// ActionVectorsTest (java-fabric) and replayed by agentlink_action_test.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "cosim.pb.h"

namespace cosim {

// The agents answered with something the contract forbids (an action too early,
// for an unknown flow, from the wrong host, ...). The fabric must not apply it.
class ContractError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class ActionChecker {
public:
    // What the checks need from the session's Hello: the hosts (and which are the
    // session's own, local_hosts), the flows (ends, size, path count), L and the batch
    // window H (window_ps, or L when it has none).
    // std::invalid_argument when H does not divide L.
    explicit ActionChecker(const Hello& hello);

    // Flow f's FlowArrival, at t, went to the agents: they may act on the flow from
    // that window on. Ignores flows the Hello does not have.
    void flowArrived(uint32_t f, int64_t t);
    // The batch went to the agents: the flows it carries the FlowArrival of may be
    // acted on from its window on (flowArrived for each).
    void sent(const EventBatch& events);

    // The answer to the window starting at w; a ContractError naming the first
    // problem. Remembers the flows the batch finishes (a second finish is refused),
    // so a refused batch leaves the checker unusable, as it leaves the session.
    void check(int64_t w, const ActionBatch& actions);

    int64_t windowPs() const { return window_ps_; }

private:
    struct Flow {
        uint32_t src;
        uint32_t dst;
        uint64_t size;        // 0: unbounded
        uint32_t path_count;  // source routes 1..path_count (0 = ECMP is always allowed)
        int64_t start_ps = INT64_MAX;  // its FlowArrival's time, once a batch carried it
    };

    // "" when the action is fine, else what is wrong with it (the words after "agent action i of the window ...").
    std::string wireProblem(const Action& a) const;
    std::string problem(int64_t w, const Action& a);
    std::string segmentProblem(uint32_t host, const SendSegment& s) const;
    std::string controlProblem(int64_t w, int64_t t, uint32_t host, const SendControl& c) const;
    std::string finishProblem(int64_t w, int64_t t, uint32_t host, uint32_t f);
    std::string timeProblem(const char* kind, int64_t t, int64_t earliest) const;
    bool started(uint32_t f, int64_t w) const;

    int64_t reaction_delay_ps_;
    int64_t window_ps_;  // H
    uint32_t host_count_;
    std::vector<bool> local_;  // the session's hosts (Hello.local_hosts; all when it names none)
    std::vector<Flow> flows_;
    std::vector<bool> flow_finished_;
};

}  // namespace cosim
