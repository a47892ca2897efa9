#include "LinkChannel.h"

#include "Units.h"

using namespace omnetpp;

namespace cosim {

Register_Class(LinkChannel);

void LinkChannel::initialize() {
    rateBps_ = par("datarate").intValue();
    delayPs_ = par("delay").intValue();
    if (rateBps_ <= 0) throw cRuntimeError(this, "datarate must be > 0 b/s, got %lld", (long long)rateBps_);
    if (delayPs_ < 0) throw cRuntimeError(this, "delay must be >= 0 ps, got %lld", (long long)delayPs_);
}

void LinkChannel::handleParameterChange(const char*) {
    if (initialized()) throw cRuntimeError(this, "the parameters of a LinkChannel cannot change during a run");
}

void LinkChannel::changeRate(int64_t bps) {
    if (bps < 0) throw cRuntimeError(this, "a link rate must be >= 0 b/s (0: down), got %lld", (long long)bps);
    down_ = bps == 0;
    if (!down_) rateBps_ = bps;
}

simtime_t LinkChannel::calculateDuration(cMessage* msg) const {
    if (!msg->isPacket()) return SIMTIME_ZERO;
    return SimTime::fromRaw(Units::serializationPs(static_cast<cPacket*>(msg)->getByteLength(), currentRateBps()));
}

bool LinkChannel::isBusy() const { return txFinish_ > getSimulation()->getSimTime(); }

cChannel::Result LinkChannel::processMessage(cMessage* msg, const SendOptions& options, simtime_t t) {
    if (!msg->isPacket()) throw cRuntimeError(this, "only packets travel on a LinkChannel, not (%s)%s",
                                              msg->getClassName(), msg->getName());
    if (options.isUpdate || options.duration_ != SendOptions::DURATION_UNSPEC) {
        throw cRuntimeError(this, "LinkChannel computes transmission durations itself (no updates, no durations)");
    }
    if (t < txFinish_) {
        throw cRuntimeError(this, "a packet sent at %s while the previous one is on the wire until %s",
                            t.str().c_str(), txFinish_.str().c_str());
    }
    auto* pkt = static_cast<cPacket*>(msg);
    const simtime_t duration = calculateDuration(pkt);
    pkt->setTxChannelEncountered();
    pkt->setDuration(duration);
    pkt->setRemainingDuration(duration);
    txFinish_ = t + duration;
    Result result;
    result.delay = SimTime::fromRaw(delayPs_);
    result.duration = duration;
    result.remainingDuration = duration;
    return result;
}

}  // namespace cosim
