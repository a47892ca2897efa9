#include "ScenarioNetwork.h"

#include <string>
#include <vector>

#include "AgentBridge.h"

using namespace omnetpp;

namespace cosim {

Define_Module(ScenarioNetwork);

namespace {

// The NED module of each switch-port discipline (HardwareSpec.queue_discipline),
// which SwitchCore checks against the port's own discipline().
const char* portType(const std::string& discipline) {
    if (discipline == "priority") return "cosim.fabric.PriorityPort";
    if (discipline == "ndp") return "cosim.fabric.NdpPort";
    if (discipline == "cut_payload") return "cosim.fabric.CutPayloadPort";
    throw cRuntimeError("the scenario's switches use '%s' queues, which no OMNeT++ port module implements "
                        "(priority, ndp, cut_payload)", discipline.c_str());
}

}  // namespace

void ScenarioNetwork::doBuildInside() {
    cModule::doBuildInside();  // the NED part: bridge and sampler
    auto* bridge = dynamic_cast<AgentBridge*>(getSubmodule("bridge"));
    if (bridge == nullptr) throw cRuntimeError(this, "needs a cosim.fabric.AgentBridge submodule named bridge");
    const RunSpec& spec = bridge->resolve();
    const TopologySpec& t = spec.topology();

    std::vector<cModule*> hosts;
    cModuleType* nic = cModuleType::get("cosim.fabric.Nic");
    addSubmoduleVector("host", t.host_names_size());
    for (int h = 0; h < t.host_names_size(); ++h) {
        cModule* m = nic->create("host", this, h);
        m->par("host").setIntValue(h);
        m->finalizeParameters();
        hosts.push_back(m);
    }
    std::vector<cModule*> switches;
    cModuleType* box = cModuleType::get("cosim.fabric.Switch");
    const char* port = portType(spec.hardware().queue_discipline());
    addSubmoduleVector("switch", t.switches_size());
    for (int s = 0; s < t.switches_size(); ++s) {
        cModule* m = box->create("switch", this, s);
        m->par("id").setIntValue(s);
        m->par("scenarioName").setStringValue(t.switches(s).name());
        m->par("portType").setStringValue(port);
        m->finalizeParameters();
        m->setGateSize("line", static_cast<int>(t.switches(s).ports()));
        switches.push_back(m);
    }

    auto gateOf = [&](const NodeRef& n, uint32_t p, bool out) -> cGate* {
        if (!n.is_switch()) return hosts.at(n.id())->gate(out ? "port$o" : "port$i");
        return switches.at(n.id())->gate(out ? "line$o" : "line$i", static_cast<int>(p));
    };
    cChannelType* channel = cChannelType::get("cosim.fabric.LinkChannel");
    auto connect = [&](const LinkSpec& l, cGate* from, cGate* to) {
        cChannel* c = channel->create("channel");
        from->connectTo(to, c);
        c->par("datarate").setIntValue(l.rate_bps());
        c->par("delay").setIntValue(l.delay_ps());
        c->finalizeParameters();
    };
    for (const LinkSpec& l : t.links()) {
        connect(l, gateOf(l.a(), l.port_a(), true), gateOf(l.b(), l.port_b(), false));
        connect(l, gateOf(l.b(), l.port_b(), true), gateOf(l.a(), l.port_a(), false));
    }

    for (cModule* m : hosts) m->buildInside();
    for (cModule* m : switches) m->buildInside();
}

}  // namespace cosim
