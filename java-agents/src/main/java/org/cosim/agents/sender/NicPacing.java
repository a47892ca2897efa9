package org.cosim.agents.sender;

/**
 * Static NIC pacing (TIMELY §6, Fig 16): the NIC sends a segment's packets at a
 * fixed rate below line rate. Modelled at the sender as pieces of one MTU handed
 * to the NIC {@code piece / rate} apart (the fabric's NIC sends what it is given
 * at line rate, in order). {@link #OFF}: segments go whole.
 */
public record NicPacing(double rateBps, int pieceBytes) {
    public static final NicPacing OFF = new NicPacing(0, 0);

    /** Pacing at {@code rateBps} in MTU pieces (rate 0: off). */
    public static NicPacing of(double rateBps, int mtuBytes) {
        if (rateBps <= 0) {
            return OFF;
        }
        if (mtuBytes <= 0) {
            throw new IllegalArgumentException("NIC pacing cuts segments into MTU packets: the session did not say "
                    + "the MTU");
        }
        return new NicPacing(rateBps, mtuBytes);
    }

    public boolean on() {
        return rateBps > 0;
    }
}
