// SwitchCore: the forwarding half of a Switch, the C++ twin of Java's Switch
// class (whose ports are the SwitchPort modules beside it in the NED compound
// module Switch). After an optional forwarding latency, each arriving packet
// goes to the egress port its route names (RouteTable: one port, a source
// route's next mixed-radix digit, or the ECMP hash). PFC is accounted per
// ingress port on the data class: above XOFF the switch sends a pause frame
// upstream through that port; at XON, a resume.
//
// Everything it knows comes from RunSpec (through the AgentBridge), so it runs
// with exactly the Java fabric's settings and routes.
#pragma once

#include <omnetpp.h>

#include <cstdint>
#include <string>
#include <vector>

#include "Packet.h"
#include "RouteTable.h"
#include "SwitchPort.h"
#include "LinkTransmitter.h"

namespace cosim {

class SwitchCore : public omnetpp::cSimpleModule {
public:
    int switchId() const { return id_; }
    const std::string& switchName() const { return name_; }
    SwitchPort* port(int i) const { return ports_[i]; }
    int portCount() const { return static_cast<int>(ports_.size()); }

    // A port finished sending a packet (Java Switch.departed): PFC accounting.
    void departed(const LinkTransmitter::Sent& sent);
    // Sends a packet (owned by the caller, taken over here) to its egress port; also
    // used by ports that send a header back (Java Switch.forward).
    void forward(Packet* pkt);

protected:
    int numInitStages() const override { return 2; }
    void initialize(int stage) override;
    void handleMessage(omnetpp::cMessage* msg) override;
    void finish() override;

private:
    void arrive(int port, Packet* pkt);
    bool pfcAccounted(PacketType type, int trafficClass) const {
        return pfcOn_ && trafficClass == kDataClass && type != PACKET_TYPE_PFC;
    }
    void sendPfc(int port, bool pause);

    int id_ = 0;
    std::string name_;
    int directGateBaseId_ = 0;  // direct[k], port k's arrivals, has gate id directGateBaseId_ + k (contiguous)
    int inGateBaseId_ = 0;      // in[k]: port k's arrivals from another partition of a parallel run
    std::vector<SwitchPort*> ports_;
    RouteTable routes_;
    SharedBuffer buffer_;
    int64_t seed_ = 0;
    int64_t latencyPs_ = 0;
    bool pfcOn_ = false;
    int64_t xoffBytes_ = 0;
    int64_t xonBytes_ = 0;
    int32_t pfcFrameBytes_ = 0;
    int64_t measureFromPs_ = 0;
    std::vector<int64_t> ingressBytes_;
    std::vector<bool> upstreamPaused_;
    omnetpp::simsignal_t pfcPauseSentSignal_ = 0;
    omnetpp::simsignal_t pfcPauseSentAfterWarmupSignal_ = 0;
};

}  // namespace cosim
