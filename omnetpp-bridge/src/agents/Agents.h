// Agents: the agents of one run as AgentBridge sees them, whatever carries the
// session's messages (proto/cosim.proto): an agent server over gRPC (GrpcAgents)
// or a JVM inside this process reached through JNI (InProcessAgents). Both check
// every answer against the contract (ActionChecker) before returning it, and
// both give the same answers, so a run's results do not depend on the choice.
//
// One simulation thread drives it, in the session's order: resolve, open, then
// per window submit() and, in the order of the batches, collect(), then finish().
// Failures are exceptions (std::exception) whose what() names the problem.
#pragma once

#include <cstdint>
#include <string>

#include "cosim.pb.h"

namespace cosim {

class Agents {
public:
    virtual ~Agents() = default;

    // Where the agents are, for messages: "the agent server at HOST:PORT", "the in-process agents".
    virtual std::string where() const = 0;

    // The scenario resolved into the RunSpec of a run (the Resolve RPC).
    virtual RunSpec resolve(const ResolveRequest& request) = 0;

    // Starts the session; returns its batch window H (the Hello's window_ps, or L).
    virtual int64_t open(const Hello& hello) = 0;

    // Hands one window's batch over; `events` may come back cleared.
    virtual void submit(EventBatch& events) = 0;
    // The checked answer to the oldest batch not yet collected; valid until the next call.
    virtual const ActionBatch& collect() = 0;

    // Ends the session; the agents' results are then in receivedResults().
    virtual void finish(const FabricDone& done) = 0;
    // What finish() received, even when the session then failed; null if nothing came.
    virtual const AgentResults* receivedResults() const = 0;
};

}  // namespace cosim
