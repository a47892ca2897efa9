// PipelinedLink: an open AgentLink driven from a thread of its own, so that the
// gRPC work of a pipelined session (serializing and writing each batch, reading,
// parsing and checking each answer: about 15 us per batch on the NDP 128-host
// permutation, 3 s of its run) runs beside the simulation
// instead of inside it. The simulation thread only swaps protobuf messages in
// and out.
//
// It pays only with pipelining (Hello.window_ps < L): the answer to a batch is due
// d-1 batches later, so the hand-over latency is hidden. At depth 1 every window
// waits for its round trip and a thread in the middle would only lengthen it.
//
// The thread writes every batch handed over as soon as it sees it (when several
// wait, all but the last with gRPC's buffer hint, so that they leave in one write
// and the agent server reads them in one wake-up: about a fifth of the batches of
// the NDP permutation), and between writes waits for answers in short slices
// (AgentLink::answerReady). With nothing under way it sleeps until submit() wakes
// it; while answers are under way submit() does not wake it (on 2 cores a futex
// wake per batch cost the simulation thread more than the hand-over saved), and
// it looks for new batches between its slices. What
// the link throws on that thread (a contract violation, a broken stream) is
// rethrown to the simulation thread by its next submit() or collect(), after the
// answers that arrived before it.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "AgentLink.h"

namespace cosim {

class PipelinedLink {
public:
    // Takes `link` (open, nothing pending) over until stop().
    explicit PipelinedLink(AgentLink& link, std::chrono::microseconds slice = std::chrono::microseconds(20));
    // Abandons the session if stop() was not called (cancels it, so the thread ends).
    ~PipelinedLink();
    PipelinedLink(const PipelinedLink&) = delete;
    PipelinedLink& operator=(const PipelinedLink&) = delete;

    // Hands the batch over and returns; `events` comes back empty (recycled).
    void submit(EventBatch& events);
    // The answer to the oldest batch not yet collected, checked by AgentLink; waits
    // for it. Valid until the next collect().
    const ActionBatch& collect();
    // Batches handed over and not yet collected.
    size_t pending() const { return pending_; }

    // Ends the thread once every batch handed over is written, and gives the link
    // back; the answers not collected here are still pending on it (finish() reads them).
    void stop();

private:
    void run();
    void writeOrWait();
    void rethrowIfFailed();  // under lock

    AgentLink& link_;
    const std::chrono::microseconds slice_;

    std::mutex mutex_;
    std::condition_variable jobReady_;
    std::condition_variable answerReady_;
    std::deque<std::unique_ptr<EventBatch>> jobs_;
    std::vector<std::unique_ptr<EventBatch>> spareJobs_;
    std::deque<std::unique_ptr<ActionBatch>> answers_;
    std::vector<std::unique_ptr<ActionBatch>> spareAnswers_;
    std::atomic<size_t> answered_{0};  // answers delivered so far, for spinning without the lock
    std::exception_ptr error_;
    bool stopping_ = false;
    bool idle_ = false;  // the thread sleeps with nothing under way: submit() wakes it

    // The simulation thread's side.
    std::unique_ptr<ActionBatch> current_;
    size_t pending_ = 0;
    size_t collected_ = 0;

    std::thread thread_;
};

}  // namespace cosim
