// LinkChannel: one direction of a full-duplex link, as a NED channel type with
// integer `datarate` (b/s) and `delay` (ps). The packet's last bit reaches the
// peer after the serialization time plus the propagation delay (store-and-
// forward), both exact integers of picoseconds: the serialization time is
// Units::serializationPs, the same integer arithmetic as Java's LinkTransmitter.
// (cDatarateChannel divides a bit length by a double datarate: not exact, so not
// used.) The sending module schedules its own end-of-transmission event first,
// with the same arithmetic, as Java's LinkTransmitter.start does (LinkTransmitter).
// The rate may change during the run (the scenario's topology.link_changes,
// applied by the AgentBridge): packets started afterwards use the new rate.
#pragma once

#include <omnetpp.h>

#include <cstdint>

namespace cosim {

class LinkChannel : public omnetpp::cChannel {
public:
    // Read from the parameters, so they are right before initialize() too: the
    // NED rate, which the network check compares with the scenario's.
    int64_t rateBps() const { return par("datarate").intValue(); }
    // The rate packets are serialized at now: the NED rate until changeRate() (a
    // member once initialized, the parameter before).
    int64_t currentRateBps() const { return rateBps_ > 0 ? rateBps_ : rateBps(); }
    // 0 takes the link down: senders go on at the last rate and nothing arrives.
    void changeRate(int64_t bps);
    bool down() const { return down_; }
    int64_t delayPs() const { return par("delay").intValue(); }

    bool isTransmissionChannel() const override { return true; }
    double getNominalDatarate() const override { return static_cast<double>(currentRateBps()); }
    omnetpp::simtime_t calculateDuration(omnetpp::cMessage* msg) const override;
    omnetpp::simtime_t getTransmissionFinishTime() const override { return txFinish_; }
    bool isBusy() const override;
    Result processMessage(omnetpp::cMessage* msg, const omnetpp::SendOptions& options, omnetpp::simtime_t t) override;

protected:
    void initialize() override;
    void handleParameterChange(const char* name) override;

private:
    int64_t rateBps_ = 0;  // the current rate, 0 before initialize()
    bool down_ = false;
    int64_t delayPs_ = 0;
    omnetpp::simtime_t txFinish_;
};

}  // namespace cosim
