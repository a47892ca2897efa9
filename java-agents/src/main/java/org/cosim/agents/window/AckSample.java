package org.cosim.agents.window;

/**
 * What one hardware ACK tells a window law: when it arrived, the fabric RTT of
 * the ACKed packet (NIC timestamps), how many segments it newly ACKs, the INT
 * max-hop delays of the data's path and of the ACK's own path, the ECN echo,
 * and the flow's path facts (unloaded RTT, hops). One reused instance per sender.
 */
public final class AckSample {
    long nowPs;
    long rttPs;
    int numAcked;
    long mpdPs;
    long reverseMpdPs;
    long baseRttPs;
    int hops;
    boolean ecn;

    public AckSample() {}

    /** Whether the ACKed data was marked CE on its way (the receiving NIC's ECN echo). */
    public boolean ecn() { return ecn; }

    /** Sets the ECN echo (after {@link #set}, which clears it). */
    public AckSample withEcn(boolean marked) {
        this.ecn = marked;
        return this;
    }

    /** Fills every field (the sender calls this per ACK; tests build samples with it). */
    public AckSample set(long now, long rtt, int acked, long mpd, long reverseMpd, long baseRtt, int hopCount) {
        this.nowPs = now;
        this.rttPs = rtt;
        this.numAcked = acked;
        this.mpdPs = mpd;
        this.reverseMpdPs = reverseMpd;
        this.baseRttPs = baseRtt;
        this.hops = hopCount;
        this.ecn = false;
        return this;
    }

    public long nowPs() { return nowPs; }
    public long rttPs() { return rttPs; }
    public int numAcked() { return numAcked; }
    /** INT max per-hop delay on the data's (forward) path. */
    public long mpdPs() { return mpdPs; }
    /** INT max per-hop delay on the ACK's (reverse) path. */
    public long reverseMpdPs() { return reverseMpdPs; }
    public long baseRttPs() { return baseRttPs; }
    public int hops() { return hops; }
}
