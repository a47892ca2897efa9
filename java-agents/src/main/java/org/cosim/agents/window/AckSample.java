package org.cosim.agents.window;

import org.cosim.agents.api.IntHops;

/**
 * What one hardware ACK tells a window law: when it arrived, the fabric RTT of
 * the ACKed packet (NIC timestamps), how many segments it newly ACKs, the INT
 * max-hop delays of the data's path and of the ACK's own path, the ECN echo,
 * the per-hop INT records and sequence facts HPCC reads, and the flow's path
 * facts (unloaded RTT, hops). One reused instance per sender.
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
    long ackedEndBytes;
    long sentEndBytes;
    IntHops intHops = IntHops.NONE;

    public AckSample() {}

    /**
     * Sets what HPCC reads (after {@link #set}, which clears it): the end of the
     * ACKed data (byte offset), the end of the data sent so far (snd_nxt), and
     * the per-hop INT records the ACK reflects.
     */
    public AckSample withAck(long ackedEnd, long sentEnd, IntHops hops) {
        this.ackedEndBytes = ackedEnd;
        this.sentEndBytes = sentEnd;
        this.intHops = hops;
        return this;
    }

    /** The byte offset just past the ACKed data. */
    public long ackedEndBytes() { return ackedEndBytes; }
    /** The byte offset just past the data sent so far (snd_nxt). */
    public long sentEndBytes() { return sentEndBytes; }
    /** The ACK's per-hop INT records (none unless the scenario collects them). */
    public IntHops intHops() { return intHops; }

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
        this.ackedEndBytes = 0;
        this.sentEndBytes = 0;
        this.intHops = IntHops.NONE;
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
