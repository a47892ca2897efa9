// agentlink_replay_test TRACE TARGET
//
// Replays a session recorded by the Java fabric against an agent server through
// AgentLink and checks that every window gets exactly the recorded actions back.
// The agents are deterministic, so any difference is a bug in the C++ wire path
// (or a change in the agents since the trace was recorded).
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>

#include <google/protobuf/util/message_differencer.h>

#include "AgentLink.h"
#include "trace.h"

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
        cosim::AgentLink link(target);
        cosim::HelloAck ack = link.open(trace.hello);
        std::cout << "replay: session " << ack.session_id() << " (" << trace.hello.hosts_size() << " hosts, "
                  << trace.hello.flows_size() << " flows, L = " << trace.hello.reaction_delay_ps() << " ps)\n";

        long events = 0;
        long actions = 0;
        for (size_t i = 0; i < trace.windows.size(); ++i) {
            const cosim::test::Window& w = trace.windows[i];
            const cosim::ActionBatch& got = link.exchange(w.events);
            if (!google::protobuf::util::MessageDifferencer::Equals(w.actions, got)) {
                google::protobuf::util::MessageDifferencer diff;
                std::string report;
                diff.ReportDifferencesToString(&report);
                diff.Compare(w.actions, got);
                std::cout << "replay: FAILED at window " << i << " (starting at " << w.events.window_start_ps()
                          << " ps, " << w.events.events_size() << " events): the actions differ from the trace\n"
                          << report;
                return 1;
            }
            events += w.events.events_size();
            actions += got.actions_size();
        }

        cosim::FabricDone done;
        const auto& last = trace.windows.back().events;
        done.set_end_time_ps(last.window_start_ps() + trace.hello.reaction_delay_ps());
        done.set_events_processed(static_cast<uint64_t>(events));
        cosim::AgentResults results = link.finish(done);
        if (results.flows_size() != trace.hello.flows_size()) {
            std::cout << "replay: FAILED: AgentResults has " << results.flows_size() << " flows, the Hello "
                      << trace.hello.flows_size() << "\n";
            return 1;
        }
        std::cout << "replayed " << trace.windows.size() << " windows, " << events << " events, " << actions
                  << " actions: identical\n";
        std::cout << "replay: AgentResults arrived for " << results.flows_size() << " flows\n";
        return 0;
    } catch (const cosim::LinkError& e) {
        std::cout << "replay: FAILED: link error (" << cosim::statusCodeName(e.code()) << "): " << e.what() << "\n";
    } catch (const std::exception& e) {
        std::cout << "replay: FAILED: " << e.what() << "\n";
    }
    return 1;
}
