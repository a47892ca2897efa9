#include "AgentLink.h"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace cosim {

namespace {

void* tagOf(int op) { return reinterpret_cast<void*>(static_cast<intptr_t>(op)); }

const char* messageKind(const AgentMessage& m) {
    switch (m.kind_case()) {
        case AgentMessage::kHelloAck: return "a HelloAck";
        case AgentMessage::kActions: return "an ActionBatch";
        case AgentMessage::kResults: return "AgentResults";
        case AgentMessage::KIND_NOT_SET: break;
    }
    return "an empty AgentMessage";
}

// After a cancel, gRPC completes every pending operation promptly; this bound only
// keeps a broken gRPC runtime from turning a destructor into a hang.
constexpr std::chrono::seconds kDrainBound{10};

}  // namespace

const char* statusCodeName(grpc::StatusCode code) {
    switch (code) {
        case grpc::StatusCode::OK: return "OK";
        case grpc::StatusCode::CANCELLED: return "CANCELLED";
        case grpc::StatusCode::UNKNOWN: return "UNKNOWN";
        case grpc::StatusCode::INVALID_ARGUMENT: return "INVALID_ARGUMENT";
        case grpc::StatusCode::DEADLINE_EXCEEDED: return "DEADLINE_EXCEEDED";
        case grpc::StatusCode::NOT_FOUND: return "NOT_FOUND";
        case grpc::StatusCode::ALREADY_EXISTS: return "ALREADY_EXISTS";
        case grpc::StatusCode::PERMISSION_DENIED: return "PERMISSION_DENIED";
        case grpc::StatusCode::RESOURCE_EXHAUSTED: return "RESOURCE_EXHAUSTED";
        case grpc::StatusCode::FAILED_PRECONDITION: return "FAILED_PRECONDITION";
        case grpc::StatusCode::ABORTED: return "ABORTED";
        case grpc::StatusCode::OUT_OF_RANGE: return "OUT_OF_RANGE";
        case grpc::StatusCode::UNIMPLEMENTED: return "UNIMPLEMENTED";
        case grpc::StatusCode::INTERNAL: return "INTERNAL";
        case grpc::StatusCode::UNAVAILABLE: return "UNAVAILABLE";
        case grpc::StatusCode::DATA_LOSS: return "DATA_LOSS";
        case grpc::StatusCode::UNAUTHENTICATED: return "UNAUTHENTICATED";
        default: break;
    }
    return "UNKNOWN_CODE";
}

LinkError LinkError::fromStatus(const grpc::Status& status) {
    return LinkError(status.error_code(), std::string("agent server: ") + statusCodeName(status.error_code()) +
                                              ": " + status.error_message());
}

AgentLink::AgentLink(const std::string& target, AgentLinkOptions options) : options_(options) {
    grpc::ChannelArguments args;
    args.SetMaxReceiveMessageSize(options_.max_message_bytes);
    args.SetMaxSendMessageSize(options_.max_message_bytes);
    channel_ = grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), args);
    stub_ = AgentService::NewStub(channel_);
}

AgentLink::~AgentLink() {
    // A session the fabric abandons (exception, early exit) must not linger on the
    // server until its idle timeout: cancelling tells the server at once.
    if (context_ && state_ != State::kFinished) {
        context_->TryCancel();
    }
    drain();
    stream_.reset();
    context_.reset();
    cq_.Shutdown();
    void* tag;
    bool ok;
    while (cq_.AsyncNext(&tag, &ok, std::chrono::system_clock::now() + kDrainBound) ==
           grpc::CompletionQueue::GOT_EVENT) {
    }
}

void AgentLink::drain() noexcept {
    const auto bound = std::chrono::system_clock::now() + kDrainBound;
    for (;;) {
        bool pending = false;
        for (bool f : in_flight_) pending = pending || f;
        if (!pending) return;
        void* tag;
        bool ok;
        if (cq_.AsyncNext(&tag, &ok, bound) != grpc::CompletionQueue::GOT_EVENT) {
            // Should not happen after a cancel. Leaking the call is better than
            // destroying it under a pending operation.
            (void)stream_.release();
            (void)context_.release();
            return;
        }
        in_flight_[reinterpret_cast<intptr_t>(tag)] = false;
    }
}

RunSpec AgentLink::resolve(const ResolveRequest& request) {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + options_.deadline);
    RunSpec spec;
    const grpc::Status status = stub_->Resolve(&context, request, &spec);
    if (!status.ok()) {
        throw LinkError::fromStatus(status);
    }
    return spec;
}

HelloAck AgentLink::open(const Hello& hello) {
    if (state_ != State::kNew) {
        throw std::logic_error("AgentLink::open: a link carries one session; this one is already open or over");
    }
    try {
        checker_.emplace(hello);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(std::string("AgentLink::open: ") + e.what());
    }

    context_ = std::make_unique<grpc::ClientContext>();
    stream_ = stub_->PrepareAsyncSession(context_.get(), &cq_);
    state_ = State::kOpen;
    post(kStart);
    stream_->StartCall(tagOf(kStart));
    if (!await(kStart, "the session start")) {
        failFromServer("the session start");
    }

    FabricMessage m;
    *m.mutable_hello() = hello;
    send(m, "the Hello");
    const AgentMessage& answer = receive("the HelloAck");
    if (!answer.has_hello_ack()) {
        fail(grpc::StatusCode::INTERNAL, std::string("the agent server answered the Hello with ") + messageKind(answer));
    }
    if (answer.hello_ack().version() != hello.version()) {
        fail(grpc::StatusCode::INTERNAL, "the agent server acknowledged contract version " +
                                             std::to_string(answer.hello_ack().version()) + " for a Hello of version " +
                                             std::to_string(hello.version()));
    }
    if (answer.hello_ack().max_batch_events() < 1) {
        fail(grpc::StatusCode::INTERNAL, "the agent server's HelloAck says it takes batches of at most 0 events "
                                         "(max_batch_events must be >= 1)");
    }
    max_batch_events_ = answer.hello_ack().max_batch_events();
    return answer.hello_ack();
}

const ActionBatch& AgentLink::exchange(const EventBatch& events) {
    submit(events);
    return collect();
}

void AgentLink::submit(const EventBatch& events, bool moreComing) {
    requireOpen("submit");
    if (static_cast<uint64_t>(events.events_size()) > max_batch_events_) {
        fail(grpc::StatusCode::INVALID_ARGUMENT,
             "the window at " + std::to_string(events.window_start_ps()) + " ps has " +
                 std::to_string(events.events_size()) + " events, more than the agent server takes (its HelloAck's "
                 "max_batch_events: " + std::to_string(max_batch_events_) + ")");
    }
    const std::string what = "the batch of the window at " + std::to_string(events.window_start_ps()) + " ps";
    settleWrite(what);  // gRPC allows one Write in flight per stream
    // Lend the caller's batch to the envelope instead of copying it: Write()
    // serializes at once, so the envelope gives it back right after.
    FabricMessage envelope;
    envelope.unsafe_arena_set_allocated_events(const_cast<EventBatch*>(&events));
    struct GiveBack {
        FabricMessage& m;
        ~GiveBack() { m.unsafe_arena_release_events(); }
    } give_back{envelope};
    post(kWrite);
    grpc::WriteOptions options;
    if (moreComing) options.set_buffer_hint();
    stream_->Write(envelope, options, tagOf(kWrite));
    pending_windows_.push_back(events.window_start_ps());
    checker_->sent(events);
}

const ActionBatch& AgentLink::collect() { return *takeAnswer(true); }

// PipelinedLink's thread, once answerReady(): no wait, so no stop check (stop_requested is the simulation thread's).
void AgentLink::collectInto(ActionBatch* out) { out->Swap(takeAnswer(false)); }

LinkError AgentLink::stopped(const std::string& what) {
    return LinkError(grpc::StatusCode::CANCELLED, "the simulation was asked to stop (SIGINT or SIGTERM) while "
                                                  "waiting for " + what);
}

// The checked answer to the oldest pending batch, in incoming_.
ActionBatch* AgentLink::takeAnswer(bool stoppable) {
    requireOpen("collect");
    if (pending_windows_.empty()) {
        throw std::logic_error("AgentLink::collect: no batch is waiting for its answer");
    }
    const int64_t w = pending_windows_.front();
    const std::string what = "the actions of the window at " + std::to_string(w) + " ps";
    postRead();
    if (!await(kRead, what, stoppable)) {
        failFromServer(what);
    }
    if (!incoming_.has_actions()) {
        fail(grpc::StatusCode::INTERNAL,
             "the agent server answered the window at " + std::to_string(w) + " ps with " + messageKind(incoming_));
    }
    pending_windows_.pop_front();
    try {  // Java's rules and words: test/golden/action_vectors.txt (Java's ActionVectorsTest)
        checker_->check(w, incoming_.actions());
    } catch (const ContractError& e) {
        state_ = State::kBroken;
        broken_because_ = e.what();
        throw;
    }
    return incoming_.mutable_actions();
}

bool AgentLink::answerReady(std::chrono::microseconds wait) {
    requireOpen("answerReady");
    if (pending_windows_.empty()) return false;
    postRead();
    const auto deadline = std::chrono::system_clock::now() + wait;
    while (!completed_[kRead]) {
        void* tag = nullptr;
        bool ok = false;
        switch (cq_.AsyncNext(&tag, &ok, deadline)) {
            case grpc::CompletionQueue::GOT_EVENT: note(tag, ok); break;
            case grpc::CompletionQueue::TIMEOUT:
                // Polled a slice at a time (PipelinedLink), the read gets the same deadline as await()'s.
                if (std::chrono::system_clock::now() - read_posted_ >= options_.deadline) {
                    fail(grpc::StatusCode::DEADLINE_EXCEEDED,
                         "no answer from the agent server within " + std::to_string(options_.deadline.count()) +
                             " ms (waiting for the actions of the window at " +
                             std::to_string(pending_windows_.front()) + " ps)");
                }
                return false;
            case grpc::CompletionQueue::SHUTDOWN:
                fail(grpc::StatusCode::INTERNAL, "AgentLink's completion queue shut down while waiting for an answer");
        }
    }
    return true;
}

void AgentLink::cancel() {
    if (context_) context_->TryCancel();
}

// Reads the next answer unless a read is already under way or done (answerReady).
void AgentLink::postRead() {
    if (in_flight_[kRead] || completed_[kRead]) return;
    read_posted_ = std::chrono::system_clock::now();
    post(kRead);
    stream_->Read(&incoming_, tagOf(kRead));
}

// The last Write has completed (awaited now, or seen while awaiting something
// else) and succeeded; else the call is over and its status says why.
void AgentLink::settleWrite(const std::string& what) {
    if (in_flight_[kWrite]) {
        if (!await(kWrite, what)) failFromServer(what);
    } else if (completed_[kWrite]) {
        completed_[kWrite] = false;
        if (!ok_[kWrite]) failFromServer(what);
    }
}

AgentResults AgentLink::finish(const FabricDone& done) {
    requireOpen("finish");
    // Answers to batches sent before the end but due at or after it: the agents
    // count on them, the fabric has no time left to apply them. Read (and check)
    // them so the stream is in step for FabricDone.
    while (!pending_windows_.empty()) collect();
    FabricMessage m;
    *m.mutable_done() = done;
    send(m, "FabricDone");
    const AgentMessage& answer = receive("the AgentResults");
    if (!answer.has_results()) {
        fail(grpc::StatusCode::INTERNAL, std::string("the agent server answered FabricDone with ") + messageKind(answer));
    }
    results_ = answer.results();
    post(kWritesDone);
    stream_->WritesDone(tagOf(kWritesDone));
    await(kWritesDone, "the end of the session");  // fails harmlessly if the server closed first
    post(kFinish);
    stream_->Finish(&final_status_, tagOf(kFinish));
    await(kFinish, "the end of the session");
    if (!final_status_.ok()) {
        state_ = State::kBroken;
        broken_because_ = final_status_.error_message();
        throw LinkError::fromStatus(final_status_);
    }
    state_ = State::kFinished;
    return *results_;
}

void AgentLink::send(const FabricMessage& message, const char* what) {
    settleWrite(what);
    post(kWrite);
    stream_->Write(message, tagOf(kWrite));
    if (!await(kWrite, what)) {
        failFromServer(std::string("the agent server's answer to ") + what);
    }
}

const AgentMessage& AgentLink::receive(const std::string& what) {
    postRead();
    if (!await(kRead, what)) {
        failFromServer(what);
    }
    return incoming_;
}

void AgentLink::post(Op op) {
    in_flight_[op] = true;
    completed_[op] = false;
}

// Waits for one operation; completions of others that arrive first are kept for
// their own await. The deadline is per operation, so a long simulation is fine
// but a silent server is not.
bool AgentLink::await(Op op, const std::string& what, bool stoppable) {
    const auto start = std::chrono::system_clock::now();
    const auto deadline = start + options_.deadline;
    const auto spinUntil = start + options_.spin;
    const bool checkStop = stoppable && options_.stop_requested;
    while (!completed_[op]) {
        void* tag = nullptr;
        bool ok = false;
        const auto now = std::chrono::system_clock::now();
        // While spinning, ask with a deadline already past (AsyncNext then only polls).
        const bool spinning = options_.spin.count() > 0 && now < spinUntil;
        const auto until = spinning ? start : checkStop ? std::min(deadline, now + kStopCheck) : deadline;
        switch (cq_.AsyncNext(&tag, &ok, until)) {
            case grpc::CompletionQueue::GOT_EVENT: note(tag, ok); break;
            case grpc::CompletionQueue::TIMEOUT:
                if (spinning) break;
                if (checkStop && std::chrono::system_clock::now() < deadline) {
                    if (options_.stop_requested()) {
                        const LinkError e = stopped(what);
                        fail(e.code(), e.what());
                    }
                    break;
                }
                fail(grpc::StatusCode::DEADLINE_EXCEEDED,
                     "no answer from the agent server within " + std::to_string(options_.deadline.count()) +
                         " ms (waiting for " + what + ")");
            case grpc::CompletionQueue::SHUTDOWN:
                fail(grpc::StatusCode::INTERNAL, "AgentLink's completion queue shut down while waiting for " + what);
        }
    }
    completed_[op] = false;
    return ok_[op];
}

void AgentLink::note(void* tag, bool ok) {
    const auto i = reinterpret_cast<intptr_t>(tag);
    in_flight_[i] = false;
    completed_[i] = true;
    ok_[i] = ok;
}

// A failed Read or Write means the call is over; its status says why (a contract
// violation reported by the server, a lost connection, ...).
void AgentLink::failFromServer(const std::string& what) {
    for (Op op : {kStart, kWrite, kRead, kWritesDone}) {
        if (in_flight_[op]) await(op, what);
    }
    post(kFinish);
    stream_->Finish(&final_status_, tagOf(kFinish));
    await(kFinish, what);
    state_ = State::kBroken;
    if (final_status_.ok()) {
        broken_because_ = "the agent server ended the session without " + what;
        throw LinkError(grpc::StatusCode::UNKNOWN, broken_because_);
    }
    LinkError e = LinkError::fromStatus(final_status_);
    broken_because_ = e.what();
    throw e;
}

void AgentLink::fail(grpc::StatusCode code, const std::string& message) {
    if (context_) context_->TryCancel();
    state_ = State::kBroken;
    broken_because_ = message;
    throw LinkError(code, message);
}

void AgentLink::requireOpen(const char* call) const {
    switch (state_) {
        case State::kOpen: return;
        case State::kNew: throw std::logic_error(std::string("AgentLink::") + call + ": open() the session first");
        case State::kFinished:
            throw std::logic_error(std::string("AgentLink::") + call + ": the session is already finished");
        case State::kBroken:
            throw std::logic_error(std::string("AgentLink::") + call + ": the session already failed: " +
                                   broken_because_);
    }
}

}  // namespace cosim
