package org.cosim.fabric.net;

/**
 * How network components encode their events for the kernel: the low four bits
 * say what happened, the rest name the component's port.
 */
final class EventKinds {
    static final int ARRIVE = 1;    // arg: packet id; the packet's last bit reached this port
    static final int TX_DONE = 2;   // arg: packet id; this port finished serializing it
    static final int FORWARD = 3;   // arg: packet id; the switch's forwarding latency has passed

    private EventKinds() {}

    static int encode(int type, int port) {
        return type | (port << 4);
    }

    static int type(int kind) {
        return kind & 15;
    }

    static int port(int kind) {
        return kind >>> 4;
    }
}
