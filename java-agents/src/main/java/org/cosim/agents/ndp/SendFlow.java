package org.cosim.agents.ndp;

import org.cosim.agents.util.LongRing;

/**
 * One flow at its sender: its packets (ledger), those waiting to be resent, the
 * path sprayer and scoreboard, the retransmission timer, and the pull clock.
 */
final class SendFlow {
    final int flow;
    final long sizeBytes;   // Long.MAX_VALUE: long-lived
    final long packets;     // Long.MAX_VALUE: long-lived
    final int paths;
    final PacketLedger ledger;
    final LongRing resend = new LongRing();
    final PathScoreboard board;
    final PathSprayer sprayer;
    final RtoEstimator rto;
    long nextNew;         // the next packet never sent
    long ackedPackets;
    long lastPull;        // the highest pull number seen
    /**
     * Pulls the receiver still owes: +1 per ACK or NACK (each arrival there queues
     * one pull), -1 per pull counted. htsim's "pull window".
     */
    long expectedPulls;
    /**
     * Pulls that found nothing to send (a PULL overtaking the NACK it was meant
     * for, or arriving before a bounced header): spent on the next NACK or bounce.
     * Never more than the packets in flight, the only ones that can still need one.
     */
    int credits;
    int inFlight;
    boolean rtoArmed;
    boolean done;

    SendFlow(int flow, long sizeBytes, int packetBytes, int paths, long seed, NdpConfig cfg) {
        this.flow = flow;
        this.sizeBytes = sizeBytes == 0 ? Long.MAX_VALUE : sizeBytes;
        this.packets = sizeBytes == 0 ? Long.MAX_VALUE : (sizeBytes + packetBytes - 1) / packetBytes;
        this.paths = paths;
        this.ledger = new PacketLedger((int) Math.min(packets, 2L * cfg.initialWindow()));
        this.board = new PathScoreboard(paths, cfg);
        this.sprayer = new PathSprayer(paths, seed, flow, cfg.pathPenalty() ? board : null);
        this.rto = new RtoEstimator(cfg.rtoMinPs(), cfg.rtoEstimate());
    }

    boolean hasNewData() {
        return nextNew < packets;
    }

    boolean isLast(long packet) {
        return packet == packets - 1;
    }

    /** Payload bytes of a packet: full, except maybe the last. */
    int bytes(long packet, int packetBytes) {
        return (int) Math.min(packetBytes, sizeBytes - packet * packetBytes);
    }

    void addCredit() {
        credits = Math.min(credits + 1, inFlight);
    }
}
