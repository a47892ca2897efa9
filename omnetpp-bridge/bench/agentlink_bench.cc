// agentlink_bench TARGET TRACE [--seconds S] [--warmup S]
//
// Events per second through AgentLink to a Java agent server on loopback, at 1,
// 64 and 1024 events per window. Uses the trace's Hello (its hosts, flows and
// protocol); the events are synthetic: one FlowArrival per flow, then windows of
// events for the flows in turn, each at its flow's source, the windows on the L
// grid one after another: for each flow a SegmentCompletion and then a TimerFired,
// the same mix as `cosim bench --wire`. The events keep the contract the agent
// server checks: a completion is of the oldest segment the flow's agent sent at
// least a base RTT earlier and has not had completed, a timer firing is of the
// oldest timer the host's agents set and has not fired yet; a slot with neither of
// its kind takes the other, and with none at all the window is that much shorter; a
// window ends early once a round of every flow's slots finds nothing.
// A session runs up to the traced run's last window (the agents accept no run that
// ends past the scenario's duration); the bench then finishes it and opens the next,
// inside the measured time. Each batch size gets its own sessions, 2 s of warm-up
// (the server's JIT; --warmup changes it) and then S seconds (default 5) of
// measurement. A freshly started server needs more than 2 s on 2 busy cores: the
// first batch sizes then read low.
//
// What this measures is the whole exchange: building the batch here, protobuf
// and gRPC on both sides, the agents' work, and AgentLink's action checks.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <deque>
#include <exception>
#include <iomanip>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "AgentLink.h"
#include "trace.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Totals {
    long events = 0;
    long windows = 0;
    long actions = 0;
    long sessions = 0;
};

// Generates the windows of one session; reuses one EventBatch so that the
// client's own cost stays small next to the exchange being measured.
class Workload {
public:
    Workload(const cosim::Hello& hello, int batch)
        : hello_(hello), batch_(batch), L_(hello.reaction_delay_ps()), sent_(hello.flows_size()),
          timers_(hello.hosts_size()) {
        window_ = L_;  // the window after the arrivals'
    }

    // Window 0: every flow arrives at its source, so the agents have state.
    cosim::EventBatch arrivals() const {
        cosim::EventBatch b;
        b.set_window_start_ps(0);
        for (const cosim::FlowSpec& f : hello_.flows()) {
            cosim::Event* e = b.add_events();
            e->set_time_ps(0);
            e->set_host(f.src());
            e->mutable_flow_arrival()->set_flow(f.flow());
            e->mutable_flow_arrival()->set_dst(f.dst());
            e->mutable_flow_arrival()->set_size_bytes(f.size_bytes());
        }
        return b;
    }

    // The next window: up to `batch_` events at times strictly inside (W, W+L), non-decreasing.
    const cosim::EventBatch& next() {
        events_.clear_events();
        events_.set_window_start_ps(window_);
        const int flows = hello_.flows_size();
        int idle = 0;  // slots in a row that found nothing to send: a round of every flow's two ends the window
        for (int i = 0; i < batch_ && idle < 2 * flows; ++i, ++n_) {
            const cosim::FlowSpec& f = hello_.flows(static_cast<int>((n_ / 2) % flows));
            const int64_t t = window_ + 1 + static_cast<int64_t>(i) * (L_ - 2) / batch_;
            std::deque<Sent>& sent = sent_[f.flow()];
            std::deque<uint64_t>& timers = timers_[f.src()];
            const bool completable = !sent.empty() && sent.front().time_ps <= t - hello_.base_rtt_ps();
            if (completable && (n_ % 2 == 0 || timers.empty())) {
                cosim::Event* e = events_.add_events();
                e->set_time_ps(t);
                e->set_host(f.src());
                cosim::SegmentCompletion* c = e->mutable_completion();
                c->set_flow(f.flow());
                c->set_seq(sent.front().seq);
                c->set_bytes(sent.front().bytes);
                c->set_send_time_ps(sent.front().time_ps);
                c->set_completion_time_ps(t);
                sent.pop_front();
            } else if (!timers.empty()) {
                cosim::Event* e = events_.add_events();
                e->set_time_ps(t);
                e->set_host(f.src());
                e->mutable_timer()->set_timer_id(timers.front());
                timers.pop_front();
            } else {
                ++idle;
                continue;
            }
            idle = 0;
        }
        window_ += L_;
        return events_;
    }

    // Remembers the segments the agents sent, to complete them later, and the timers they set, to fire them
    // (a timer set again while pending stays one timer).
    void record(const cosim::ActionBatch& actions) {
        for (const cosim::Action& a : actions.actions()) {
            if (a.has_send_segment()) {
                const cosim::SendSegment& s = a.send_segment();
                sent_[s.flow()].push_back(Sent{s.seq(), s.bytes(), a.time_ps()});
            } else if (a.has_set_timer()) {
                std::deque<uint64_t>& timers = timers_[a.host()];
                if (std::find(timers.begin(), timers.end(), a.set_timer().timer_id()) == timers.end()) {
                    timers.push_back(a.set_timer().timer_id());
                }
            }
        }
    }

    // The end of the last window handed out.
    int64_t end() const { return window_; }

private:
    struct Sent {
        uint64_t seq;
        uint32_t bytes;
        int64_t time_ps;
    };

    const cosim::Hello& hello_;
    int batch_;
    int64_t L_;
    int64_t window_ = 0;
    int64_t n_ = 0;  // event slots so far: even = a completion first, odd = a timer firing first
    std::vector<std::deque<Sent>> sent_;  // per flow, oldest first
    std::vector<std::deque<uint64_t>> timers_;  // per host, the pending timers, oldest first
    cosim::EventBatch events_;
};

// One agent session of the bench: its link and workload, up to `span` ps of simulated time.
class Session {
public:
    Session(const std::string& target, const cosim::Hello& hello, int batch, int64_t span)
        : target_(target), hello_(hello), batch_(batch), link_(target), work_(hello, batch), span_(span),
          L_(hello.reaction_delay_ps()) {
        link_.open(hello);
        work_.record(link_.exchange(work_.arrivals()));
    }

    // Whether the next window would end past the span.
    bool full() const { return work_.end() + L_ > span_; }

    // One window: its events and the actions that came back.
    void exchange(Totals& t) {
        const cosim::EventBatch& events = work_.next();
        const cosim::ActionBatch& actions = link_.exchange(events);
        work_.record(actions);
        t.events += events.events_size();
        t.actions += actions.actions_size();
        ++t.windows;
    }

    void finish() {
        cosim::FabricDone done;
        done.set_end_time_ps(work_.end());
        link_.finish(done);
    }

    // A fresh session like this one, from time 0.
    std::unique_ptr<Session> next() const { return std::make_unique<Session>(target_, hello_, batch_, span_); }

private:
    std::string target_;
    const cosim::Hello& hello_;
    int batch_;
    cosim::AgentLink link_;
    Workload work_;
    int64_t span_;
    int64_t L_;
};

// Windows for `seconds`, opening a new session whenever one reaches its span.
Totals run(std::unique_ptr<Session>& session, double seconds) {
    Totals t;
    const auto end = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    while (Clock::now() < end) {
        if (session->full()) {
            session->finish();
            session = session->next();
            ++t.sessions;
        }
        session->exchange(t);
    }
    return t;
}

}  // namespace

int main(int argc, char** argv) {
    const char* usage = "usage: agentlink_bench TARGET TRACE [--seconds S] [--warmup S]\n";
    if (argc < 3 || argc % 2 == 0) {
        std::cerr << usage;
        return 2;
    }
    const std::string target = argv[1];
    double seconds = 5.0;
    double warmup = 2.0;
    for (int i = 3; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        char* end = nullptr;
        const double value = std::strtod(argv[i + 1], &end);
        if (*end != '\0' || !(value >= 0) || (flag != "--seconds" && flag != "--warmup")) {
            std::cerr << usage;
            return 2;
        }
        (flag == "--seconds" ? seconds : warmup) = value;
    }
    if (!(seconds > 0)) {
        std::cerr << "agentlink_bench: --seconds must be > 0\n";
        return 2;
    }
    try {
        const cosim::test::Trace trace = cosim::test::readTrace(argv[2]);
        const cosim::Hello& hello = trace.hello;
        if (hello.reaction_delay_ps() < 2 || hello.flows_size() == 0) {
            std::cerr << "agentlink_bench: the trace's Hello needs L >= 2 ps and at least one flow\n";
            return 1;
        }
        std::cout << "agentlink_bench: " << target << ", " << hello.hosts_size() << " hosts, " << hello.flows_size()
                  << " flows, L = " << hello.reaction_delay_ps() << " ps; " << warmup << " s warm-up + "
                  << seconds << " s per batch size\n";
        // The traced run's last window ends within its duration: so does every session here.
        const int64_t span = trace.windows.empty() ? 0
                : trace.windows.back().events.window_start_ps() + hello.reaction_delay_ps();
        if (span < 3 * hello.reaction_delay_ps()) {
            std::cerr << "agentlink_bench: the trace spans " << span << " ps, under three windows of L\n";
            return 1;
        }
        for (int batch : {1, 64, 1024}) {
            auto session = std::make_unique<Session>(target, hello, batch, span);
            run(session, warmup);
            const auto start = Clock::now();
            const Totals t = run(session, seconds);
            const double s = std::chrono::duration<double>(Clock::now() - start).count();
            session->finish();
            if (t.events == 0) {
                std::cerr << "agentlink_bench: batch " << batch << ": no events in " << s << " s\n";
                return 1;
            }
            std::cout << "batch " << std::setw(4) << batch << ": " << std::fixed << std::setprecision(0)
                      << std::setw(10) << t.events / s << " events/s, " << std::setw(8) << t.windows / s
                      << " windows/s, " << std::setprecision(3) << static_cast<double>(t.actions) / t.events
                      << " actions/event (" << std::setprecision(1) << s << " s, " << t.events << " events, "
                      << t.sessions << " new sessions)" << std::endl;
        }
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "agentlink_bench: " << e.what() << "\n";
        return 1;
    }
}
