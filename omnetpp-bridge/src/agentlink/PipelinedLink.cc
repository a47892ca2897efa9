#include "PipelinedLink.h"

#include <sys/prctl.h>

#include <stdexcept>

namespace cosim {

namespace {
// How long collect() polls for an answer before sleeping: answers are usually in
// already, and a sleep costs a wake-up of the simulation thread.
constexpr auto kSpin = std::chrono::microseconds(200);
}  // namespace

PipelinedLink::PipelinedLink(AgentLink& link, std::chrono::microseconds slice) : link_(link), slice_(slice) {
    if (link_.pending() != 0) throw std::logic_error("PipelinedLink: the link has batches pending");
    thread_ = std::thread([this] { run(); });
}

PipelinedLink::~PipelinedLink() {
    if (thread_.joinable()) {
        link_.cancel();
        stop();
    }
}

void PipelinedLink::stop() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    jobReady_.notify_one();
    if (thread_.joinable()) thread_.join();
}

void PipelinedLink::submit(EventBatch& events) {
    std::unique_ptr<EventBatch> job;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        rethrowIfFailed();
        if (stopping_) throw std::logic_error("PipelinedLink::submit after stop()");
        if (!spareJobs_.empty()) {
            job = std::move(spareJobs_.back());
            spareJobs_.pop_back();
        }
    }
    if (!job) job = std::make_unique<EventBatch>();
    job->Swap(&events);
    bool wake;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        jobs_.push_back(std::move(job));
        wake = idle_;
    }
    // A wake only for a thread asleep with nothing under way: a futex wake per batch
    // cost the simulation thread more than the whole hand-over, and a thread waiting
    // for answers looks for new batches between its slices.
    if (wake) jobReady_.notify_one();
    ++pending_;
}

const ActionBatch& PipelinedLink::collect() {
    if (pending_ == 0) throw std::logic_error("PipelinedLink::collect: no batch is waiting for its answer");
    const auto spinUntil = std::chrono::steady_clock::now() + kSpin;
    while (answered_.load(std::memory_order_acquire) == collected_ &&
           std::chrono::steady_clock::now() < spinUntil) {
    }
    std::unique_lock<std::mutex> lock(mutex_);
    while (!answerReady_.wait_for(lock, kStopCheck, [this] { return !answers_.empty() || error_ || stopping_; })) {
        // The link's thread keeps the deadline; this thread, the simulation's, answers a stop request.
        if (link_.stopRequested()) throw AgentLink::stopped("the agents' answer to the oldest window under way");
    }
    if (answers_.empty()) {
        rethrowIfFailed();
        throw std::logic_error("PipelinedLink::collect after stop()");
    }
    if (current_) spareAnswers_.push_back(std::move(current_));
    current_ = std::move(answers_.front());
    answers_.pop_front();
    --pending_;
    ++collected_;
    return *current_;
}

void PipelinedLink::rethrowIfFailed() {
    if (error_) std::rethrow_exception(error_);
}

void PipelinedLink::run() {
    // Sleeps of one slice must not stretch to the default 50 us timer slack.
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
    try {
        writeOrWait();
    } catch (...) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            error_ = std::current_exception();
        }
        answerReady_.notify_all();
    }
}

void PipelinedLink::writeOrWait() {
    for (;;) {
        std::unique_ptr<EventBatch> job;
        bool moreJobs = false;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            if (jobs_.empty() && link_.pending() == 0 && !stopping_) {
                // Nothing under way: sleep until submit() or stop() wakes us.
                idle_ = true;
                jobReady_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
                idle_ = false;
            }
            if (!jobs_.empty()) {
                job = std::move(jobs_.front());
                jobs_.pop_front();
                moreJobs = !jobs_.empty();
            } else if (stopping_) {
                return;
            } else if (link_.pending() == 0) {
                continue;
            }
        }
        if (job) {
            link_.submit(*job, moreJobs);
            job->Clear();
            std::lock_guard<std::mutex> lock(mutex_);
            spareJobs_.push_back(std::move(job));
            continue;
        }
        // Batches under way and none to write: wait a slice for the oldest answer.
        if (!link_.answerReady(slice_)) continue;
        std::unique_ptr<ActionBatch> answer;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            if (!spareAnswers_.empty()) {
                answer = std::move(spareAnswers_.back());
                spareAnswers_.pop_back();
            }
        }
        if (!answer) answer = std::make_unique<ActionBatch>();
        link_.collectInto(answer.get());
        {
            std::lock_guard<std::mutex> lock(mutex_);
            answers_.push_back(std::move(answer));
        }
        answered_.fetch_add(1, std::memory_order_release);
        answerReady_.notify_one();
    }
}

}  // namespace cosim
