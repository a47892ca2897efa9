// SwitchPort: one egress port of a switch, whatever its queueing; the C++ twin of
// Java's SwitchPort, and a NED module of its own (`port[i]` inside a Switch) so
// that a new discipline is a new subclass plus a NED file that says `like
// ISwitchPort` (NdpPort, NDP's trimming port, is one). The base class owns what every
// discipline shares: the wire (LinkTransmitter), PFC (a paused class is not started
// again until resumed; the packet on the wire finishes; PFC frames jump every
// queue), INT stamping at dequeue, drop and ECN counts, the queue monitor.
// Subclasses decide admission and order (PriorityPort, NdpPort); the base gives
// them the shared moves: drop, trim to a header, return a header to its sender.
//
// The Switch's SwitchCore hands packets over by direct method calls within the
// same event, as Java's Switch calls its ports: OMNeT++ messages between the two
// would add events and change the order of simultaneous events.
#pragma once

#include <omnetpp.h>

#include <cstdint>
#include <deque>
#include <string>

#include "Packet.h"
#include "LinkTransmitter.h"
#include "cosim.pb.h"

namespace cosim {

class FlowStats;
class PacketTracer;
class QueueMonitor;
class SwitchCore;

// A switch's packet memory, shared by its ports: bytes in use against the total (Java SharedBuffer).
class SharedBuffer {
public:
    explicit SharedBuffer(int64_t capacity = 0) : capacity_(capacity) {}
    bool tryReserve(int64_t bytes) {
        if (used_ + bytes > capacity_) return false;
        used_ += bytes;
        return true;
    }
    void release(int64_t bytes) { used_ -= bytes; }
    int64_t used() const { return used_; }

private:
    int64_t capacity_;
    int64_t used_ = 0;
};

// What an egress port may use of its switch (Java PortContext).
struct PortContext {
    SwitchCore* core = nullptr;
    FlowStats* flowStats = nullptr;
    SharedBuffer* buffer = nullptr;
    int switchId = 0;
    std::string switchName;
    int64_t seed = 0;
    bool intOn = false;  // this switch stamps INT
    PacketTracer* tracer = nullptr;  // output.packet_trace; null: none
};

class SwitchPort : public omnetpp::cSimpleModule {
public:
    // The RunSpec name of the discipline this class implements (HardwareSpec.queue_discipline).
    virtual const char* discipline() const = 0;

    // Called once by the switch's SwitchCore (init stage 1), in port order.
    void configure(const PortContext& ctx, const HardwareSpec& hw);
    void monitor(QueueMonitor* m);

    // A packet forwarded to this port (the caller's, taken over here). True: queued
    // (the caller may account it, e.g. for PFC); false: dropped, counted and deleted.
    bool offer(Packet* pkt);
    // PFC frames are MAC control: they jump every queue (not the packet on the wire).
    void sendPfcFrame(Packet* frame);
    void setPaused(int trafficClass, bool paused);

    // Bytes waiting for the wire (not the packet being sent).
    virtual int64_t queuedBytes() const = 0;
    int64_t rateBps() const { return tx_.rateBps(); }
    const LinkTransmitter& transmitter() const { return tx_; }

protected:
    ~SwitchPort() override;
    int numInitStages() const override { return 1; }
    void initialize(int stage) override;
    void handleMessage(omnetpp::cMessage* msg) override;

    virtual void configureDiscipline(const HardwareSpec& hw) = 0;
    // Admission and queueing: queue the packet (then call enqueued()) and return true,
    // or drop() it and return false.
    virtual bool admit(Packet* pkt) = 0;
    // The next packet to put on the wire among the classes not paused, or nullptr.
    virtual Packet* dequeue() = 0;
    // The packet left the wire: give back what admitting it took.
    virtual void departed(const LinkTransmitter::Sent& sent) = 0;

    void drop(Packet* pkt);
    // Whether a packet is whole data (DATA, not trimmed): what a trimming port may
    // cut down (Java SwitchPort.isUntrimmedData).
    static bool isUntrimmedData(PacketType type, uint32_t flags) {
        return type == PACKET_TYPE_DATA && (flags & Packet::kTrimmed) == 0;
    }
    // Cuts a data packet down to a header of headerBytes (the payload size stays in
    // Packet::payload): flagged trimmed, control class (Java SwitchPort.trim).
    void trim(Packet* pkt, int32_t headerBytes);
    // Sends a header back to its sender: source and destination swapped, flagged
    // returned, routed afresh from this switch by ECMP (SwitchCore::forward), all
    // within the current event (Java SwitchPort.returnToSender).
    void returnToSender(Packet* pkt);
    void enqueued(Packet* pkt);
    void ecnMarked();
    bool isPaused(int trafficClass) const { return paused_[trafficClass]; }
    void trySend();
    void queueChanged();
    void traceStep(uint8_t event, const Packet* pkt);

    PortContext ctx_;

private:
    LinkTransmitter tx_;
    std::deque<Packet*> macControl_;
    bool paused_[kClassCount] = {};
    bool intQuantize_ = false;
    bool hopRecords_ = false;  // INT here and HardwareSpec.int_hop_records: append per-hop records
    QueueMonitor* monitor_ = nullptr;
    omnetpp::simsignal_t droppedSignal_ = 0;
    omnetpp::simsignal_t ecnMarkedSignal_ = 0;
    omnetpp::simsignal_t queueLengthSignal_ = 0;
    omnetpp::simsignal_t pauseReceivedSignal_ = 0;
    omnetpp::simsignal_t trimmedSignal_ = 0;
    omnetpp::simsignal_t returnedToSenderSignal_ = 0;
};

}  // namespace cosim
