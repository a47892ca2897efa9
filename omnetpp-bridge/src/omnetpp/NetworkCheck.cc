#include "NetworkCheck.h"

#include <sstream>
#include <string>

#include "LinkChannel.h"
#include "Nic.h"
#include "SwitchCore.h"

using namespace omnetpp;

namespace cosim {

namespace {

void collect(cModule* m, std::vector<Nic*>& nics, std::vector<SwitchCore*>& cores) {
    for (cModule::SubmoduleIterator it(m); !it.end(); ++it) {
        if (auto* n = dynamic_cast<Nic*>(*it)) {
            nics.push_back(n);
        } else if (auto* c = dynamic_cast<SwitchCore*>(*it)) {
            cores.push_back(c);
        } else {
            collect(*it, nics, cores);
        }
    }
}

class Problems {
public:
    std::ostringstream& add() {
        ++count_;
        if (count_ <= kShown) text_ << "\n  - ";
        return count_ <= kShown ? text_ : sink_;
    }
    bool any() const { return count_ > 0; }
    std::string str() const {
        return text_.str() + (count_ > kShown ? "\n  ... and " + std::to_string(count_ - kShown) + " more" : "");
    }

private:
    static constexpr int kShown = 20;
    int count_ = 0;
    std::ostringstream text_;
    std::ostringstream sink_;
};

}  // namespace

NetworkCheck::Found NetworkCheck::verify(const RunSpec& spec, cModule* network) {
    const TopologySpec& t = spec.topology();
    std::vector<Nic*> nics;
    std::vector<SwitchCore*> cores;
    collect(network, nics, cores);
    Problems problems;
    Found found;
    // In a parallel run a node without its module is another partition's.
    const bool parallel = parallelRun();
    found.nics.assign(t.host_names_size(), nullptr);
    found.switches.assign(t.switches_size(), nullptr);

    for (Nic* n : nics) {
        const intval_t h = n->par("host").intValue();
        if (h < 0 || h >= t.host_names_size()) {
            problems.add() << n->getFullPath() << " has host = " << h << ", the scenario has hosts 0.."
                           << t.host_names_size() - 1;
        } else if (found.nics[h] != nullptr) {
            problems.add() << n->getFullPath() << " and " << found.nics[h]->getFullPath() << " both have host = " << h;
        } else {
            found.nics[h] = n;
        }
    }
    for (int h = 0; h < t.host_names_size(); ++h) {
        if (found.nics[h] == nullptr && !parallel) {
            problems.add() << "no Nic has host = " << h << " (the scenario's host '" << t.host_names(h) << "')";
        }
    }
    for (SwitchCore* c : cores) {
        cModule* box = c->getParentModule();
        const intval_t s = box->par("id").intValue();
        if (s < 0 || s >= t.switches_size()) {
            problems.add() << box->getFullPath() << " has id = " << s << ", the scenario has switches 0.."
                           << t.switches_size() - 1;
        } else if (found.switches[s] != nullptr) {
            problems.add() << box->getFullPath() << " and " << found.switches[s]->getParentModule()->getFullPath()
                           << " both have id = " << s;
        } else {
            found.switches[s] = c;
            const SwitchSpec& sw = t.switches(s);
            const std::string nedName = box->par("scenarioName").stdstringValue();
            if (sw.name() != nedName) {
                problems.add() << box->getFullPath() << " (id " << s << ", scenarioName '" << nedName
                               << "') is named '" << sw.name() << "' in the scenario";
            }
            if (box->gateSize("line") != static_cast<int>(sw.ports())) {
                problems.add() << box->getFullPath() << " has " << box->gateSize("line")
                               << " ports (line[]), the scenario's switch '" << sw.name() << "' has " << sw.ports();
            }
        }
    }
    for (int s = 0; s < t.switches_size(); ++s) {
        if (found.switches[s] == nullptr && !parallel) {
            problems.add() << "no Switch has id = " << s << " (the scenario's switch '" << t.switches(s).name() << "')";
        }
    }
    if (problems.any()) {
        throw cRuntimeError("the NED network %s is not the scenario's topology (%s, %d hosts, %d switches):%s",
                            network->getNedTypeName(), t.family().c_str(), t.host_names_size(), t.switches_size(),
                            problems.str().c_str());
    }

    // Each link, both directions: the gate that is port p of node a leads through a
    // LinkChannel of the link's rate and delay to the gate that is port q of node b.
    auto describe = [&](const NodeRef& n, uint32_t port) {
        std::ostringstream s;
        if (n.is_switch()) {
            s << "switch '" << t.switches(n.id()).name() << "' port " << port;
        } else {
            s << "host " << n.id() << " '" << t.host_names(n.id()) << "'";
            if (found.nics[n.id()] != nullptr) s << " (" << found.nics[n.id()]->getFullPath() << ")";
        }
        return s.str();
    };
    auto local = [&](const NodeRef& n) {
        return n.is_switch() ? found.switches[n.id()] != nullptr : found.nics[n.id()] != nullptr;
    };
    auto gateOf = [&](const NodeRef& n, uint32_t port, bool out) -> cGate* {
        if (n.is_switch()) {
            cModule* box = found.switches[n.id()]->getParentModule();
            if (static_cast<int>(port) >= box->gateSize("line")) return nullptr;
            return box->gate(out ? "line$o" : "line$i", static_cast<int>(port));
        }
        return found.nics[n.id()]->gate(out ? "port$o" : "port$i");
    };
    auto checkDirection = [&](int k, const LinkSpec& l, const NodeRef& from, uint32_t fromPort, const NodeRef& to,
                              uint32_t toPort) -> LinkChannel* {
        if (!local(from)) return nullptr;  // its partition checks it
        cGate* out = gateOf(from, fromPort, true);
        cGate* in = local(to) ? gateOf(to, toPort, false) : nullptr;
        const std::string what = "link " + std::to_string(k) + " (" + describe(from, fromPort) + " -> " +
                                 describe(to, toPort) + ")";
        if (out == nullptr || (in == nullptr && local(to))) {
            problems.add() << what << ": no such gate in NED";
            return nullptr;
        }
        if (!local(to)) {
            cGate* peer = out->getNextGate();
            if (peer == nullptr || !peer->getOwnerModule()->isPlaceholder()) {
                problems.add() << what << ": in NED " << out->getFullPath() << " leads to "
                               << (peer ? peer->getFullPath() : std::string("nothing"))
                               << ", not to a module of another partition";
                return nullptr;
            }
        } else if (out->getNextGate() != in) {
            cGate* peer = out->getNextGate();
            problems.add() << what << ": in NED " << out->getFullPath() << " leads to "
                           << (peer ? peer->getFullPath() : std::string("nothing")) << ", not " << in->getFullPath();
            return nullptr;
        }
        auto* ch = dynamic_cast<LinkChannel*>(out->getChannel());
        if (ch == nullptr) {
            problems.add() << what << ": the connection must be a cosim.fabric.LinkChannel";
            return nullptr;
        }
        if (ch->rateBps() != l.rate_bps()) {
            problems.add() << what << ": NED datarate " << ch->rateBps() << " bps, the scenario's " << l.rate_bps();
        }
        if (ch->delayPs() != l.delay_ps()) {
            problems.add() << what << ": NED delay " << ch->delayPs() << " ps, the scenario's " << l.delay_ps();
        }
        return ch;
    };
    for (int k = 0; k < t.links_size(); ++k) {
        const LinkSpec& l = t.links(k);
        LinkChannel* ab = checkDirection(k, l, l.a(), l.port_a(), l.b(), l.port_b());
        LinkChannel* ba = checkDirection(k, l, l.b(), l.port_b(), l.a(), l.port_a());
        found.links.emplace_back(ab, ba);
    }
    if (problems.any()) {
        throw cRuntimeError("the NED network %s is not the scenario's topology (%s):%s\n(the network's parameters "
                            "must describe the scenario; cosim.networks.ScenarioNetwork builds it from the scenario)",
                            network->getNedTypeName(), t.family().c_str(), problems.str().c_str());
    }
    return found;
}

}  // namespace cosim
