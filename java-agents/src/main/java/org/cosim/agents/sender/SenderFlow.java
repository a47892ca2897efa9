package org.cosim.agents.sender;

/** Sender-side state of one flow: what is sent, what is outstanding, when it last sent. */
final class SenderFlow {
    static final long NEVER = Long.MIN_VALUE;

    final int flow;
    final long sizeBytes;  // Long.MAX_VALUE for long-lived flows
    final RateControl rate;
    long nextSeq;
    long ackedBytes;
    int outstanding;
    long lastSendPs = NEVER;
    int lastBytes;
    boolean wakeupPending;
    long nicFreePs = NEVER;  // with NIC pacing: when the flow's next piece may go

    SenderFlow(int flow, long sizeBytes, RateControl rate) {
        this.flow = flow;
        this.sizeBytes = sizeBytes == 0 ? Long.MAX_VALUE : sizeBytes;
        this.rate = rate;
    }

    boolean hasUnsentData() {
        return nextSeq < sizeBytes;
    }

    boolean allAcked() {
        return ackedBytes >= sizeBytes;
    }
}
