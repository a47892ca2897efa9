#include "WindowRows.h"

#include <cstring>
#include <stdexcept>
#include <string>

namespace cosim::rows {

namespace {

// The Java batch classes' kinds (EventBatch, ActionBatch) and flag bits.
enum EventKind : int32_t {
    kFlowArrival = 1, kCompletion = 2, kPfcChange = 3, kTimer = 4,
    kPacketArrival = 5, kControlArrival = 6, kTransmitted = 7
};
enum ActionKind : int32_t { kSendSegment = 1, kSetTimer = 2, kFlowFinished = 3, kSendControl = 4 };
constexpr int32_t kTrimmed = 1, kReturned = 2, kLastOfFlow = 4, kEcn = 8, kSyn = 16;     // EventBatch
constexpr int32_t kNoAck = 1, kSegmentLast = 2, kSegmentSyn = 4, kReportTx = 8;          // ActionSink

// Event row offsets.
constexpr size_t kEKind = 0, kEHost = 4, kEFlow = 8, kEPath = 12, kEFlags = 16, kEHops = 20;
constexpr size_t kETime = 24, kEA = 32, kEB = 40, kEC = 48, kED = 56, kEE = 64, kEG = 72;
// Action row offsets.
constexpr size_t kAKind = 0, kAHost = 4, kAFlow = 8, kAPath = 12, kAOptions = 16, kABytes = 20;
constexpr size_t kATime = 24, kASeq = 32, kANumber = 40, kAEcho = 48, kAEchoTx = 56;

template <typename T>
void put(char* at, T v) { std::memcpy(at, &v, sizeof v); }
template <typename T>
T get(const char* at) {
    T v;
    std::memcpy(&v, at, sizeof v);
    return v;
}

}  // namespace

size_t eventsSize(const EventBatch& batch) {
    size_t hops = 0;
    for (const Event& e : batch.events()) {
        if (e.has_completion()) hops += static_cast<size_t>(e.completion().int_hops_size());
    }
    return kHeader + kEventRow * static_cast<size_t>(batch.events_size()) + kHopRow * hops;
}

void writeEvents(const EventBatch& batch, char* out) {
    put<int64_t>(out, batch.window_start_ps());
    put<int32_t>(out + 8, batch.events_size());
    put<int32_t>(out + 12, 0);
    char* row = out + kHeader;
    for (const Event& e : batch.events()) {
        std::memset(row, 0, kEventRow);
        put<int32_t>(row + kEHost, static_cast<int32_t>(e.host()));
        put<int32_t>(row + kEFlow, -1);
        put<int64_t>(row + kETime, e.time_ps());
        int32_t hops = 0;
        switch (e.kind_case()) {
            case Event::kFlowArrival: {
                const FlowArrival& f = e.flow_arrival();
                put<int32_t>(row + kEKind, kFlowArrival);
                put<int32_t>(row + kEFlow, static_cast<int32_t>(f.flow()));
                put<int64_t>(row + kEA, static_cast<int64_t>(f.dst()));
                put<int64_t>(row + kEB, static_cast<int64_t>(f.size_bytes()));
                break;
            }
            case Event::kCompletion: {
                const SegmentCompletion& c = e.completion();
                put<int32_t>(row + kEKind, kCompletion);
                put<int32_t>(row + kEFlow, static_cast<int32_t>(c.flow()));
                put<int64_t>(row + kEA, static_cast<int64_t>(c.seq()));
                put<int64_t>(row + kEB, static_cast<int64_t>(c.bytes()));
                put<int64_t>(row + kEC, c.send_time_ps());
                put<int64_t>(row + kED, c.int_max_hop_delay_ps());
                put<int64_t>(row + kEE, c.int_reverse_max_hop_delay_ps());
                put<int64_t>(row + kEG, c.tx_time_ps());
                put<int32_t>(row + kEFlags, (c.ecn_echo() ? kEcn : 0) | (c.syn() ? kSyn : 0));
                hops = c.int_hops_size();
                put<int32_t>(row + kEHops, hops);
                char* hop = row + kEventRow;
                for (const IntHop& h : c.int_hops()) {
                    put<int64_t>(hop, h.queue_bytes());
                    put<int64_t>(hop + 8, h.tx_bytes());
                    put<int64_t>(hop + 16, h.timestamp_ps());
                    put<int64_t>(hop + 24, h.rate_bps());
                    hop += kHopRow;
                }
                break;
            }
            case Event::kPfcChange:
                put<int32_t>(row + kEKind, kPfcChange);
                put<int64_t>(row + kEA, static_cast<int64_t>(e.pfc_change().traffic_class()));
                put<int32_t>(row + kEFlags, e.pfc_change().paused() ? 1 : 0);
                break;
            case Event::kTimer:
                put<int32_t>(row + kEKind, kTimer);
                put<int64_t>(row + kEA, static_cast<int64_t>(e.timer().timer_id()));
                break;
            case Event::kPacketArrival: {
                const PacketArrival& p = e.packet_arrival();
                put<int32_t>(row + kEKind, kPacketArrival);
                put<int32_t>(row + kEFlow, static_cast<int32_t>(p.flow()));
                put<int64_t>(row + kEA, static_cast<int64_t>(p.seq()));
                put<int64_t>(row + kEB, static_cast<int64_t>(p.bytes()));
                put<int64_t>(row + kEC, p.int_max_hop_delay_ps());
                put<int64_t>(row + kED, p.send_time_ps());
                put<int64_t>(row + kEE, p.tx_time_ps());
                put<int32_t>(row + kEPath, static_cast<int32_t>(p.path()));
                put<int32_t>(row + kEFlags, (p.trimmed() ? kTrimmed : 0) | (p.returned() ? kReturned : 0) |
                                                (p.last_of_flow() ? kLastOfFlow : 0) | (p.ecn() ? kEcn : 0));
                break;
            }
            case Event::kControlArrival: {
                const ControlArrival& c = e.control_arrival();
                put<int32_t>(row + kEKind, kControlArrival);
                put<int32_t>(row + kEFlow, static_cast<int32_t>(c.flow()));
                put<int64_t>(row + kEA, static_cast<int64_t>(c.seq()));
                put<int64_t>(row + kEB, static_cast<int64_t>(c.pull_number()));
                put<int64_t>(row + kED, c.echo_time_ps());
                put<int64_t>(row + kEE, c.echo_tx_time_ps());
                put<int32_t>(row + kEPath, static_cast<int32_t>(c.path()));
                put<int32_t>(row + kEFlags, static_cast<int32_t>(c.kind()));
                break;
            }
            case Event::kTransmitted: {
                const SegmentTransmitted& x = e.transmitted();
                put<int32_t>(row + kEKind, kTransmitted);
                put<int32_t>(row + kEFlow, static_cast<int32_t>(x.flow()));
                put<int64_t>(row + kEA, static_cast<int64_t>(x.seq()));
                put<int64_t>(row + kEB, static_cast<int64_t>(x.bytes()));
                put<int64_t>(row + kEC, x.send_time_ps());
                break;
            }
            case Event::KIND_NOT_SET:
                break;  // kind 0: the agents refuse it, naming the event
        }
        row += kEventRow + kHopRow * static_cast<size_t>(hops);
    }
}

void readActions(const char* in, size_t length, ActionBatch* out) {
    out->Clear();
    if (length < kHeader) throw std::runtime_error("an answer of " + std::to_string(length) + " bytes");
    out->set_window_start_ps(get<int64_t>(in));
    const int32_t n = get<int32_t>(in + 8);
    if (n < 0 || kHeader + kActionRow * static_cast<size_t>(n) > length) {
        throw std::runtime_error("an answer of " + std::to_string(n) + " actions in " + std::to_string(length) +
                                 " bytes");
    }
    out->mutable_actions()->Reserve(n);
    const char* row = in + kHeader;
    for (int32_t i = 0; i < n; ++i, row += kActionRow) {
        Action* a = out->add_actions();
        a->set_time_ps(get<int64_t>(row + kATime));
        a->set_host(static_cast<uint32_t>(get<int32_t>(row + kAHost)));
        const uint32_t flow = static_cast<uint32_t>(get<int32_t>(row + kAFlow));
        const int32_t options = get<int32_t>(row + kAOptions);
        switch (get<int32_t>(row + kAKind)) {
            case kSendSegment: {
                SendSegment* s = a->mutable_send_segment();
                s->set_flow(flow);
                s->set_seq(static_cast<uint64_t>(get<int64_t>(row + kASeq)));
                s->set_bytes(static_cast<uint32_t>(get<int32_t>(row + kABytes)));
                s->set_path(static_cast<uint32_t>(get<int32_t>(row + kAPath)));
                s->set_ack((options & kNoAck) != 0 ? ACK_NONE : ACK_SEGMENT);
                s->set_last_of_flow((options & kSegmentLast) != 0);
                s->set_syn((options & kSegmentSyn) != 0);
                s->set_report_tx((options & kReportTx) != 0);
                break;
            }
            case kSendControl: {
                SendControl* c = a->mutable_send_control();
                c->set_kind(static_cast<ControlKind>(options));
                c->set_flow(flow);
                c->set_seq(static_cast<uint64_t>(get<int64_t>(row + kASeq)));
                c->set_pull_number(static_cast<uint64_t>(get<int64_t>(row + kANumber)));
                c->set_path(static_cast<uint32_t>(get<int32_t>(row + kAPath)));
                c->set_echo_time_ps(get<int64_t>(row + kAEcho));
                c->set_echo_tx_time_ps(get<int64_t>(row + kAEchoTx));
                break;
            }
            case kSetTimer:
                a->mutable_set_timer()->set_timer_id(static_cast<uint64_t>(get<int64_t>(row + kANumber)));
                break;
            case kFlowFinished:
                a->mutable_flow_finished()->set_flow(flow);
                break;
            default:
                throw std::runtime_error("action " + std::to_string(i) + " has unknown kind " +
                                         std::to_string(get<int32_t>(row + kAKind)));
        }
    }
}

}  // namespace cosim::rows
