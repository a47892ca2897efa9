// Nic: a host NIC, the C++ twin of Java's Nic.
//
// Sending: segments handed over by the agent queue in the NIC; the NIC cuts them
// into MTU packets and sends them at line rate, taking the flows in turn one
// packet each or, with nic_fifo, segment after segment (SegmentQueue.h); control
// frames (hardware ACKs, agents' ACK/NACK/PULL packets) go first; a PFC pause on
// the data class stops data after the packet on the wire. With
// nic_tx_gap_jitter_ps, the link stays idle for a keyed random gap after each
// data packet (host timing noise: strictly periodic senders otherwise keep a
// fixed phase order at a switch).
//
// Receiving a segment sent with hardware ACK: data bytes are counted; when the
// segment's last packet arrives and all of it came, the NIC returns one ACK at
// once, echoing the send timestamp, the TX timestamps of its first and last
// packets, ECN and the INT max-hop delay the segment
// saw; when that ACK reaches the sender NIC, it raises the completion event with
// the hardware timestamps (and the INT delay the ACK itself saw on the way back).
// Receiving a packet sent without hardware ACK, a trimmed or returned header, or
// an agent's control packet: the NIC tells its agent.
//
// Connection set-up (SendSegment.syn, option kSyn): a SYN is a segment of 0 bytes
// sent as one header-only packet (ack_bytes on the wire) in the data class, so it
// waits behind data and may be trimmed or dropped like data; it counts as no flow
// bytes sent or delivered. The receiving NIC answers a whole SYN at once with an
// ACK flagged kSyn (the SYN-ACK) echoing what that one packet saw; a trimmed or
// returned SYN is lost. The SYN-ACK becomes a completion with syn set and no RTT
// sample (Java Nic.receiveSyn, receiveAck).
//
// The AgentBridge calls postSegment/sendControl directly, within the event of the
// action, as Java's AgentBridge calls its Nic.
#pragma once

#include <omnetpp.h>

#include <cstdint>
#include <deque>
#include <vector>

#include "Packet.h"
#include "RttSampleFile.h"
#include "SegmentQueue.h"
#include "LinkTransmitter.h"

namespace cosim {

class FlowStats;
class PacketTracer;
class HostEventSink;

class Nic : public omnetpp::cSimpleModule {
public:
    // SendSegment options (Java ActionSink.NO_ACK, LAST_OF_FLOW, SYN, REPORT_TX).
    static constexpr int kNoAck = 1;
    static constexpr int kLastOfFlow = 2;
    static constexpr int kSyn = 4;
    static constexpr int kReportTx = 8;

    int host() const { return host_; }
    int64_t lineRateBps() const { return tx_.rateBps(); }

    // The agent hands a segment to the NIC now; its send timestamp is now.
    void postSegment(int flow, int64_t seq, int32_t bytes, uint32_t path, int options);
    // The agent sends an ACK, NACK or PULL to the other end of the flow, ahead of data.
    void sendControl(int flow, int kind, int64_t seq, uint64_t pullNumber, uint32_t path, int64_t echoTimePs,
                     int64_t echoTxTimePs);

protected:
    ~Nic() override;
    int numInitStages() const override { return 2; }
    void initialize(int stage) override;
    void handleMessage(omnetpp::cMessage* msg) override;

private:
    void trySend();
    Packet* nextDataPacket();
    void receive(Packet* pkt);
    void receiveData(Packet* pkt);
    void receiveSyn(Packet* pkt);
    void reportPacket(Packet* pkt);
    Packet* makeAck(const Packet* data, int64_t intEcho, bool ecnEcho);
    void receiveAck(Packet* ack);
    void receiveControl(Packet* c);
    void receivePfc(Packet* frame);
    void recordRtt(int flow, int64_t nowPs, int64_t networkRttPs, int64_t hostRttPs);

    int host_ = -1;
    int32_t mtuBytes_ = 0;
    int32_t ackBytes_ = 0;
    int ackClass_ = kControlClass;  // the traffic class of the hardware ACKs this NIC makes
    int64_t rttFromPs_ = 0;  // RTT samples count from the end of the warm-up (Java RttRecorder)
    FlowStats* flowStats_ = nullptr;
    PacketTracer* tracer_ = nullptr;  // output.packet_trace; null: none
    HostEventSink* agents_ = nullptr;
    std::vector<int32_t> flowSrc_;
    std::vector<int32_t> flowDst_;
    LinkTransmitter tx_;
    std::deque<Packet*> control_;
    SegmentQueue segments_;
    bool dataPaused_ = false;
    std::vector<uint32_t> packetsMade_;        // per flow, for packet identities
    std::vector<int64_t> segmentInProgress_;   // per flow: segmentSeq of the segment being received
    std::vector<int64_t> segmentBytesSeen_;
    std::vector<bool> ecnSinceAck_;
    std::vector<int64_t> intSinceAck_;
    // The exact RTT samples go to one file for the whole network, in the order they
    // are taken (RttSampleFile.h says why not output vectors).
    RttSampleFile* rttSamples_ = nullptr;
    omnetpp::simsignal_t rttSignal_ = 0;
    omnetpp::simsignal_t pfcPauseReceivedSignal_ = 0;
};

}  // namespace cosim
