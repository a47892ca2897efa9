package org.cosim.setup.hardware;

/**
 * A NIC's packet sizes, where its hardware ACKs queue in the switches
 * ({@code acksShareDataQueue} puts them in the data class: one FIFO with data, so
 * reverse-path congestion delays them, instead of the control priority), and its
 * timing noise: after each data packet the link stays idle for a keyed random
 * time below {@code txGapJitterPs} ({@link org.cosim.fabric.kernel.IdentityHash#txGapPs});
 * and the order in which it serves its flows' data ({@link NicScheduling}).
 */
public record NicParams(int mtuBytes, int ackBytes, boolean acksShareDataQueue, long txGapJitterPs,
                        NicScheduling scheduling) {
    public NicParams(int mtuBytes, int ackBytes, boolean acksShareDataQueue, long txGapJitterPs) {
        this(mtuBytes, ackBytes, acksShareDataQueue, txGapJitterPs, NicScheduling.PER_FLOW);
    }

    public NicParams(int mtuBytes, int ackBytes) {
        this(mtuBytes, ackBytes, false);
    }

    public NicParams(int mtuBytes, int ackBytes, boolean acksShareDataQueue) {
        this(mtuBytes, ackBytes, acksShareDataQueue, 0);
    }
}
