package org.cosim.fabric.net;

import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.stats.FlowStats;

/**
 * What an egress port may use of its switch: the kernel, the packet pool, the
 * per-flow drop counters, the shared buffer, the switch's identity (for keyed
 * coins) and its forwarding (for packets a port sends back, like NDP's
 * return-to-sender headers).
 */
public record PortContext(Simulator sim, PacketPool pool, FlowStats flowStats, SharedBuffer buffer, int switchId,
                          String switchName, long seed, Forwarder forwarder) {

    /** Routes a packet afresh from this switch. */
    @FunctionalInterface
    public interface Forwarder {
        void forward(int pkt);
    }
}
