// Where a NIC reports what its host's agent must hear about (Java HostEventSink);
// implemented by the AgentBridge, which batches it into the current window.
#pragma once

#include <cstdint>

#include "Packet.h"

namespace cosim {

class HostEventSink {
public:
    // PacketArrival flags (Java EventBatch.TRIMMED, RETURNED, LAST_OF_FLOW, ECN).
    static constexpr int kTrimmed = 1;
    static constexpr int kReturned = 2;
    static constexpr int kLastOfFlow = 4;
    static constexpr int kEcn = 8;

    virtual ~HostEventSink() = default;
    // txTimePs: the hardware TX timestamp of the segment's last packet (SegmentCompletion.tx_time_ps).
    // syn: the ACK answers a SYN (the SYN-ACK, SegmentCompletion.syn): 0 bytes at the SYN's seq.
    virtual void completion(int host, int flow, int64_t seq, int32_t bytes, int64_t sendTimePs, int64_t txTimePs,
                            int64_t intMaxHopDelayPs, int64_t intReverseMaxHopDelayPs, bool ecnEcho, bool syn) = 0;
    // One INT hop record of the completion just reported, in path order (SegmentCompletion.int_hops).
    virtual void completionHop(int host, const IntHopRecord& hop) = 0;
    virtual void pfcChange(int host, int trafficClass, bool paused) = 0;
    // sendTimePs: when the packet's segment was handed to the sender NIC; txTimePs: when the packet
    // started onto the wire there (PacketArrival.send_time_ps, tx_time_ps).
    virtual void packetArrival(int host, int flow, int64_t seq, int32_t bytes, uint32_t path, int arrivalFlags,
                               int64_t intMaxHopDelayPs, int64_t sendTimePs, int64_t txTimePs) = 0;
    // The times the other end's agent echoed, 0 when none (ControlArrival.echo_time_ps, echo_tx_time_ps).
    virtual void controlArrival(int host, int flow, int kind, int64_t seq, uint64_t pullNumber, uint32_t path,
                                int64_t echoTimePs, int64_t echoTxTimePs) = 0;
    // The last packet of a segment sent with report_tx went onto the wire now (SegmentTransmitted).
    virtual void transmitted(int host, int flow, int64_t seq, int32_t bytes, int64_t sendTimePs) = 0;
};

}  // namespace cosim
