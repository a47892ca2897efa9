// agentlink_action_test ACTION_VECTORS
//
// Replays the Java fabric's action-contract cases (test/golden/action_vectors.txt,
// written by ActionVectorsTest in java-fabric) through ActionChecker, the checks
// AgentLink applies to every answer: each case must be accepted or refused as the
// Java fabric does, with the same message to the letter. The file, a line each:
//   setup RUNSPEC     the session (its hello: hosts, flows, L, H; flow_start_ps),
//                     protobuf text format; holds for the cases after it
//   case NAME
//   window W          the window the fabric asked the agents about
//   batch ACTIONBATCH their answer, protobuf text format
//   accept | refuse MESSAGE
// '#' starts a comment line. One line per case; exit status 1 if any fails.
#include <fstream>
#include <iostream>
#include <optional>
#include <string>

#include <google/protobuf/text_format.h>

#include "ActionChecker.h"
#include "cosim.pb.h"

namespace {

struct Case {
    std::string name;
    int64_t window = 0;
    cosim::ActionBatch batch;
};

// What the checker says: "" when it accepts the batch, else its message.
std::string verdict(const cosim::RunSpec& setup, const Case& c) {
    cosim::ActionChecker checker(setup.hello());
    for (int f = 0; f < setup.flow_start_ps_size(); ++f) {
        checker.flowArrived(static_cast<uint32_t>(f), setup.flow_start_ps(f));
    }
    try {
        checker.check(c.window, c.batch);
        return {};
    } catch (const cosim::ContractError& e) {
        return e.what();
    }
}

// A session of some hosts (Hello.local_hosts, a partition of a parallel run), which the
// Java fabric never opens: flow 0 goes from host 1 (elsewhere) to host 0 (here).
int partitionCases() {
    cosim::Hello hello;
    hello.set_reaction_delay_ps(1000000);
    for (int h = 0; h < 2; ++h) hello.add_hosts()->set_nic_rate_bps(10000000000);
    cosim::FlowSpec* f = hello.add_flows();
    f->set_flow(0);
    f->set_src(1);
    f->set_dst(0);
    f->set_size_bytes(9000);
    hello.add_local_hosts(0);
    int failures = 0;
    const auto expect = [&](const char* name, const std::string& batchText, const std::string& expected) {
        cosim::ActionChecker checker(hello);  // no FlowArrival here: the sender's partition gets it
        cosim::ActionBatch batch;
        google::protobuf::TextFormat::ParseFromString(batchText, &batch);
        std::string got;
        try {
            checker.check(0, batch);
        } catch (const cosim::ContractError& e) {
            got = e.what();
        }
        const bool ok = expected.empty() ? got.empty() : got.find(expected) != std::string::npos;
        std::cout << (ok ? "PASS " : "FAIL ") << name << ": " << (got.empty() ? "accepted" : got) << "\n";
        failures += ok ? 0 : 1;
    };
    expect("partition: the receiver here pulls for a flow whose sender is elsewhere",
           "window_start_ps: 0 actions { time_ps: 1000000 host: 0 send_control { flow: 0 kind: CONTROL_PULL "
           "pull_number: 1 } }",
           "");
    expect("partition: an action for another partition's host",
           "window_start_ps: 0 actions { time_ps: 1000000 host: 1 set_timer { timer_id: 1 } }",
           "is for host 1, which is not one of this session's hosts (Hello.local_hosts)");
    return failures;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: agentlink_action_test ACTION_VECTORS\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::cerr << "action vectors: cannot read " << argv[1] << "\n";
        return 1;
    }
    std::optional<cosim::RunSpec> setup;
    Case c;
    int cases = 0;
    int failures = 0;
    int lineNo = 0;
    std::string line;
    const auto bad = [&](const std::string& why) {
        std::cerr << argv[1] << ":" << lineNo << ": " << why << "\n";
        return 1;
    };
    while (std::getline(in, line)) {
        ++lineNo;
        if (line.empty() || line[0] == '#') continue;
        const size_t space = line.find(' ');
        const std::string key = line.substr(0, space);
        const std::string rest = space == std::string::npos ? "" : line.substr(space + 1);
        if (key == "setup") {
            setup.emplace();
            if (!google::protobuf::TextFormat::ParseFromString(rest, &*setup)) return bad("a setup that does not parse");
        } else if (key == "case") {
            c = Case{rest, 0, {}};
        } else if (key == "window") {
            c.window = std::stoll(rest);
        } else if (key == "batch") {
            if (!google::protobuf::TextFormat::ParseFromString(rest, &c.batch)) return bad("a batch that does not parse");
        } else if (key == "accept" || key == "refuse") {
            if (!setup) return bad("a case before the setup");
            const std::string expected = key == "accept" ? "" : rest;
            const std::string got = verdict(*setup, c);
            ++cases;
            if (got == expected) {
                std::cout << "PASS " << c.name << ": " << (got.empty() ? "accepted" : got) << "\n";
            } else {
                ++failures;
                std::cout << "FAIL " << c.name << ":\n  Java:  " << (expected.empty() ? "accepted" : expected)
                          << "\n  C++:   " << (got.empty() ? "accepted" : got) << "\n";
            }
        } else {
            return bad("unknown line '" + key + "'");
        }
    }
    std::cout << "action vectors: " << (cases - failures) << " of " << cases << " cases agree with Java" << std::endl;
    failures += partitionCases();
    if (cases < 40) {
        std::cout << "FAIL the file holds " << cases << " cases, fewer than the Java test writes" << std::endl;
        return 1;
    }
    return failures == 0 ? 0 : 1;
}
