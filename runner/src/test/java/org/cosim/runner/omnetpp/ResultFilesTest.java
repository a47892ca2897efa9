package org.cosim.runner.omnetpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The .sca/.vec reader: what OMNeT++ 6.1 writes, read back exactly, and nothing inexact accepted. */
class ResultFilesTest {
    @TempDir
    Path tmp;

    @Test
    void readsScalarsHistogramsAndVectorsExactly() throws IOException {
        Path sca = tmp.resolve("r.sca");
        Files.writeString(sca, """
                version 3
                run General-0-20261122
                attr configname General
                par IncastStar.bridge agents "\\"127.0.0.1:1\\""
                scalar IncastStar.bridge flow0:sentBytes 17711104
                scalar IncastStar.bridge reachedPs 299999999999
                scalar "IncastStar.a b" "odd name" 7
                statistic IncastStar.sampler queue0:lengthTime
                field count 3
                field mean 1094.3874352896
                bin\t-inf\t0
                bin\t0\t20000000000
                bin\t256\t123
                bin\t512\t0
                scalar IncastStar.sampler queue0:maxBytes 55168
                """);
        Path vec = tmp.resolve("r.vec");
        Files.writeString(vec, """
                version 3
                run General-0-20261122
                vector 0 IncastStar.client[0] flow0:rtt:vector ETV
                attr unit ps
                vector 1 IncastStar.client[1] flow4:rtt:vector ETV
                0\t12\t0.000021145600\t20000000
                1\t15\t0.1\t3
                0\t40\t0.299999999999\t21354480
                """);
        ResultFiles r = ResultFiles.read(sca, vec);
        assertEquals("17711104", r.scalar("IncastStar.bridge", "flow0:sentBytes"));
        assertEquals(299_999_999_999L, ResultFiles.exact(r.scalar("IncastStar.bridge", "reachedPs"), "reachedPs"));
        assertEquals("7", r.scalar("IncastStar.a b", "odd name"));
        assertEquals("123", r.histogram("IncastStar.sampler", "queue0:lengthTime").bins().get("256"));
        assertEquals(4, r.histogram("IncastStar.sampler", "queue0:lengthTime").bins().size());
        List<ResultFiles.Entry> rtt = r.vector("IncastStar.client[0]", "flow0:rtt:vector");
        assertEquals(2, rtt.size());
        assertEquals(new ResultFiles.Entry(12, 21_145_600, "20000000"), rtt.get(0));
        assertEquals(299_999_999_999L, rtt.get(1).timePs());
        assertEquals(100_000_000_000L, r.vector("IncastStar.client[1]", "flow4:rtt:vector").get(0).timePs());
    }

    @Test
    void exactRefusesWhatIsNotAnExactInteger() {
        assertEquals(9_007_199_254_740_991L, ResultFiles.exact("9007199254740991", "max"));
        assertEquals(-5, ResultFiles.exact("-5", "neg"));
        for (String bad : new String[] {"1.5", "9007199254740992", "1e300", "nan", "inf", ""}) {
            OmnetppException e = assertThrows(OmnetppException.class, () -> ResultFiles.exact(bad, "x"), bad);
            assertTrue(e.getMessage().contains("not an exact integer"), e.getMessage());
        }
    }

    @Test
    void fastPathsAgreeWithBigDecimal() {
        for (String v : new String[] {"0", "-0", "7", "-42", "123456789012345", "1234567890123456", "+5", "1e3",
                "12.0", "007"}) {
            long expected = new java.math.BigDecimal(v).longValueExact();
            assertEquals(expected, ResultFiles.exact(v, "v"), v);
        }
        for (String t : new String[] {"0", "0.1", "0.000123456789", "1.000000000001", "999.999999999999",
                "12", "1e-6", "0.123456789012000", "1000.5", "3.10"}) {
            long expected = new java.math.BigDecimal(t).movePointRight(12).longValueExact();
            assertEquals(expected, ResultFiles.timePs(t), t);
        }
        assertEquals(ResultFiles.plainSecondsPs("1.5"), 1_500_000_000_000L);
        assertTrue(ResultFiles.plainInteger("1.5") < 0 && ResultFiles.plainSecondsPs("1e-6") < 0
                && ResultFiles.plainSecondsPs("-0.5") < 0 && ResultFiles.plainSecondsPs("0.") < 0,
                "forms the fast paths leave to BigDecimal");
        assertThrows(ArithmeticException.class, () -> ResultFiles.timePs("0.0000000000001"), "below a picosecond");
    }

    @Test
    void fieldsHonourQuotesAndEscapes() {
        assertEquals(List.of("scalar", "A.b c", "n\"x", "1"), ResultFiles.fields("scalar \"A.b c\" \"n\\\"x\" 1"));
        assertEquals(List.of("bin", "-inf", "0"), ResultFiles.fields("bin\t-inf\t0"));
    }
}
