// CutPayloadPort: a Cut Payload switch port (CP; Cheng et al., NSDI'14), the
// baseline of NDP's Fig 2 (SIGCOMM'17 §3.1); the C++ twin of Java's
// CutPayloadPort, rule for rule (the Java class comment states them exactly):
// - one FIFO for data and headers alike, so a trimmed header waits behind every
//   packet queued before it: what NDP's separate header queue avoids;
// - the budgets count the packets waiting and the one being serialized (a
//   store-and-forward switch holds it until its last bit is out), as NdpPort's
//   do; the switch's shared buffer is not used (and PFC cannot run over these
//   ports);
// - an arriving data packet (an untrimmed DATA packet) of s bytes is trimmed to
//   trimmed_bytes when held + s > trim threshold; then any packet whose size
//   takes held past the queue budget is dropped, else it joins the FIFO's tail.
//   No coin, no return-to-sender, no priority.
#pragma once

#include <cstdint>
#include <deque>

#include "SwitchPort.h"

namespace cosim {

class CutPayloadPort : public SwitchPort {
public:
    const char* discipline() const override { return "cut_payload"; }
    int64_t queuedBytes() const override { return waiting_; }

protected:
    ~CutPayloadPort() override;
    void configureDiscipline(const HardwareSpec& hw) override;
    bool admit(Packet* pkt) override;
    Packet* dequeue() override;
    void departed(const LinkTransmitter::Sent& sent) override;

private:
    int64_t queueBytes_ = 0;
    int64_t trimThresholdBytes_ = 0;
    int32_t trimmedBytes_ = 0;

    std::deque<Packet*> fifo_;
    int64_t held_ = 0;  // waiting + being sent
    int64_t waiting_ = 0;
};

}  // namespace cosim
