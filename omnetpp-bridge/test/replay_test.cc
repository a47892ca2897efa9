// agentlink_replay_test TRACE TARGET|- [CLASSPATH]
//
// Replays a session recorded by the Java fabric against an agent server through
// AgentLink and checks that every window gets exactly the recorded actions back.
// The agents are deterministic, so any difference is a bug in the C++ wire path
// (or a change in the agents since the trace was recorded).
//
// Three times: window by window (exchange); pipelined as a fabric with H < L runs
// it (submit up to kAhead batches before collecting the oldest answer, those
// followed at once by another with gRPC's buffer hint); and the
// same through PipelinedLink, the thread the OMNeT++ bridge drives a pipelined
// session from: the answers must come back in batch order and equal the trace's
// all the same.
//
// With CLASSPATH (cosim's jar), a fourth time through InProcessAgents: the agents
// in a JVM inside this process (JNI), the batches and answers as rows
// (WindowRows), answers collected kAhead batches late as a pipelined bridge
// collects them. TARGET "-": only that one.
#include <algorithm>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <memory>
#include <string>

#include <google/protobuf/util/message_differencer.h>

#include "AgentLink.h"
#include "PipelinedLink.h"
#ifdef COSIM_IN_PROCESS_AGENTS
#include "InProcessAgents.h"
#endif
#include "trace.h"

namespace {

constexpr size_t kAhead = 3;

bool sameActions(const cosim::test::Window& w, size_t i, const cosim::ActionBatch& got, const char* how) {
    if (google::protobuf::util::MessageDifferencer::Equals(w.actions, got)) return true;
    google::protobuf::util::MessageDifferencer diff;
    std::string report;
    diff.ReportDifferencesToString(&report);
    diff.Compare(w.actions, got);
    std::cout << "replay (" << how << "): FAILED at window " << i << " (starting at " << w.events.window_start_ps()
              << " ps, " << w.events.events_size() << " events): the actions differ from the trace\n"
              << report;
    return false;
}

// One session over the whole trace; returns false (after saying why) on a difference.
enum class Mode { kWindowByWindow, kPipelined, kLinkThread };

bool replay(const cosim::test::Trace& trace, const std::string& target, Mode mode) {
    const bool pipelined = mode != Mode::kWindowByWindow;
    const char* how = mode == Mode::kWindowByWindow ? "window by window"
                      : mode == Mode::kPipelined    ? "pipelined"
                                                    : "pipelined, PipelinedLink";
    cosim::AgentLink link(target);
    cosim::HelloAck ack = link.open(trace.hello);
    std::cout << "replay (" << how << "): session " << ack.session_id() << " (" << trace.hello.hosts_size()
              << " hosts, " << trace.hello.flows_size() << " flows, L = " << trace.hello.reaction_delay_ps()
              << " ps)\n";
    long events = 0;
    long actions = 0;
    size_t collected = 0;
    size_t mostPending = 0;
    std::unique_ptr<cosim::PipelinedLink> thread;
    if (mode == Mode::kLinkThread) thread = std::make_unique<cosim::PipelinedLink>(link);
    for (size_t i = 0; i < trace.windows.size(); ++i) {
        const cosim::test::Window& w = trace.windows[i];
        events += w.events.events_size();
        if (!pipelined) {
            const cosim::ActionBatch& got = link.exchange(w.events);
            if (!sameActions(w, i, got, how)) return false;
            actions += got.actions_size();
            continue;
        }
        if (thread) {
            cosim::EventBatch handed = w.events;  // submit() takes the batch's content
            thread->submit(handed);
            if (handed.events_size() != 0) {
                std::cout << "replay (" << how << "): FAILED: submit() left the batch's events behind\n";
                return false;
            }
        } else {
            // Batches followed at once by another go with gRPC's buffer hint (as
            // PipelinedLink sends batches that queued up): they must arrive all the same.
            const bool moreComing = link.pending() + 1 < kAhead && i + 1 < trace.windows.size();
            link.submit(w.events, moreComing);
        }
        const size_t pending = thread ? thread->pending() : link.pending();
        mostPending = std::max(mostPending, pending);
        if (pending == kAhead) {
            const cosim::ActionBatch& got = thread ? thread->collect() : link.collect();
            if (!sameActions(trace.windows[collected], collected, got, how)) return false;
            actions += got.actions_size();
            ++collected;
        }
    }
    if (pipelined && mostPending != std::min(kAhead, trace.windows.size())) {
        std::cout << "replay (pipelined): FAILED: at most " << mostPending << " batches were under way\n";
        return false;
    }
    // finish() reads the answers still under way: checked, not compared here.
    if (thread) thread->stop();  // the link is this thread's again
    cosim::FabricDone done;
    const auto& last = trace.windows.back().events;
    done.set_end_time_ps(last.window_start_ps() + trace.hello.reaction_delay_ps());
    done.set_events_processed(static_cast<uint64_t>(events));
    cosim::AgentResults results = link.finish(done);
    if (link.pending() != 0) {
        std::cout << "replay (" << how << "): FAILED: " << link.pending() << " answers left after finish\n";
        return false;
    }
    if (results.flows_size() != trace.hello.flows_size()) {
        std::cout << "replay (" << how << "): FAILED: AgentResults has " << results.flows_size()
                  << " flows, the Hello " << trace.hello.flows_size() << "\n";
        return false;
    }
    std::cout << "replayed (" << how << ") " << trace.windows.size() << " windows, " << events << " events, "
              << actions << " actions compared: identical; AgentResults for " << results.flows_size()
              << " flows\n";
    return true;
}

#ifdef COSIM_IN_PROCESS_AGENTS
bool replayInProcess(const cosim::test::Trace& trace, const std::string& classPath) {
    const char* how = "in-process";
    cosim::InProcessAgents agents(cosim::InProcessOptions{classPath, {}});
    agents.open(trace.hello);
    long events = 0;
    long actions = 0;
    size_t collected = 0;
    for (size_t i = 0; i < trace.windows.size(); ++i) {
        cosim::EventBatch batch = trace.windows[i].events;
        events += batch.events_size();
        agents.submit(batch);
        if (i + 1 - collected == kAhead) {
            const cosim::ActionBatch& got = agents.collect();
            if (!sameActions(trace.windows[collected], collected, got, how)) return false;
            actions += got.actions_size();
            ++collected;
        }
    }
    for (; collected < trace.windows.size(); ++collected) {
        const cosim::ActionBatch& got = agents.collect();
        if (!sameActions(trace.windows[collected], collected, got, how)) return false;
        actions += got.actions_size();
    }
    cosim::FabricDone done;
    done.set_end_time_ps(trace.windows.back().events.window_start_ps() + trace.hello.reaction_delay_ps());
    done.set_events_processed(static_cast<uint64_t>(events));
    agents.finish(done);
    const cosim::AgentResults* results = agents.receivedResults();
    if (results == nullptr || results->flows_size() != trace.hello.flows_size()) {
        std::cout << "replay (" << how << "): FAILED: AgentResults for " << (results ? results->flows_size() : 0)
                  << " flows, the Hello has " << trace.hello.flows_size() << "\n";
        return false;
    }
    // A second FabricDone breaks the session's order: the Java side's words must come back.
    try {
        agents.finish(done);
        std::cout << "replay (" << how << "): FAILED: a second FabricDone was accepted\n";
        return false;
    } catch (const cosim::InProcessError& e) {
        if (std::string(e.what()).find("INVALID_ARGUMENT: a second FabricDone") == std::string::npos) {
            std::cout << "replay (" << how << "): FAILED: a second FabricDone failed as '" << e.what() << "'\n";
            return false;
        }
    }
    std::cout << "replayed (" << how << ") " << trace.windows.size() << " windows, " << events << " events, "
              << actions << " actions compared: identical; AgentResults for " << results->flows_size()
              << " flows\n";
    return true;
}
#endif

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3 && argc != 4) {
        std::cerr << "usage: agentlink_replay_test TRACE TARGET|- [CLASSPATH]\n";
        return 2;
    }
    const std::string tracePath = argv[1];
    const std::string target = argv[2];
    try {
        cosim::test::Trace trace = cosim::test::readTrace(tracePath);
        if (trace.windows.empty()) {
            std::cerr << "replay: the trace " << tracePath << " has no windows\n";
            return 1;
        }
        if (target != "-" && !(replay(trace, target, Mode::kWindowByWindow) &&
                                replay(trace, target, Mode::kPipelined) && replay(trace, target, Mode::kLinkThread))) {
            return 1;
        }
        if (argc == 4) {
#ifdef COSIM_IN_PROCESS_AGENTS
            return replayInProcess(trace, argv[3]) ? 0 : 1;
#else
            std::cout << "replay: FAILED: a class path for the in-process agents, but this build has none "
                         "(no JDK found by CMake)\n";
            return 1;
#endif
        }
        return 0;
    } catch (const cosim::LinkError& e) {
        std::cout << "replay: FAILED: link error (" << cosim::statusCodeName(e.code()) << "): " << e.what() << "\n";
    } catch (const std::exception& e) {
        std::cout << "replay: FAILED: " << e.what() << "\n";
    }
    return 1;
}
