// NdpPort: NDP's switch port (SIGCOMM'17 §3.1), the C++ twin of Java's NdpPort,
// rule for rule (the Java class comment states them exactly):
// - classes: data = an untrimmed DATA packet; everything else (trimmed or
//   returned headers, agents' ACK/NACK/PULL, hardware ACKs) is a header;
// - budgets in bytes per queue, counting the packets waiting and the one of the
//   queue being serialized; a packet of s bytes fits when held + s <= budget; the
//   switch's shared buffer is not used (and PFC cannot run over these ports);
// - a data packet that does not fit: the identity-keyed coin
//   IdentityHash::trimTail(seed, switch, port, arriving uid) decides whether the
//   queue's tail packet (the most recently queued, not the one on the wire) is
//   trimmed in its place, if removing it makes room; otherwise the arrival is
//   trimmed; a trimmed packet is offered to the header queue;
// - a header that does not fit is returned to its sender if it is a trimmed data
//   header not yet returned and return-to-sender is on, else dropped;
// - scheduling: weighted round robin by packets (header_weight headers, then
//   data_weight data packets per round, an empty queue forfeits its turn), or
//   headers strictly first.
#pragma once

#include <cstdint>
#include <deque>

#include "SwitchPort.h"

namespace cosim {

class NdpPort : public SwitchPort {
public:
    const char* discipline() const override { return "ndp"; }
    int64_t queuedBytes() const override { return dataWaiting_ + headerWaiting_; }

protected:
    ~NdpPort() override;
    void configureDiscipline(const HardwareSpec& hw) override;
    bool admit(Packet* pkt) override;
    Packet* dequeue() override;
    void departed(const Transmitter::Sent& sent) override;

private:
    bool offerData(Packet* pkt);
    bool trimAndOffer(Packet* pkt);
    bool offerHeader(Packet* pkt);
    void enqueueData(Packet* pkt);
    Packet* pollHeader();
    Packet* pollData();

    int64_t dataQueueBytes_ = 0;
    int64_t headerQueueBytes_ = 0;
    int headerWeight_ = 0;
    int dataWeight_ = 0;
    bool strictPriority_ = false;
    bool trimTail_ = true;
    bool returnToSender_ = false;
    int32_t trimmedBytes_ = 0;

    std::deque<Packet*> data_;
    std::deque<Packet*> headers_;
    int64_t dataHeld_ = 0;  // waiting + being sent
    int64_t headerHeld_ = 0;
    int64_t dataWaiting_ = 0;
    int64_t headerWaiting_ = 0;
    int headersThisRound_ = 0;
    int dataThisRound_ = 0;
};

}  // namespace cosim
