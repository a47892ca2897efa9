// AgentLink: the fabric side of one agent session over gRPC (the C++ twin of
// Java's AgentClient), with the action checks of Java's AgentBridge (ActionChecker).
//
// The fabric is the time master (ARCHITECTURE.md, "Synchronization"): it opens a
// session with a Hello, then for every window [W, W+H) that has events sends one
// EventBatch and gets one ActionBatch back, and ends with FabricDone. With H = L
// the fabric needs each answer at once (exchange()); with H < L (a pipelined
// scenario) it submit()s a window's batch at W+H and collect()s the answer at W+L,
// simulating on in between while the agents work: the answers come back in the
// order of the batches. AgentLink checks each answer against the contract
// (ActionChecker) before the fabric schedules anything, so a misbehaving agent
// fails loudly at the window that broke the rule instead of silently diverging
// from the Java back end.
//
// Not thread-safe: one simulation thread drives one session.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <grpcpp/grpcpp.h>

#include "ActionChecker.h"
#include "cosim.grpc.pb.h"
#include "cosim.pb.h"

namespace cosim {

struct AgentLinkOptions {
    // Longest wait for any single operation (connect, send, answer). A stuck or
    // vanished agent server must end the simulation with an error, never hang it.
    std::chrono::milliseconds deadline{60000};
    // gRPC message size limit in both directions; the Java server's default is the same.
    int max_message_bytes = 256 << 20;
    // How long to poll the completion queue before sleeping on it while waiting for
    // an answer. 0: sleep at once. Polling saves the wake-up latency of each round
    // trip but keeps a core busy while the agents work.
    std::chrono::microseconds spin{0};
    // Asked every kStopCheck while the simulation thread waits for the agents'
    // answer (exchange(), collect(), PipelinedLink::collect()): true ends the wait
    // with a LinkError (CANCELLED). The simulator's own stop request (OMNeT++'s
    // Cmdenv on SIGINT or SIGTERM) acts only between events, so without this a run
    // whose agent server went silent would ignore it until the deadline.
    std::function<bool()> stop_requested;
};

// How often a wait for an answer asks AgentLinkOptions::stop_requested.
constexpr std::chrono::milliseconds kStopCheck{100};

// The transport failed or the server ended the session: the session is over.
// code() is the gRPC status the server sent (INVALID_ARGUMENT for a contract
// violation by the fabric, FAILED_PRECONDITION for out-of-order messages,
// RESOURCE_EXHAUSTED for an oversized batch, ...), DEADLINE_EXCEEDED when
// nothing came back in time.
class LinkError : public std::runtime_error {
public:
    LinkError(grpc::StatusCode code, const std::string& message)
        : std::runtime_error(message), code_(code) {}

    // "agent server: <CODE_NAME>: <description>", the form every server status takes.
    static LinkError fromStatus(const grpc::Status& status);

    grpc::StatusCode code() const { return code_; }

private:
    grpc::StatusCode code_;
};

// "INVALID_ARGUMENT" etc., as grpc-java and the Java server spell status codes.
const char* statusCodeName(grpc::StatusCode code);

class AgentLink {
public:
    explicit AgentLink(const std::string& target, AgentLinkOptions options = {});
    ~AgentLink();
    AgentLink(const AgentLink&) = delete;
    AgentLink& operator=(const AgentLink&) = delete;

    // Asks the agent server to resolve a scenario into the RunSpec of a run (the
    // Resolve RPC); a bad scenario is a LinkError with INVALID_ARGUMENT naming the
    // field. Independent of the session: call it before open().
    RunSpec resolve(const ResolveRequest& request);

    // Starts the session. Keeps what the action checks need from the Hello.
    HelloAck open(const Hello& hello);

    // One window. The returned batch stays valid until the next call on this link.
    const ActionBatch& exchange(const EventBatch& events);

    // Sends one window's batch without waiting for its answer. moreComing: the
    // caller submits another batch right after, so gRPC may hold this one back
    // and send both in one write (one system call here, one wake-up at the server).
    void submit(const EventBatch& events, bool moreComing = false);
    // The answer to the oldest submitted batch not yet collected (waits for it),
    // checked against the contract; valid until the next call on this link.
    const ActionBatch& collect();
    // Batches submitted and not yet collected.
    size_t pending() const { return pending_windows_.size(); }
    // Waits at most `wait` for the answer to the oldest pending batch; true when
    // collect() will not block (the answer, or the failure, is in). For a caller
    // that has other work: PipelinedLink's thread writes new batches in between.
    bool answerReady(std::chrono::microseconds wait);
    // collect(), moving the answer into *out instead of lending it.
    void collectInto(ActionBatch* out);
    // Cancels the session from any thread: operations under way end at once, with
    // an error. For abandoning a link another thread is blocked on.
    void cancel();

    // Ends the session cleanly and returns the agents' per-flow results.
    AgentResults finish(const FabricDone& done);

    // The AgentResults the server sent before ending the session with an error
    // (finish() threw), so that what the agents computed is not lost; null if none came.
    const AgentResults* receivedResults() const { return results_ ? &*results_ : nullptr; }

    // Whether the simulation asked to stop (AgentLinkOptions::stop_requested), and the
    // error that ends a wait for `what` because of it.
    bool stopRequested() const { return options_.stop_requested && options_.stop_requested(); }
    static LinkError stopped(const std::string& what);

    // The largest EventBatch the server accepts (from the HelloAck; 0 before open()).
    uint32_t maxBatchEvents() const { return max_batch_events_; }
    // The batch window H of the session (the Hello's window_ps, or L when it has none; 0 before open()).
    int64_t windowPs() const { return checker_ ? checker_->windowPs() : 0; }

private:
    // One tag per kind of operation: the stream never has two of a kind in flight.
    enum Op : int { kStart, kWrite, kRead, kWritesDone, kFinish, kOpCount };

    void send(const FabricMessage& message, const char* what);
    const AgentMessage& receive(const std::string& what);
    void post(Op op);
    // stoppable: the simulation thread waits (collect, exchange), so a stop request ends the wait.
    bool await(Op op, const std::string& what, bool stoppable = false);
    void note(void* tag, bool ok);
    void postRead();
    ActionBatch* takeAnswer(bool stoppable);
    [[noreturn]] void failFromServer(const std::string& what);
    [[noreturn]] void fail(grpc::StatusCode code, const std::string& message);
    void requireOpen(const char* call) const;
    void settleWrite(const std::string& what);
    void drain() noexcept;

    AgentLinkOptions options_;
    std::shared_ptr<grpc::Channel> channel_;
    std::unique_ptr<AgentService::Stub> stub_;
    grpc::CompletionQueue cq_;
    std::unique_ptr<grpc::ClientContext> context_;
    std::unique_ptr<grpc::ClientAsyncReaderWriter<FabricMessage, AgentMessage>> stream_;
    // Buffers the in-flight operations point into: they must outlive the operation.
    FabricMessage outgoing_;
    AgentMessage incoming_;
    grpc::Status final_status_;
    bool in_flight_[kOpCount] = {};
    bool completed_[kOpCount] = {};
    bool ok_[kOpCount] = {};

    enum class State { kNew, kOpen, kFinished, kBroken } state_ = State::kNew;
    std::string broken_because_;

    // From the Hello: what the actions are checked against.
    std::optional<ActionChecker> checker_;
    std::deque<int64_t> pending_windows_;  // window starts of the submitted, uncollected batches
    std::optional<AgentResults> results_;  // what finish() received
    // When the read now under way was posted: answerReady() gives up on it after options_.deadline, as await() does.
    std::chrono::system_clock::time_point read_posted_;
    uint32_t max_batch_events_ = 0;
};

}  // namespace cosim
