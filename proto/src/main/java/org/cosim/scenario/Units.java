package org.cosim.scenario;

/**
 * Unit conversions between the scenario's human units and the simulator's
 * integers: picoseconds for time, bits per second for rates.
 *
 * <p>Every conversion from a double happens here, once, when a scenario is
 * loaded (Math.round, which is exact and platform-independent in Java). Both
 * back ends receive the resulting integers, so they agree bit for bit.
 */
public final class Units {
    public static final long PS_PER_NS = 1_000L;
    public static final long PS_PER_US = 1_000_000L;
    public static final long PS_PER_MS = 1_000_000_000L;
    public static final long PS_PER_S = 1_000_000_000_000L;

    private Units() {}

    public static long usToPs(double us) {
        return Math.round(us * PS_PER_US);
    }

    public static long gbpsToBps(double gbps) {
        return Math.round(gbps * 1e9);
    }

    public static long mbpsToBps(double mbps) {
        return Math.round(mbps * 1e6);
    }

    /**
     * Whether a rate parameter in Mb/s is a usable rate: finite and at least 1 b/s once rounded (a positive
     * value below that would silently become a rate of 0).
     */
    public static boolean isRateMbps(double mbps) {
        return Double.isFinite(mbps) && mbpsToBps(mbps) >= 1;
    }

    /** The same for a rate in Gb/s. */
    public static boolean isRateGbps(double gbps) {
        return Double.isFinite(gbps) && gbpsToBps(gbps) >= 1;
    }

    /**
     * Time to serialize {@code bytes} at {@code bps}, rounded up to a whole picosecond.
     * Exact for the papers' rates (1500 B at 10 Gb/s = 1,200,000 ps).
     */
    public static long serializationPs(long bytes, long bps) {
        if (bytes < 0 || bps <= 0) {
            throw new IllegalArgumentException("serializationPs(" + bytes + ", " + bps + ")");
        }
        long bitPs = 8 * PS_PER_S;  // picosecond-bits in one byte-second
        if (bitPs % bps == 0) {
            return Math.multiplyExact(bytes, bitPs / bps);
        }
        try {
            return ceilDiv(Math.multiplyExact(bytes, bitPs), bps);
        } catch (ArithmeticException overflow) {
            java.math.BigInteger[] qr = java.math.BigInteger.valueOf(bytes)
                    .multiply(java.math.BigInteger.valueOf(bitPs))
                    .divideAndRemainder(java.math.BigInteger.valueOf(bps));
            return qr[0].longValueExact() + (qr[1].signum() > 0 ? 1 : 0);
        }
    }

    /** Picoseconds per byte when {@code bps} divides 8e12 exactly, else -1 (callers then use serializationPs). */
    public static long exactPsPerByte(long bps) {
        long bitPs = 8 * PS_PER_S;
        return bitPs % bps == 0 ? bitPs / bps : -1;
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    public static double psToUs(long ps) {
        return ps / (double) PS_PER_US;
    }

    public static double bpsToGbps(double bps) {
        return bps / 1e9;
    }
}
