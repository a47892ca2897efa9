// NdpPort: NDP's switch port (SIGCOMM'17 §3.1), the twin of Java's NdpPort. Its
// rules are stated once, in docs/fabric-model.md, "The NDP switch port, rule by
// rule"; paired runs of NDP scenarios on both back ends (OmnetppPairedRunTest)
// give identical results.
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
    void departed(const LinkTransmitter::Sent& sent) override;

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
