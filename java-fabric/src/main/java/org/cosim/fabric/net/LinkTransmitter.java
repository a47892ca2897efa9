package org.cosim.fabric.net;

import org.cosim.fabric.kernel.IdentityHash;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.packet.PacketPool;
import org.cosim.fabric.packet.PacketType;
import org.cosim.scenario.Units;

/**
 * The sending end of a unidirectional link: serializes one packet at a time at the
 * link rate; the packet's last bit reaches the peer port one propagation delay
 * after serialization ends (store-and-forward: the peer acts on whole packets).
 * Both events are scheduled when serialization starts, as an OMNeT++ datarate
 * channel does. The rate may change during the run (topology.link_changes).
 */
public final class LinkTransmitter {
    private final Simulator sim;
    private final PacketPool pool;
    private final int ownerHandler;
    private final int txDoneKind;
    private long rateBps;
    private long psPerByte;  // -1 when the rate does not divide 8e12 exactly
    private boolean down;          // packets started now never reach the peer
    private boolean inFlightLost;  // the packet on the wire (or the one finish() returned) was started while down
    private final long delayPs;
    private int peerHandler = -1;
    private int arriveKind;
    private int inFlight = -1;
    private long bytesSent;
    private long packetsSent;
    private long gapMaxPs;  // NIC timing noise (idleAfterData); 0 on switch ports
    private long gapSeed;
    private int gapHost;

    public LinkTransmitter(Simulator sim, PacketPool pool, int ownerHandler, int ownerPort,
                           long rateBps, long delayPs) {
        this.sim = sim;
        this.pool = pool;
        this.ownerHandler = ownerHandler;
        this.txDoneKind = EventKinds.encode(EventKinds.TX_DONE, ownerPort);
        this.rateBps = rateBps;
        this.psPerByte = Units.exactPsPerByte(rateBps);
        this.delayPs = delayPs;
    }

    /** Connects this end to the peer's receiving port. */
    public void attach(int peerHandler, int peerPort) {
        this.peerHandler = peerHandler;
        this.arriveKind = EventKinds.encode(EventKinds.ARRIVE, peerPort);
    }

    public boolean busy() {
        return inFlight >= 0;
    }

    public long rateBps() {
        return rateBps;
    }

    public long delayPs() {
        return delayPs;
    }

    /**
     * From now on packets are serialized at {@code bps} (topology.link_changes); one on
     * the wire keeps its rate. 0 takes the link down: the sender, which cannot tell,
     * goes on serializing at the last rate, and what it sends never arrives.
     */
    public void changeRate(long bps) {
        down = bps == 0;
        if (!down) {
            this.rateBps = bps;
            this.psPerByte = Units.exactPsPerByte(bps);
        }
    }

    /**
     * Whether the packet the last {@link #finish} returned was lost on a down link (the
     * owner drops it); ask before starting the next one.
     */
    public boolean lastLost() {
        return inFlightLost;
    }

    public long serializationPs(int bytes) {
        return psPerByte > 0 ? bytes * psPerByte : Units.serializationPs(bytes, rateBps);
    }

    /**
     * A host's timing noise: after each data packet the link stays busy, idle, for
     * IdentityHash.txGapPs(seed, host, packet uid, maxPs); the packet itself
     * arrives on time. maxPs 0: no gaps.
     */
    public void idleAfterData(long maxPs, long seed, int host) {
        this.gapMaxPs = maxPs;
        this.gapSeed = seed;
        this.gapHost = host;
    }

    public void start(int pkt) {
        if (inFlight >= 0) {
            throw new IllegalStateException("link busy with packet " + inFlight);
        }
        inFlight = pkt;
        int bytes = pool.size[pkt];
        long end = sim.now() + serializationPs(bytes);
        long gap = gapMaxPs > 0 && pool.type[pkt] == PacketType.DATA
                ? IdentityHash.txGapPs(gapSeed, gapHost, pool.uid[pkt], gapMaxPs) : 0;
        sim.schedule(end + gap, ownerHandler, txDoneKind, pkt);
        inFlightLost = down;
        if (!down) {
            sim.scheduleArrival(end + delayPs, ownerHandler, peerHandler, arriveKind, pkt);
        }
        bytesSent += bytes;
        packetsSent++;
    }

    /** Serialization of the packet in flight ended; returns it (it now travels to the peer, unless lost). */
    public int finish() {
        int pkt = inFlight;
        inFlight = -1;
        return pkt;
    }

    public long bytesSent() {
        return bytesSent;
    }

    public long packetsSent() {
        return packetsSent;
    }
}
