package org.cosim.fabric.net;

/**
 * A NIC's packet sizes, and where its hardware ACKs queue in the switches:
 * {@code acksShareDataQueue} puts them in the data class (one FIFO with data, so
 * reverse-path congestion delays them) instead of the control priority.
 */
public record NicParams(int mtuBytes, int ackBytes, boolean acksShareDataQueue) {
    public NicParams(int mtuBytes, int ackBytes) {
        this(mtuBytes, ackBytes, false);
    }
}
