package org.cosim.agents.sender;

/** Sender-side state of one flow: what is sent, what is outstanding, when it last sent. */
final class SenderFlow {
    static final long NEVER = Long.MIN_VALUE;

    final int flow;
    long sizeBytes;  // Long.MAX_VALUE for long-lived flows, until they close
    final long stopPs;  // when a long-lived flow closes; 0: never
    final RateControl rate;
    long nextSeq;
    long ackedBytes;
    int outstanding;
    long lastSendPs = NEVER;
    int lastBytes;
    boolean wakeupPending;
    long nicFreePs = NEVER;  // with NIC pacing: when the flow's next piece may go

    SenderFlow(int flow, long sizeBytes, RateControl rate) {
        this(flow, sizeBytes, 0, rate);
    }

    SenderFlow(int flow, long sizeBytes, long stopPs, RateControl rate) {
        this.flow = flow;
        this.sizeBytes = sizeBytes == 0 ? Long.MAX_VALUE : sizeBytes;
        this.stopPs = stopPs;
        this.rate = rate;
    }

    /** Whether data due at {@code timePs} comes after the flow's close time. */
    boolean closedAt(long timePs) {
        return stopPs > 0 && timePs >= stopPs;
    }

    /** The application closed the flow: what was handed over is all it will send. */
    void close() {
        sizeBytes = nextSeq;
    }

    boolean hasUnsentData() {
        return nextSeq < sizeBytes;
    }

    boolean allAcked() {
        return ackedBytes >= sizeBytes;
    }
}
