// PriorityPort: the default switch port (Java PriorityPort): a FIFO per traffic
// class served in strict priority (control before data, non-preemptive);
// drop-tail admission against the switch's shared buffer and this port's cap;
// ECN: a data packet is marked CE when it arrives to a data queue already
// holding at least the threshold.
#pragma once

#include <deque>

#include "SwitchPort.h"

namespace cosim {

class PriorityPort : public SwitchPort {
public:
    const char* discipline() const override { return "priority"; }
    int64_t queuedBytes() const override { return queuedBytes_[kControlClass] + queuedBytes_[kDataClass]; }

protected:
    ~PriorityPort() override;
    void configureDiscipline(const HardwareSpec& hw) override;
    bool admit(Packet* pkt) override;
    Packet* dequeue() override;
    void departed(const LinkTransmitter::Sent& sent) override;

private:
    int64_t portCapBytes_ = 0;
    int64_t ecnThresholdBytes_ = -1;
    std::deque<Packet*> queues_[kClassCount];
    int64_t queuedBytes_[kClassCount] = {};
    int64_t bufferedBytes_ = 0;  // queued + the packet on the wire: what counts against the cap
};

}  // namespace cosim
