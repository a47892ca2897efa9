package org.cosim.fabric.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.api.SegmentRtt;
import org.cosim.fabric.GoldenFiles;
import org.cosim.fabric.kernel.IdentityHash;
import org.cosim.fabric.stats.ByteRanges;
import org.cosim.scenario.KeyedHash;
import org.cosim.scenario.Units;
import org.cosim.setup.hardware.IntParams;
import org.cosim.setup.hardware.NicScheduling;
import org.junit.jupiter.api.Test;

/**
 * The arithmetic both back ends must compute bit for bit (identity-keyed hashes,
 * serialization times, segment RTTs, the INT field, delivered byte ranges), as golden vectors in
 * omnetpp-bridge/test/golden/java_vectors.txt: this test checks that the Java
 * code gives every recorded answer; the C++ test (fabric_core_test, run by
 * omnetpp-bridge/run-tests.sh in CI) checks the C++ code against the same file.
 * So neither side can drift from the other. Regenerate the file (only when the
 * inputs below change) with -Dcosim.golden.write=true.
 */
class CppGoldenVectorsTest {
    /** Every case, computed by the Java code. */
    static List<String> compute() {
        List<String> out = new ArrayList<>();
        long[] seeds = {0, 1, 7, 42, -1, -123456789L, 0x9e3779b97f4a7c15L, Long.MAX_VALUE, Long.MIN_VALUE};
        for (long z : seeds) {
            out.add("mix " + z + " " + IdentityHash.mix(z));
        }
        for (long seed : seeds) {
            out.add("hash " + seed + " 3 " + IdentityHash.hash(seed, 3, -5, 1L << 40));
            out.add("hash " + seed + " 0 " + IdentityHash.hash(seed));
        }
        int[] ns = {1, 2, 3, 4, 5, 7, 8, 16, 31, 1000};
        int k = 0;
        for (long seed : seeds) {
            for (int sw = 0; sw < 4; sw++) {
                for (int n : ns) {
                    int src = (k * 37) % 433;
                    int dst = (k * 101 + 5) % 433;
                    int flow = k * 7919;
                    out.add("ecmp " + seed + " " + (sw * 97) + " " + src + " " + dst + " " + flow + " " + n + " "
                            + IdentityHash.ecmp(seed, sw * 97, src, dst, flow, n));
                    k++;
                }
            }
        }
        // KeyedHash (shared with the agents) and NDP's trimming coin: uids as NICs make
        // them (flow << 32 | n) and as hardware ACKs carry them (top bit set).
        for (long seed : seeds) {
            out.add("hash4 " + seed + " " + KeyedHash.hash4(seed, IdentityHash.TRIM_TAG, 5, -3, 1L << 40));
            for (int n : ns) {
                out.add("below " + seed + " " + n + " " + KeyedHash.below(KeyedHash.hash(seed, n), n));
            }
        }
        int trims = 0;
        for (long seed : seeds) {
            for (int sw = 0; sw < 80; sw += 13) {
                for (int port = 0; port < 8; port += 3) {
                    long uid = ((long) (trims * 31) << 32) | (trims * 7919L & 0xffffffffL);
                    if (trims % 5 == 4) {
                        uid |= Long.MIN_VALUE;
                    }
                    out.add("trimtail " + seed + " " + sw + " " + port + " " + uid + " "
                            + (IdentityHash.trimTail(seed, sw, port, uid) ? 1 : 0));
                    trims++;
                }
            }
        }
        // A NIC's idle gap after a data packet (hosts up to 432, uids as NICs make them):
        // half the hashes have the top bit set, so a signed remainder would differ.
        long[] gapMax = {1, 2, 7, 1000, 50_000, 100_000, 500_000, 1_000_000_000L, Long.MAX_VALUE};
        int gaps = 0;
        for (long seed : seeds) {
            for (long maxPs : gapMax) {
                int host = (gaps * 53) % 433;
                long uid = ((long) (gaps * 17) << 32) | (gaps * 104_729L & 0xffffffffL);
                out.add("txgap " + seed + " " + host + " " + uid + " " + maxPs + " "
                        + IdentityHash.txGapPs(seed, host, uid, maxPs));
                gaps++;
            }
        }
        long[] rates = {1, 3, 7, 1_000_000_000L, 3_000_000_000L, 10_000_000_000L, 20_000_000_000L,
                25_000_000_000L, 40_000_000_000L, 100_000_000_000L, 200_000_000_000L, 400_000_000_000L,
                333_333_333_333L, 8_000_000_000_001L};
        long[] sizes = {0, 1, 64, 1500, 4096, 9000, 16384, 1_000_000, 5_000_000, 1L << 40};
        for (long bps : rates) {
            for (long bytes : sizes) {
                try {
                    out.add("serialization " + bytes + " " + bps + " " + Units.serializationPs(bytes, bps));
                } catch (ArithmeticException overflow) {
                    out.add("serialization " + bytes + " " + bps + " overflow");
                }
            }
        }
        out.add("rtt 1000 52345678 16384 10000000000 " + SegmentRtt.rttPs(1000, 52_345_678, 16384, 10_000_000_000L));
        out.add("rtt 5 9000005 9000 3000000000 " + SegmentRtt.rttPs(5, 9_000_005, 9000, 3_000_000_000L));
        IntParams exact = new IntParams(true, false, List.of());
        IntParams quantized = new IntParams(true, true, List.of());
        long[] delays = {0, 1, 255_999, 256_000, 256_001, 1_000_000, 16_776_960_000L, 16_777_216_000L,
                99_999_999_999L};
        for (long d : delays) {
            out.add("intfield 0 " + d + " " + exact.field(d));
            out.add("intfield 1 " + d + " " + quantized.field(d));
        }
        for (NicScheduling mode : NicScheduling.values()) {
            for (int trial = 0; trial < 4; trial++) {
                out.add(nicOrder(mode, trial));
            }
        }
        out.addAll(byteRanges());
        return out;
    }

    /**
     * Delivered byte ranges as a NIC sees them: 1500-byte packets of a flow, in
     * order, reordered (sprayed over paths), duplicated (a resend of data that had
     * arrived) and of a shorter last packet. A line: "ranges K s1 e1 .. sK eK
     * new1 .. newK ranges bytes": K adds, the new bytes of each, and the set after.
     */
    private static List<String> byteRanges() {
        List<String> out = new ArrayList<>();
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(11);
        for (int c = 0; c < 24; c++) {
            int k = 1 + rnd.nextInt(30);
            int span = 1 + rnd.nextInt(2 * k);  // packets the adds are drawn from: duplicates when below k
            StringBuilder adds = new StringBuilder();
            StringBuilder fresh = new StringBuilder();
            ByteRanges r = new ByteRanges();
            for (int i = 0; i < k; i++) {
                long p = c % 3 == 0 ? i : rnd.nextInt(span);  // every third case in order
                long start = p * 1500;
                long end = start + (rnd.nextInt(8) == 0 ? 1 + rnd.nextInt(1500) : 1500);
                adds.append(' ').append(start).append(' ').append(end);
                fresh.append(' ').append(r.add(start, end));
            }
            out.add("ranges " + k + adds + fresh + " " + r.ranges() + " " + r.bytes());
        }
        return out;
    }

    /**
     * The order a NIC's SegmentQueue serves a scripted run of hand-overs (A flow x bytes)
     * and packet cuts (C, MTU 1500): "nicorder MODE OPS flow@seq,...", '!' after a segment's last packet.
     */
    static String nicOrder(NicScheduling mode, int trial) {
        SegmentQueue q = new SegmentQueue(mode, new NicFlowState(4));
        long[] nextSeq = new long[4];
        int[] sizes = {100, 1500, 3000, 4000, 0};
        long lcg = 12345 + trial;
        StringBuilder ops = new StringBuilder();
        StringBuilder order = new StringBuilder();
        for (int op = 0; op < 40; op++) {
            lcg = lcg * 6364136223846793005L + 1442695040888963407L;
            int r = (int) ((lcg >>> 33) % 100);
            if (r < 35 || q.isEmpty()) {
                int f = (r + op) % 4;
                int b = sizes[(r / 4 + trial) % sizes.length];
                q.add(f, nextSeq[f], b, 0, op, 0);
                nextSeq[f] += b;
                ops.append(ops.isEmpty() ? "" : ",").append('A').append(f).append('x').append(b);
            } else {
                int seg = q.select();
                int flow = q.flow(seg);
                long seq = q.seq(seg) + q.currentOffset();
                boolean last = q.cut(Math.min(1500, q.bytes(seg) - q.currentOffset()));
                ops.append(",C");
                order.append(order.isEmpty() ? "" : ",").append(flow).append('@').append(seq).append(last ? "!" : "");
            }
        }
        return "nicorder " + mode.name().toLowerCase() + " " + ops + " " + order;
    }

    @Test
    void javaGivesEveryRecordedAnswer() throws IOException {
        List<String> now = compute();
        List<String> recorded = GoldenFiles.record("java_vectors.txt", List.of(
                "Golden vectors computed by the Java fabric (CppGoldenVectorsTest); the C++ fabric_core_test",
                "checks its own arithmetic against them. Do not edit by hand."), now);
        assertTrue(recorded.size() > 400, "the golden file holds the cases: " + recorded.size());
        assertEquals(recorded, now);
    }
}
