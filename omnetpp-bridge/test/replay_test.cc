// agentlink_replay_test TRACE TARGET
//
// Replays a session recorded by the Java fabric against an agent server through
// AgentLink and checks that every window gets exactly the recorded actions back.
// The agents are deterministic, so any difference is a bug in the C++ wire path
// (or a change in the agents since the trace was recorded).
//
// Twice: window by window (exchange), then pipelined as a fabric with H < L runs
// it (submit up to kAhead batches before collecting the oldest answer): the
// answers must come back in batch order and equal the trace's all the same.
#include <algorithm>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>

#include <google/protobuf/util/message_differencer.h>

#include "AgentLink.h"
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
bool replay(const cosim::test::Trace& trace, const std::string& target, bool pipelined) {
    const char* how = pipelined ? "pipelined" : "window by window";
    cosim::AgentLink link(target);
    cosim::HelloAck ack = link.open(trace.hello);
    std::cout << "replay (" << how << "): session " << ack.session_id() << " (" << trace.hello.hosts_size()
              << " hosts, " << trace.hello.flows_size() << " flows, L = " << trace.hello.reaction_delay_ps()
              << " ps)\n";
    long events = 0;
    long actions = 0;
    size_t collected = 0;
    size_t mostPending = 0;
    for (size_t i = 0; i < trace.windows.size(); ++i) {
        const cosim::test::Window& w = trace.windows[i];
        events += w.events.events_size();
        if (!pipelined) {
            const cosim::ActionBatch& got = link.exchange(w.events);
            if (!sameActions(w, i, got, how)) return false;
            actions += got.actions_size();
            continue;
        }
        link.submit(w.events);
        mostPending = std::max(mostPending, link.pending());
        if (link.pending() == kAhead) {
            const cosim::ActionBatch& got = link.collect();
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

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: agentlink_replay_test TRACE TARGET\n";
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
        return replay(trace, target, false) && replay(trace, target, true) ? 0 : 1;
    } catch (const cosim::LinkError& e) {
        std::cout << "replay: FAILED: link error (" << cosim::statusCodeName(e.code()) << "): " << e.what() << "\n";
    } catch (const std::exception& e) {
        std::cout << "replay: FAILED: " << e.what() << "\n";
    }
    return 1;
}
