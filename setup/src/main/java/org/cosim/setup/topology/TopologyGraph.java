package org.cosim.setup.topology;

import java.util.ArrayList;
import java.util.List;

/**
 * A topology as plain data: hosts, switches, and the full-duplex links between
 * their ports, with rates and delays. Builders for each topology family produce
 * one; the Java fabric instantiates it, {@link Routing} computes its shortest
 * paths, and the OMNeT++ runner can turn the same description into NED
 * parameters. Adding a family (fat tree, leaf-spine) means a new builder only.
 *
 * <p>Node references: host h is {@code h}; switch s is {@code switchRef(s)} = -(s+1).
 * A host has exactly one port (0); switch ports are numbered in connection order.
 */
public final class TopologyGraph {
    /** One full-duplex link: port {@code portA} of node {@code a} to port {@code portB} of node {@code b}. */
    public record Link(int a, int portA, int b, int portB, long rateBps, long delayPs) {}

    /** A switch egress port whose queue the run reports as "the bottleneck". */
    public record PortRef(int switchId, int port) {}

    /**
     * A switch's own buffer sizes (a topology file's switch line), each -1 where the scenario's
     * topology.switches applies; {@code where} names the line, for errors.
     */
    public record SwitchBuffers(long bufferBytes, long portBufferBytes, String where) {}

    private final List<String> hostNames = new ArrayList<>();
    private final List<String> switchNames = new ArrayList<>();
    private final List<Integer> switchPortCount = new ArrayList<>();
    private final List<Link> links = new ArrayList<>();
    private final List<Integer> hostLinkIndex = new ArrayList<>();  // per host: its link's index, -1 before
    private final List<PortRef> monitored = new ArrayList<>();
    private final java.util.Map<Integer, SwitchBuffers> switchBuffers = new java.util.TreeMap<>();
    private final List<Integer> incastClients = new ArrayList<>();
    private int incastServer = -1;

    public static int switchRef(int switchId) {
        return -(switchId + 1);
    }

    public static boolean isSwitch(int ref) {
        return ref < 0;
    }

    public static int switchId(int ref) {
        return -ref - 1;
    }

    public int addHost(String name) {
        hostNames.add(name);
        hostLinkIndex.add(-1);
        return hostNames.size() - 1;
    }

    public int addSwitch(String name) {
        switchNames.add(name);
        switchPortCount.add(0);
        return switchNames.size() - 1;
    }

    /** Connects two nodes (host ids or switch refs) with a full-duplex link; returns the link. */
    public Link connect(int a, int b, long rateBps, long delayPs) {
        Link l = new Link(a, nextPort(a), b, nextPort(b), rateBps, delayPs);
        for (int end : new int[] {a, b}) {
            if (!isSwitch(end)) {
                hostLinkIndex.set(end, links.size());
            }
        }
        links.add(l);
        return l;
    }

    private int nextPort(int node) {
        if (!isSwitch(node)) {
            if (hostLinkIndex.get(node) >= 0) {
                throw new IllegalStateException("host " + node + " already has its one link");
            }
            return 0;
        }
        int s = switchId(node);
        int p = switchPortCount.get(s);
        switchPortCount.set(s, p + 1);
        return p;
    }

    public void monitor(int switchId, int port) {
        monitored.add(new PortRef(switchId, port));
    }

    /** Gives switch {@code s} its own buffer sizes. */
    public void setSwitchBuffers(int s, SwitchBuffers b) {
        switchBuffers.put(s, b);
    }

    /** The switches with their own buffer sizes, by switch id. */
    public java.util.Map<Integer, SwitchBuffers> switchBuffers() {
        return java.util.Collections.unmodifiableMap(switchBuffers);
    }

    /** Declares which hosts an incast workload uses on this topology. */
    public void setIncastRoles(List<Integer> clients, int server) {
        incastClients.clear();
        incastClients.addAll(clients);
        incastServer = server;
    }

    public int hostCount() { return hostNames.size(); }
    public int switchCount() { return switchNames.size(); }
    public String hostName(int h) { return hostNames.get(h); }
    public String switchName(int s) { return switchNames.get(s); }
    /** Every host's name, by id. */
    public List<String> hostNames() { return java.util.Collections.unmodifiableList(hostNames); }
    /** Every switch's name, by id. */
    public List<String> switchNames() { return java.util.Collections.unmodifiableList(switchNames); }
    public int switchPorts(int s) { return switchPortCount.get(s); }
    public List<Link> links() { return java.util.Collections.unmodifiableList(links); }
    public int linkCount() { return links.size(); }
    public Link link(int i) { return links.get(i); }
    public List<PortRef> monitored() { return List.copyOf(monitored); }
    public List<Integer> incastClients() { return List.copyOf(incastClients); }
    public int incastServer() { return incastServer; }

    /** The link attached to a host (its access link). */
    public Link hostLink(int host) {
        int i = hostLinkIndex.get(host);
        if (i < 0) {
            throw new IllegalStateException("host " + host + " (" + hostNames.get(host) + ") has no link");
        }
        return links.get(i);
    }

    /** The index of the (first) link joining nodes {@code a} and {@code b} (refs, either order), or -1. */
    public int linkBetween(int a, int b) {
        for (int i = 0; i < links.size(); i++) {
            Link l = links.get(i);
            if ((l.a() == a && l.b() == b) || (l.a() == b && l.b() == a)) {
                return i;
            }
        }
        return -1;
    }

    /** Replaces link {@code i}'s rate and delay (a degraded link in an otherwise regular topology). */
    public void setLinkRate(int i, long rateBps, long delayPs) {
        Link l = links.get(i);
        links.set(i, new Link(l.a(), l.portA(), l.b(), l.portB(), rateBps, delayPs));
    }
}
