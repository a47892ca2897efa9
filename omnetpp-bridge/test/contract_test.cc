// agentlink_contract_test TARGET TRACE
//
// Part 1, against the real Java agent server (started with --max-batch-events
// 4096): each way a fabric can break the contract must end that session with
// the right gRPC status and a message naming the problem, and must leave the
// server serving new sessions.
//
// Also against the real server: Resolve turns the trace's scenario into a RunSpec
// whose Hello is the trace's own (the Java fabric's handshake, reproduced), and a
// bad scenario into INVALID_ARGUMENT naming the field.
//
// Part 2, against small fake agent servers started here: AgentLink must refuse
// actions that break the contract (and accept a well-formed SYN), and must turn a
// silent or vanished server into a LinkError within its deadline instead of a hang.
//
// One line per check; exit status 1 if any check fails.
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <utility>

#include <google/protobuf/util/message_differencer.h>
#include <grpcpp/grpcpp.h>

#include "AgentLink.h"
#include "PipelinedLink.h"
#include "trace.h"

namespace {

using Clock = std::chrono::steady_clock;
using cosim::test::Trace;

int failures = 0;
int checks = 0;

void report(const std::string& name, bool ok, const std::string& detail) {
    ++checks;
    if (!ok) ++failures;
    std::cout << (ok ? "PASS " : "FAIL ") << name << ": " << detail << std::endl;
}

long millisSince(Clock::time_point start) {
    return static_cast<long>(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count());
}

// Runs body, which must throw a LinkError with this code and a message containing
// `needle`; `within_ms` > 0 also bounds how long that may take.
void expectLinkError(const std::string& name, grpc::StatusCode code, const std::string& needle,
                     const std::function<void()>& body, long within_ms = 0) {
    const auto start = Clock::now();
    try {
        body();
        report(name, false, "no error (expected " + std::string(cosim::statusCodeName(code)) + ")");
    } catch (const cosim::LinkError& e) {
        const long ms = millisSince(start);
        const std::string what = e.what();
        std::string problem;
        if (e.code() != code) {
            problem += std::string("code ") + cosim::statusCodeName(e.code()) + ", expected " +
                       cosim::statusCodeName(code) + "; ";
        }
        if (what.find(needle) == std::string::npos) problem += "message lacks \"" + needle + "\"; ";
        if (within_ms > 0 && ms > within_ms) problem += "took " + std::to_string(ms) + " ms; ";
        report(name, problem.empty(), problem + "LinkError after " + std::to_string(ms) + " ms: " + what);
    } catch (const std::exception& e) {
        report(name, false, std::string("wrong exception: ") + e.what());
    }
}

void expectContractError(const std::string& name, const std::string& needle, const std::function<void()>& body) {
    try {
        body();
        report(name, false, "the action was accepted");
    } catch (const cosim::ContractError& e) {
        const std::string what = e.what();
        const bool ok = what.find(needle) != std::string::npos;
        report(name, ok, std::string(ok ? "" : "message lacks \"" + needle + "\"; ") + "ContractError: " + what);
    } catch (const std::exception& e) {
        report(name, false, std::string("wrong exception: ") + e.what());
    }
}

// After a violation: a fresh session with the valid Hello still gets the
// recorded actions for the trace's first window.
void expectStillServes(const std::string& after, const std::string& target, const Trace& trace) {
    const std::string name = "  server still serves after " + after;
    try {
        cosim::AgentLink link(target);
        link.open(trace.hello);
        const cosim::ActionBatch& got = link.exchange(trace.windows[0].events);
        if (!google::protobuf::util::MessageDifferencer::Equals(got, trace.windows[0].actions)) {
            report(name, false, "window 0 gave actions that differ from the trace");
            return;
        }
        cosim::FabricDone done;
        done.set_end_time_ps(trace.windows[0].events.window_start_ps() + trace.hello.reaction_delay_ps());
        link.finish(done);
        report(name, true, "fresh session, window 0 answered as recorded, finished");
    } catch (const std::exception& e) {
        report(name, false, e.what());
    }
}

// A session on the real server that breaks the contract with `events` after a
// valid Hello (and after `before`, windows exchanged first).
void violateWithEvents(const std::string& name, grpc::StatusCode code, const std::string& needle,
                       const std::string& target, const Trace& trace, const std::vector<cosim::EventBatch>& before,
                       const cosim::EventBatch& events) {
    expectLinkError(name, code, needle, [&] {
        cosim::AgentLink link(target);
        link.open(trace.hello);
        for (const auto& b : before) link.exchange(b);
        link.exchange(events);
    });
    expectStillServes(name, target, trace);
}

void violateWithHello(const std::string& name, const std::string& needle, const std::string& target,
                      const Trace& trace, const cosim::Hello& hello) {
    expectLinkError(name, grpc::StatusCode::INVALID_ARGUMENT, needle, [&] {
        cosim::AgentLink link(target);
        link.open(hello);
    });
    expectStillServes(name, target, trace);
}

// AgentLink cannot send an EventBatch before the Hello (it refuses to), so this
// one speaks the stream directly; the server's status is what is checked.
void eventsBeforeHello(const std::string& target, const Trace& trace) {
    expectLinkError("EventBatch before the Hello", grpc::StatusCode::FAILED_PRECONDITION, "before the Hello", [&] {
        auto stub = cosim::AgentService::NewStub(grpc::CreateChannel(target, grpc::InsecureChannelCredentials()));
        grpc::ClientContext ctx;
        ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
        auto stream = stub->Session(&ctx);
        cosim::FabricMessage m;
        *m.mutable_events() = trace.windows[0].events;
        stream->Write(m);
        cosim::AgentMessage answer;
        while (stream->Read(&answer)) {
        }
        throw cosim::LinkError::fromStatus(stream->Finish());
    });
    expectStillServes("EventBatch before the Hello", target, trace);
}

void resolveChecks(const std::string& target, const Trace& trace) {
    {
        cosim::AgentLink link(target);
        cosim::ResolveRequest request;
        request.set_scenario_text(trace.hello.scenario_text());
        try {
            const cosim::RunSpec spec = link.resolve(request);
            const bool same = google::protobuf::util::MessageDifferencer::Equals(spec.hello(), trace.hello);
            report("resolve: the Java fabric's Hello", same,
                   same ? std::to_string(spec.topology().host_names_size()) + " hosts, " +
                              std::to_string(spec.topology().links_size()) + " links, " +
                              std::to_string(spec.hello().flows_size()) + " flows"
                        : "the resolved Hello differs from the recorded one");
            report("resolve: flow starts and duration",
                   spec.flow_start_ps_size() == trace.hello.flows_size() && spec.duration_ps() == 30'000'000'000,
                   std::to_string(spec.flow_start_ps_size()) + " starts, " + std::to_string(spec.duration_ps()) +
                       " ps");
        } catch (const std::exception& e) {
            report("resolve: the Java fabric's Hello", false, e.what());
        }
    }
    expectLinkError("resolve: a bad scenario", grpc::StatusCode::INVALID_ARGUMENT,
                    "bad scenario: topology.incast_star.clients: 0: need at least one client", [&] {
                        cosim::AgentLink link(target);
                        cosim::ResolveRequest request;
                        request.set_scenario_text(
                            "duration_us: 1000 topology { incast_star { clients: 0 client_rate_gbps: 10 "
                            "server_rate_gbps: 10 link_delay_us: 1 } } protocol { timely {} } "
                            "workload { incast { connections_per_client: 1 } }");
                        link.resolve(request);
                    });
    expectLinkError("resolve: a base without a path", grpc::StatusCode::INVALID_ARGUMENT, "without its file path",
                    [&] {
                        cosim::AgentLink link(target);
                        cosim::ResolveRequest request;
                        request.set_scenario_text("base: \"timely-incast.textproto\"");
                        link.resolve(request);
                    });
}

void realServerChecks(const std::string& target, const Trace& trace) {
    // A first event that names a flow, for the flow checks.
    const cosim::EventBatch& w0 = trace.windows[0].events;
    int flowEvent = -1;
    for (int i = 0; i < w0.events_size() && flowEvent < 0; ++i) {
        if (w0.events(i).has_flow_arrival() || w0.events(i).has_completion()) flowEvent = i;
    }
    if (flowEvent < 0) {
        report("trace", false, "window 0 of the trace has no flow arrival or completion");
        return;
    }

    cosim::Hello h = trace.hello;
    h.set_version(static_cast<cosim::ContractVersion>(2));
    violateWithHello("Hello with contract version 2", "contract version", target, trace, h);

    h = trace.hello;
    h.mutable_hosts(1)->set_host(0);
    violateWithHello("Hello with a duplicate host id", "duplicate host id", target, trace, h);

    h = trace.hello;
    h.mutable_flows(1)->set_flow(0);
    violateWithHello("Hello with a duplicate flow id", "duplicate flow id", target, trace, h);

    h = trace.hello;
    h.set_scenario_digest(std::string(64, '0'));
    violateWithHello("Hello with a wrong scenario digest", "digest", target, trace, h);

    const auto invalid = grpc::StatusCode::INVALID_ARGUMENT;
    cosim::EventBatch e = w0;
    e.mutable_events(0)->set_host(static_cast<uint32_t>(trace.hello.hosts_size()));
    violateWithEvents("event naming an unknown host", invalid, "unknown host", target, trace, {}, e);

    e = w0;
    cosim::Event* fe = e.mutable_events(flowEvent);
    const auto badFlow = static_cast<uint32_t>(trace.hello.flows_size());
    if (fe->has_flow_arrival()) {
        fe->mutable_flow_arrival()->set_flow(badFlow);
    } else {
        fe->mutable_completion()->set_flow(badFlow);
    }
    violateWithEvents("event naming an unknown flow", invalid, "unknown flow", target, trace, {}, e);

    if (trace.windows.size() >= 2) {
        violateWithEvents("window going back in time", invalid, "backwards", target, trace,
                          {trace.windows[0].events, trace.windows[1].events}, trace.windows[0].events);
    } else {
        report("window going back in time", false, "the trace needs two windows");
    }

    e = w0;
    e.mutable_events(0)->set_time_ps(w0.window_start_ps() + trace.hello.reaction_delay_ps());
    violateWithEvents("event outside its window", invalid, "outside its window", target, trace, {}, e);

    // HPCC's per-hop INT records: more than the bound (5) is a violation naming int_hops.
    std::vector<cosim::EventBatch> before;
    bool hopsChecked = false;
    for (const auto& w : trace.windows) {
        for (int i = 0; i < w.events.events_size() && !hopsChecked; ++i) {
            if (!w.events.events(i).has_completion()) continue;
            e = w.events;
            cosim::SegmentCompletion* c = e.mutable_events(i)->mutable_completion();
            for (int k = 0; k < 6; ++k) {
                cosim::IntHop* hop = c->add_int_hops();
                hop->set_rate_bps(1);
                hop->set_timestamp_ps(w.events.events(i).time_ps());
            }
            violateWithEvents("completion with 6 INT hop records", invalid, "int_hops", target, trace, before, e);
            hopsChecked = true;
        }
        if (hopsChecked) break;
        before.push_back(w.events);
    }
    if (!hopsChecked) report("completion with 6 INT hop records", false, "the trace has no completion");

    e = w0;
    e.clear_events();
    for (int i = 0; i < 4097; ++i) *e.add_events() = w0.events(0);
    // The real server takes 4096 (its HelloAck says so): AgentLink refuses a larger window before sending it (the
    // server's own refusal, RESOURCE_EXHAUSTED "oversized batch", is AgentServiceContractTest's).
    violateWithEvents("EventBatch of 4097 events", grpc::StatusCode::INVALID_ARGUMENT,
                      "has 4097 events, more than the agent server takes (its HelloAck's max_batch_events: 4096)",
                      target, trace, {}, e);

    eventsBeforeHello(target, trace);
}

// ------------------------------------------------------------------ fake agent servers

// kSegment: each window is answered with the server's segment, sent on flow 0 by
// its source at W+L (the checks of the segment's own fields).
// kResultsThenError: answers FabricDone with AgentResults (flow states included),
// then ends the session with an error status.
enum class FakeMode { kEarlyAction, kWrongHost, kSilent, kVanishing, kLateFinish, kSegment, kResultsThenError };

class FakeAgents final : public cosim::AgentService::Service {
public:
    explicit FakeAgents(FakeMode mode, cosim::SendSegment segment = {}, uint32_t maxBatchEvents = 4096)
        : mode_(mode), segment_(std::move(segment)), maxBatchEvents_(maxBatchEvents) {}

    grpc::Status Session(grpc::ServerContext*,
                         grpc::ServerReaderWriter<cosim::AgentMessage, cosim::FabricMessage>* stream) override {
        cosim::FabricMessage in;
        if (!stream->Read(&in) || !in.has_hello()) {
            return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION, "fake: expected a Hello");
        }
        const cosim::Hello hello = in.hello();
        cosim::AgentMessage ack;
        ack.mutable_hello_ack()->set_version(hello.version());
        ack.mutable_hello_ack()->set_session_id("fake");
        ack.mutable_hello_ack()->set_max_batch_events(maxBatchEvents_);
        stream->Write(ack);
        while (stream->Read(&in)) {
            if (mode_ == FakeMode::kResultsThenError && in.has_done()) {
                cosim::AgentMessage results;
                results.mutable_results()->mutable_flow_states()->set_interval_ps(1000);
                stream->Write(results);
                return grpc::Status(grpc::StatusCode::INTERNAL, "fake: failed after sending the results");
            }
            if (!in.has_events()) continue;
            if (mode_ == FakeMode::kSilent || mode_ == FakeMode::kVanishing) {
                continue;  // never answer; Read fails once the client cancels or the server shuts down
            }
            const int64_t w = in.events().window_start_ps();
            const cosim::FlowSpec& flow = hello.flows(0);
            cosim::AgentMessage out;
            cosim::ActionBatch* b = out.mutable_actions();
            b->set_window_start_ps(w);
            cosim::Action* a = b->add_actions();
            if (mode_ == FakeMode::kSegment) *a->mutable_send_segment() = segment_;
            a->mutable_send_segment()->set_flow(flow.flow());
            if (mode_ != FakeMode::kSegment) a->mutable_send_segment()->set_bytes(16384);
            if (mode_ == FakeMode::kEarlyAction) {
                a->set_time_ps(w + hello.reaction_delay_ps() - 1);
                a->set_host(flow.src());
            } else if (mode_ == FakeMode::kLateFinish) {
                // A finish at W+H: inside [W, W+L), but past the batch's own window.
                a->mutable_flow_finished()->set_flow(flow.flow());
                a->set_time_ps(w + hello.window_ps());
                a->set_host(flow.src());
            } else if (mode_ == FakeMode::kSegment) {
                a->set_time_ps(w + hello.reaction_delay_ps());
                a->set_host(flow.src());
            } else {
                a->set_time_ps(w + hello.reaction_delay_ps());
                a->set_host(flow.dst());
            }
            stream->Write(out);
        }
        return grpc::Status::OK;
    }

private:
    FakeMode mode_;
    cosim::SendSegment segment_;  // kSegment: what each window is answered with
    uint32_t maxBatchEvents_;     // what its HelloAck says it takes
};

struct FakeServer {
    explicit FakeServer(FakeMode mode, cosim::SendSegment segment = {}, uint32_t maxBatchEvents = 4096)
        : service(mode, std::move(segment), maxBatchEvents) {
        grpc::ServerBuilder builder;
        builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
        builder.RegisterService(&service);
        server = builder.BuildAndStart();
        if (!server || port == 0) throw std::runtime_error("cannot start a fake agent server on 127.0.0.1");
    }
    ~FakeServer() { stop(); }
    void stop() {
        if (server) {
            server->Shutdown(std::chrono::system_clock::now() + std::chrono::milliseconds(100));
            server->Wait();
            server.reset();
        }
    }
    std::string target() const { return "127.0.0.1:" + std::to_string(port); }

    FakeAgents service;
    int port = 0;
    std::unique_ptr<grpc::Server> server;
};

// A SendSegment of flow 0 from its source at W+L with these fields: AgentLink must
// refuse it naming `needle`.
void fakeSegmentRefused(const std::string& name, const cosim::SendSegment& segment, const std::string& needle,
                        const Trace& trace, const cosim::AgentLinkOptions& options) {
    FakeServer fake(FakeMode::kSegment, segment);
    expectContractError("fake: " + name, needle, [&] {
        cosim::AgentLink link(fake.target(), options);
        link.open(trace.hello);
        link.exchange(trace.windows[0].events);
    });
}

cosim::SendSegment synSegment() {
    cosim::SendSegment s;
    s.set_syn(true);
    s.set_seq(0);
    s.set_bytes(0);
    s.set_ack(cosim::ACK_SEGMENT);
    return s;
}

// Connection set-up (SendSegment.syn): a SYN of 0 bytes, hardware-ACKed, not the
// flow's last, is accepted and reaches the fabric as sent; each other SYN, and an
// empty segment that is not a SYN, is refused with Java AgentBridge's text.
void synChecks(const Trace& trace, const cosim::AgentLinkOptions& options) {
    const std::string flow0 = std::to_string(trace.hello.flows(0).flow());
    {
        FakeServer fake(FakeMode::kSegment, synSegment());
        const char* name = "fake: a SYN (0 bytes, ACK_SEGMENT) is accepted";
        try {
            cosim::AgentLink link(fake.target(), options);
            link.open(trace.hello);
            const cosim::ActionBatch& got = link.exchange(trace.windows[0].events);
            const bool ok = got.actions_size() == 1 && got.actions(0).send_segment().syn() &&
                            got.actions(0).send_segment().bytes() == 0;
            report(name, ok, ok ? "the SYN passed the checks unchanged" : "the batch came back altered");
        } catch (const std::exception& e) {
            report(name, false, e.what());
        }
    }
    const std::string rule = ": a SYN carries no data, is ACKed and is not the flow's last";
    cosim::SendSegment s = synSegment();
    s.set_bytes(1);
    fakeSegmentRefused("a SYN carrying 1 byte", s, "sends a SYN of flow " + flow0 + " with 1 bytes at seq 0" + rule,
                       trace, options);
    s = synSegment();
    s.set_ack(cosim::ACK_NONE);
    fakeSegmentRefused("a SYN without hardware ACK (ACK_NONE)", s,
                       "sends a SYN of flow " + flow0 + " with 0 bytes at seq 0 and other options" + rule, trace,
                       options);
    s = synSegment();
    s.set_last_of_flow(true);
    fakeSegmentRefused("a SYN marked last_of_flow", s,
                       "sends a SYN of flow " + flow0 + " with 0 bytes at seq 0 and other options" + rule, trace,
                       options);
    s = synSegment();
    s.set_seq(uint64_t{1} << 63);
    fakeSegmentRefused("a SYN at seq 2^63", s,
                       "sends a SYN of flow " + flow0 + " with 0 bytes at seq 9223372036854775808" + rule, trace,
                       options);
    s = synSegment();
    s.set_syn(false);
    fakeSegmentRefused("an empty segment that is not a SYN", s,
                       "sends an empty or out-of-range segment (seq 0, 0 bytes) of flow " + flow0, trace, options);
}

void fakeServerChecks(const Trace& trace) {
    const cosim::EventBatch& w0 = trace.windows[0].events;
    cosim::AgentLinkOptions shortDeadline;
    shortDeadline.deadline = std::chrono::milliseconds(500);

    {
        FakeServer fake(FakeMode::kEarlyAction);
        expectContractError("fake: SendSegment timed before W+L", "before the window's end", [&] {
            cosim::AgentLink link(fake.target(), shortDeadline);
            link.open(trace.hello);
            link.exchange(w0);
        });
    }
    {
        FakeServer fake(FakeMode::kWrongHost);
        expectContractError("fake: SendSegment from a host that is not the flow's source",
                            "but the flow's source is host", [&] {
                                cosim::AgentLink link(fake.target(), shortDeadline);
                                link.open(trace.hello);
                                link.exchange(w0);
                            });
    }
    {
        // A HelloAck that takes no events at all: refused at open, as the Java client does.
        FakeServer fake(FakeMode::kSilent, {}, 0);
        expectLinkError("fake: HelloAck with max_batch_events 0", grpc::StatusCode::INTERNAL,
                        "max_batch_events must be >= 1", [&] {
                            cosim::AgentLink link(fake.target(), shortDeadline);
                            link.open(trace.hello);
                        });
    }
    {
        // A server that takes one event per batch: a window of two is refused before it is sent.
        FakeServer fake(FakeMode::kSegment, {}, 1);
        cosim::EventBatch two = w0;
        two.clear_events();
        *two.add_events() = w0.events(0);
        *two.add_events() = w0.events(0);
        expectLinkError("fake: a window of 2 events to a server that takes 1", grpc::StatusCode::INVALID_ARGUMENT,
                        "has 2 events, more than the agent server takes (its HelloAck's max_batch_events: 1)", [&] {
                            cosim::AgentLink link(fake.target(), shortDeadline);
                            link.open(trace.hello);
                            link.submit(two);
                        });
    }
    synChecks(trace, shortDeadline);
    // Pipelined (H = L/2): two batches under way, then the oldest answer is checked
    // against its own window [W, W+H), not against [W, W+L); directly, and through
    // PipelinedLink, whose thread meets the violation and whose collect() rethrows
    // it as the same ContractError.
    cosim::Hello pipelined = trace.hello;
    pipelined.set_window_ps(trace.hello.reaction_delay_ps() / 2);
    cosim::EventBatch next = w0;
    next.set_window_start_ps(w0.window_start_ps() + pipelined.window_ps());
    next.clear_events();
    const std::string lateFinish = "of the window starting at " + std::to_string(w0.window_start_ps()) +
                                   " ps finishes flow";
    for (const bool threaded : {false, true}) {
        FakeServer fake(FakeMode::kLateFinish);
        expectContractError(threaded ? "fake, PipelinedLink: the thread's violation rethrown by collect()"
                                     : "fake, pipelined: FlowFinished past its batch window [W, W+H)",
                            lateFinish, [&] {
                                cosim::AgentLink link(fake.target(), shortDeadline);
                                link.open(pipelined);
                                if (!threaded) {
                                    link.submit(w0);
                                    link.submit(next);
                                    link.collect();
                                    return;
                                }
                                cosim::PipelinedLink thread(link);
                                cosim::EventBatch first = w0;
                                cosim::EventBatch second = next;
                                thread.submit(first);
                                thread.submit(second);
                                thread.collect();
                            });
    }
    {
        // A server that vanishes while PipelinedLink's thread waits for an answer: the
        // simulation thread's collect() ends with the link's error, long before the deadline.
        FakeServer fake(FakeMode::kVanishing);
        cosim::AgentLinkOptions longDeadline;
        longDeadline.deadline = std::chrono::milliseconds(20000);
        std::thread killer;
        const auto start = Clock::now();
        const char* name = "fake, PipelinedLink: server shut down mid-session";
        try {
            cosim::AgentLink link(fake.target(), longDeadline);
            link.open(trace.hello);
            cosim::PipelinedLink thread(link);
            cosim::EventBatch first = w0;
            thread.submit(first);
            killer = std::thread([&] {
                std::this_thread::sleep_for(std::chrono::milliseconds(300));
                fake.stop();
            });
            thread.collect();
            report(name, false, "collect() returned");
        } catch (const cosim::LinkError& e) {
            const long ms = millisSince(start);
            const bool ok = ms < 10000 && e.code() != grpc::StatusCode::DEADLINE_EXCEEDED;
            report(name, ok, "LinkError " + std::string(cosim::statusCodeName(e.code())) + " after " +
                                 std::to_string(ms) + " ms (deadline 20000 ms): " + e.what());
        } catch (const std::exception& e) {
            report(name, false, std::string("wrong exception: ") + e.what());
        }
        if (killer.joinable()) killer.join();
    }
    {
        // Results sent, then an error status: finish() throws, and the results stay readable.
        FakeServer fake(FakeMode::kResultsThenError);
        const char* name = "fake: AgentResults, then an error status (the results are kept)";
        cosim::AgentLink link(fake.target(), shortDeadline);
        link.open(trace.hello);
        cosim::FabricDone done;
        done.set_end_time_ps(1);
        try {
            link.finish(done);
            report(name, false, "finish() returned");
        } catch (const cosim::LinkError& e) {
            const cosim::AgentResults* r = link.receivedResults();
            report(name, r != nullptr && r->has_flow_states() && r->flow_states().interval_ps() == 1000,
                   std::string("LinkError ") + e.what() + (r != nullptr ? "; results kept" : "; results lost"));
        } catch (const std::exception& e) {
            report(name, false, std::string("wrong exception: ") + e.what());
        }
    }
    // The first window's exchange, plain or through PipelinedLink's thread.
    const auto firstWindow = [&](const std::string& target, const cosim::AgentLinkOptions& options) {
        cosim::AgentLink link(target, options);
        link.open(trace.hello);
        link.exchange(w0);
    };
    const auto pipelinedFirstWindow = [&](const std::string& target, const cosim::AgentLinkOptions& options) {
        cosim::AgentLink link(target, options);
        link.open(trace.hello);
        cosim::PipelinedLink thread(link);
        cosim::EventBatch first = w0;
        thread.submit(first);
        thread.collect();
    };
    {
        // The same silence through PipelinedLink, whose thread polls for the answer a slice at a
        // time: the deadline still applies, and collect() ends with it (it used to wait forever).
        FakeServer fake(FakeMode::kSilent);
        expectLinkError(
            "fake, PipelinedLink: server that never answers (deadline 500 ms)", grpc::StatusCode::DEADLINE_EXCEEDED,
            "no answer from the agent server within 500 ms (waiting for the actions of the window at",
            [&] { pipelinedFirstWindow(fake.target(), shortDeadline); },
            3000);
    }
    {
        FakeServer fake(FakeMode::kSilent);
        expectLinkError(
            "fake: server that never answers (deadline 500 ms)", grpc::StatusCode::DEADLINE_EXCEEDED,
            "no answer from the agent server within 500 ms",
            [&] { firstWindow(fake.target(), shortDeadline); },
            3000);
    }
    {
        // A stop request (OMNeT++: SIGINT or SIGTERM) while the simulation thread waits for a silent
        // server ends the wait within a stop check, long before the deadline, through either link.
        const auto stopAfter300ms = [] {
            cosim::AgentLinkOptions o;
            o.deadline = std::chrono::milliseconds(20000);
            const auto asked = Clock::now();
            o.stop_requested = [asked] { return millisSince(asked) >= 300; };
            return o;
        };
        const std::string stopped = "asked to stop (SIGINT or SIGTERM) while waiting for ";
        FakeServer plain(FakeMode::kSilent);
        expectLinkError(
            "fake: a stop request while the server is silent (deadline 20 s)", grpc::StatusCode::CANCELLED,
            stopped + "the actions of the window at",
            [&] { firstWindow(plain.target(), stopAfter300ms()); },
            3000);
        FakeServer pipelined(FakeMode::kSilent);
        expectLinkError(
            "fake, PipelinedLink: a stop request while the server is silent (deadline 20 s)",
            grpc::StatusCode::CANCELLED, stopped + "the agents' answer",
            [&] { pipelinedFirstWindow(pipelined.target(), stopAfter300ms()); },
            3000);
    }
    std::string deadTarget;
    {
        FakeServer fake(FakeMode::kVanishing);
        deadTarget = fake.target();
        cosim::AgentLinkOptions longDeadline;
        longDeadline.deadline = std::chrono::milliseconds(20000);
        std::thread killer;
        const auto start = Clock::now();
        try {
            cosim::AgentLink link(fake.target(), longDeadline);
            link.open(trace.hello);
            killer = std::thread([&] {
                std::this_thread::sleep_for(std::chrono::milliseconds(300));
                fake.stop();
            });
            link.exchange(w0);
            report("fake: server shut down mid-session", false, "the exchange returned");
        } catch (const cosim::LinkError& e) {
            const long ms = millisSince(start);
            const bool ok = ms < 10000 && e.code() != grpc::StatusCode::DEADLINE_EXCEEDED;
            report("fake: server shut down mid-session", ok,
                   "LinkError " + std::string(cosim::statusCodeName(e.code())) + " after " + std::to_string(ms) +
                       " ms (deadline 20000 ms): " + e.what());
        } catch (const std::exception& e) {
            report("fake: server shut down mid-session", false, std::string("wrong exception: ") + e.what());
        }
        if (killer.joinable()) killer.join();
    }
    expectLinkError(
        "nothing listening at the target", grpc::StatusCode::UNAVAILABLE, "UNAVAILABLE",
        [&] {
            cosim::AgentLink link(deadTarget, shortDeadline);
            link.open(trace.hello);
        },
        3000);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: agentlink_contract_test TARGET TRACE\n";
        return 2;
    }
    const std::string target = argv[1];
    try {
        const Trace trace = cosim::test::readTrace(argv[2]);
        if (trace.windows.empty() || trace.hello.hosts_size() < 2 || trace.hello.flows_size() < 2) {
            std::cerr << "contract: the trace needs a window, two hosts and two flows\n";
            return 1;
        }
        realServerChecks(target, trace);
        resolveChecks(target, trace);
        fakeServerChecks(trace);
    } catch (const std::exception& e) {
        report("contract test", false, e.what());
    }
    std::cout << "contract: " << (checks - failures) << " of " << checks << " checks passed" << std::endl;
    return failures == 0 ? 0 : 1;
}
