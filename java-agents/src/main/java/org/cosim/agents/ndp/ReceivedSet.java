package org.cosim.agents.ndp;

/**
 * Which packets of a flow have arrived (data, not headers), as a sliding bitmap:
 * every packet below {@code cumulative} has arrived; the ring of bits covers the
 * packets from there on and grows only when arrivals run further ahead than it.
 */
final class ReceivedSet {
    private long cumulative;
    private long[] bits = new long[1];  // a power-of-two number of words

    /** Records packet {@code p}; false if it had arrived before. */
    boolean add(long p) {
        if (p < cumulative || get(p)) {
            return false;
        }
        while (p - cumulative >= 64L * bits.length) {
            grow();
        }
        bits[word(p)] |= 1L << (p & 63);
        while (get(cumulative)) {
            bits[word(cumulative)] &= ~(1L << (cumulative & 63));
            cumulative++;
        }
        return true;
    }

    boolean contains(long p) {
        return p < cumulative || get(p);
    }

    long cumulative() {
        return cumulative;
    }

    private boolean get(long p) {
        return p - cumulative < 64L * bits.length && (bits[word(p)] & (1L << (p & 63))) != 0;
    }

    private int word(long p) {
        return (int) ((p >>> 6) & (bits.length - 1));
    }

    private void grow() {
        long[] old = bits;
        long[] bigger = new long[old.length * 2];
        for (long p = cumulative; p < cumulative + 64L * old.length; p++) {
            if ((old[(int) ((p >>> 6) & (old.length - 1))] & (1L << (p & 63))) != 0) {
                bigger[(int) ((p >>> 6) & (bigger.length - 1))] |= 1L << (p & 63);
            }
        }
        bits = bigger;
    }
}
