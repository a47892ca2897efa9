#include "SwitchCore.h"

#include "AgentBridge.h"

using namespace omnetpp;

namespace cosim {

Define_Module(SwitchCore);

void SwitchCore::initialize(int stage) {
    if (stage == 0) {
        pfcPauseSentSignal_ = registerSignal("pfcPauseSent");
        pfcPauseSentAfterWarmupSignal_ = registerSignal("pfcPauseSentAfterWarmup");
        return;
    }
    // Stage 1: the bridge has resolved the scenario and checked the network in stage 0.
    AgentBridge* bridge = AgentBridge::of(this);
    const RunSpec& spec = bridge->spec();
    cModule* box = getParentModule();
    id_ = static_cast<int>(box->par("id").intValue());
    const SwitchSpec& sw = spec.topology().switches(id_);
    // The hardware settings with this switch's own buffer sizes, where it has them (a
    // topology file's `switch ... buffer_bytes=`; the Java fabric's switchParams).
    HardwareSpec hw = spec.hardware();
    if (sw.buffer_bytes() > 0) hw.set_buffer_bytes(sw.buffer_bytes());
    if (sw.port_buffer_bytes() > 0) hw.set_port_buffer_bytes(sw.port_buffer_bytes());
    name_ = sw.name();
    seed_ = static_cast<int64_t>(spec.hello().seed());
    latencyPs_ = hw.switch_latency_ps();
    pfcOn_ = hw.pfc_enabled();
    xoffBytes_ = static_cast<int64_t>(hw.pfc_xoff_bytes());
    xonBytes_ = static_cast<int64_t>(hw.pfc_xon_bytes());
    pfcFrameBytes_ = static_cast<int32_t>(hw.ack_bytes());
    measureFromPs_ = spec.warmup_ps();
    buffer_ = SharedBuffer(static_cast<int64_t>(hw.buffer_bytes()));
    const TopologySpec& topo = spec.topology();
    if (topo.host_route_groups_size() != topo.host_names_size() || topo.host_ports_size() != topo.host_names_size()) {
        throw cRuntimeError(this, "the RunSpec gives %d route groups and %d host ports for %d hosts",
                            topo.host_route_groups_size(), topo.host_ports_size(), topo.host_names_size());
    }
    routes_ = RouteTable({sw.route_offsets().begin(), sw.route_offsets().end()},
                         {sw.route_ports().begin(), sw.route_ports().end()}, sw.ports(), sw.own_route_group(),
                         RouteTable::Groups{topo.host_route_groups().data(), topo.host_ports().data(),
                                            topo.host_names_size()},
                         box->getFullPath());

    PortContext ctx;
    ctx.core = this;
    ctx.flowStats = &bridge->flowStats();
    ctx.tracer = bridge->packetTracer();
    ctx.buffer = &buffer_;
    ctx.switchId = id_;
    ctx.switchName = name_;
    ctx.seed = seed_;
    ctx.intOn = sw.int_enabled();
    const int n = gateSize("in");
    if (gateSize("direct") != n) {
        throw cRuntimeError(this, "%d in[] gates but %d direct[] gates: size direct[] as the switch's lines",
                            n, gateSize("direct"));
    }
    directGateBaseId_ = gateBaseId("direct");
    inGateBaseId_ = gateBaseId("in");
    ports_.clear();
    for (int i = 0; i < n; ++i) {
        auto* p = dynamic_cast<SwitchPort*>(box->getSubmodule("port", i));
        if (p == nullptr) throw cRuntimeError(this, "%s.port[%d] is not a SwitchPort", box->getFullPath().c_str(), i);
        if (hw.queue_discipline() != p->discipline()) {
            throw cRuntimeError(this, "%s has %s ports (discipline '%s') but the scenario's switches use '%s' queues: "
                                "set **.portType to the port module of that discipline",
                                box->getFullPath().c_str(), p->getNedTypeName(), p->discipline(),
                                hw.queue_discipline().c_str());
        }
        p->configure(ctx, hw);
        ports_.push_back(p);
    }
    ingressBytes_.assign(n, 0);
    upstreamPaused_.assign(n, false);
}

void SwitchCore::handleMessage(cMessage* msg) {
    auto* pkt = check_and_cast<Packet*>(msg);
    if (msg->isSelfMessage()) {
        forward(pkt);  // the forwarding latency has passed (Java FORWARD)
    } else {
        // The port from the gate id alone: getArrivalGate() looks the gate up by id on every packet.
        // A packet from another partition of a parallel run comes through the line (in[k]).
        const int id = msg->getArrivalGateId();
        const int direct = id - directGateBaseId_;
        arrive(direct >= 0 && direct < gateSize("direct") ? direct : id - inGateBaseId_, pkt);
    }
}

void SwitchCore::arrive(int port, Packet* pkt) {
    if (pkt->type == PACKET_TYPE_PFC) {
        ports_[port]->setPaused(kDataClass, pkt->has(Packet::kPause));
        delete pkt;
        return;
    }
    pkt->ingressPort = port;
    if (latencyPs_ > 0) {
        scheduleAt(simTime() + SimTime::fromRaw(latencyPs_), pkt);
    } else {
        forward(pkt);
    }
}

void SwitchCore::forward(Packet* pkt) {
    Enter_Method_Silent();
    if (pkt->getOwner() != this) take(pkt);
    // A returned header's source route leads the other way: it goes back by ECMP
    // (Java Switch.route), as a path-0 packet would.
    const uint32_t path = pkt->has(Packet::kReturned) ? 0 : pkt->path;
    const int egress = routes_.egress(pkt->dst, path, pkt->routeCursor, seed_, id_, pkt->src, pkt->flow);
    // Read before handing over: the port may put the packet on the wire at once.
    const PacketType type = pkt->type;
    const int cls = pkt->trafficClass;
    const int in = pkt->ingressPort;
    const int32_t bytes = pkt->size();
    if (!ports_[egress]->offer(pkt) || !pfcAccounted(type, cls)) return;
    ingressBytes_[in] += bytes;
    if (!upstreamPaused_[in] && ingressBytes_[in] > xoffBytes_) {
        upstreamPaused_[in] = true;
        sendPfc(in, true);
    }
}

void SwitchCore::departed(const LinkTransmitter::Sent& sent) {
    Enter_Method_Silent();
    if (!pfcAccounted(sent.type, sent.trafficClass)) return;
    const int in = sent.ingressPort;
    ingressBytes_[in] -= sent.bytes;
    if (upstreamPaused_[in] && ingressBytes_[in] <= xonBytes_) {
        upstreamPaused_[in] = false;
        sendPfc(in, false);
    }
}

// The scenario's switch id, so that the runner can name this switch's ports as the
// Java back end does (NED vectors cannot spell every scenario name, e.g. tor[0][1]).
void SwitchCore::finish() { recordScalar("switchId", id_); }

void SwitchCore::sendPfc(int port, bool pause) {
    auto* f = new Packet();
    f->type = PACKET_TYPE_PFC;
    f->trafficClass = kControlClass;
    f->setSize(pfcFrameBytes_);
    f->flags = pause ? Packet::kPause : 0;
    if (pause) {
        emit(pfcPauseSentSignal_, 1);
        if (simTime().raw() >= measureFromPs_) emit(pfcPauseSentAfterWarmupSignal_, 1);
    }
    ports_[port]->sendPfcFrame(f);
}

}  // namespace cosim
