#include "TimeSeriesSampler.h"

#include <string>

#include "AgentBridge.h"
#include "SwitchCore.h"
#include "SwitchPort.h"

using namespace omnetpp;

namespace cosim {

Define_Module(TimeSeriesSampler);

TimeSeriesSampler::~TimeSeriesSampler() { cancelAndDelete(tick_); }

void TimeSeriesSampler::initialize(int stage) {
    if (stage != 2) return;  // after the bridge (stage 0) and the switches' ports (stage 1)
    bridge_ = AgentBridge::of(this);
    const RunSpec& spec = bridge_->spec();
    intervalPs_ = spec.sample_interval_ps();
    const int flows = spec.hello().flows_size();
    lastDelivered_.assign(flows, 0);
    cProperty* queueTemplate = getProperties()->get("statisticTemplate", "queueLength");
    for (int f = 0; f < flows; ++f) {
        const std::string n = "flow" + std::to_string(f);
        flowDelivered_.push_back(std::make_unique<cOutVector>((n + ":delivered:vector").c_str()));
        flowDelivered_.back()->setUnit("B");
        flowDelivered_.back()->setRecordDuringWarmupPeriod(true);  // the time series covers the whole run
    }
    const TopologySpec& t = spec.topology();
    for (int q = 0; q < t.monitored_size(); ++q) {
        const PortRef& ref = t.monitored(q);
        SwitchCore* core = bridge_->switchCore(static_cast<int>(ref.switch_id()));
        if (core == nullptr) continue;  // another partition's (a parallel run): that partition's sampler has it
        SwitchPort* port = core->port(static_cast<int>(ref.port()));
        monitors_.push_back(std::make_unique<QueueMonitor>(
            t.switches(ref.switch_id()).name() + ".port[" + std::to_string(ref.port()) + "]",
            spec.queue_bucket_bytes(), spec.warmup_ps()));
        port->monitor(monitors_.back().get());
        queueIds_.push_back(q);
        const std::string n = "queue" + std::to_string(q);
        queueSignal_.push_back(registerSignal((n + "Length").c_str()));
        getEnvir()->addResultRecorders(this, queueSignal_.back(), (n + ":length").c_str(), queueTemplate);
    }
    tick_ = new cMessage("sample");
    scheduleAt(SimTime::fromRaw(intervalPs_), tick_);
}

void TimeSeriesSampler::handleMessage(cMessage*) {
    const FlowStats& stats = bridge_->flowStats();
    for (size_t f = 0; f < flowDelivered_.size(); ++f) {
        const int64_t d = stats.deliveredBytes(static_cast<int>(f));
        flowDelivered_[f]->record(static_cast<double>(d - lastDelivered_[f]));
        lastDelivered_[f] = d;
    }
    for (size_t q = 0; q < monitors_.size(); ++q) {
        emit(queueSignal_[q], static_cast<intval_t>(monitors_[q]->current()));
    }
    scheduleAt(simTime() + SimTime::fromRaw(intervalPs_), tick_);
}

void TimeSeriesSampler::finish() {
    const int64_t end = bridge_->reachedPs();
    for (size_t i = 0; i < monitors_.size(); ++i) {
        QueueMonitor& m = *monitors_[i];
        const std::string q = std::to_string(queueIds_[i]);
        m.finish(end);
        const std::vector<int64_t>& buckets = m.timeInBucket();
        size_t used = buckets.size();
        while (used > 1 && buckets[used - 1] == 0) --used;
        const double width = static_cast<double>(m.bucketBytes());
        // One bin per bucket, weight = picoseconds at that length: exact in the .sca
        // file (integers below 2^53 at 17 digits); Java's QueueMonitor computes the
        // percentiles and the mean from these bins.
        cHistogram h(("queue" + q + ":lengthTime").c_str(), static_cast<cIHistogramStrategy*>(nullptr),
                     true);  // no strategy: exactly these bins, never re-binned
        h.createUniformBins(0, width * static_cast<double>(used), width);
        for (size_t b = 0; b < used; ++b) {
            if (buckets[b] > 0) h.collectWeighted(width * static_cast<double>(b) + width / 2, static_cast<double>(buckets[b]));
        }
        recordStatistic(&h);
        recordScalar(("queue" + q + ":maxBytes").c_str(), static_cast<double>(m.maxBytes()), "B");
        // The 128-bit length x time in two scalars of 52 bits and the rest, each exact as a double.
        const unsigned __int128 byteTime = m.byteTimePs();
        const unsigned __int128 low = byteTime & ((static_cast<unsigned __int128>(1) << 52) - 1);
        recordScalar(("queue" + q + ":byteTimeLowPs").c_str(), static_cast<double>(low));
        recordScalar(("queue" + q + ":byteTimeHighPs").c_str(), static_cast<double>(byteTime >> 52));
    }
}

}  // namespace cosim
