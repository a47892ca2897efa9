package org.cosim.agents.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.cosim.agents.custom.CustomRateLawConfig;
import org.cosim.agents.custom.CustomWindowLawConfig;
import org.cosim.agents.dcqcn.DcqcnConfig;
import org.cosim.agents.dctcp.DctcpConfig;
import org.cosim.agents.fast.FastConfig;
import org.cosim.agents.hpcc.HpccConfig;
import org.cosim.agents.mptcp.MptcpConfig;
import org.cosim.agents.ndp.NdpConfig;
import org.cosim.agents.pfconly.PfcOnlyConfig;
import org.cosim.agents.poseidon.PoseidonConfig;
import org.cosim.agents.swift.SwiftConfig;
import org.cosim.agents.timely.TimelyConfig;
import org.cosim.agents.window.PlbConfig;
import org.cosim.agents.window.WindowConfig;
import org.cosim.proto.CustomRateLaw;
import org.cosim.proto.CustomWindowLaw;
import org.cosim.proto.Dcqcn;
import org.cosim.proto.Dctcp;
import org.cosim.proto.Fast;
import org.cosim.proto.Hpcc;
import org.cosim.proto.Mptcp;
import org.cosim.proto.Ndp;
import org.cosim.proto.PfcOnly;
import org.cosim.proto.Plb;
import org.cosim.proto.Poseidon;
import org.cosim.proto.Protocol;
import org.cosim.proto.Swift;
import org.cosim.proto.Timely;
import org.cosim.proto.Window;
import org.cosim.scenario.Defaults;
import org.junit.jupiter.api.Test;

/**
 * Every protocol's config applies the defaults scenario.proto declares: resolved from an empty message and from
 * the same message with every declared default set (Defaults.withDefaults), it comes out the same, component by
 * component. A config that kept a number of its own for a field would differ here, naming the component.
 */
class ConfigDefaultsTest {
    private static final String RATE_LAW = "import org.cosim.agents.custom.*; "
            + "class Flat implements org.cosim.agents.sender.RateControl { Flat(LawParameters p, RateFlow f) { } "
            + "public double rateBps() { return 1e9; } public void onRttSample(long rtt) { } }";
    private static final String WINDOW_LAW = "import org.cosim.agents.custom.LawParameters; "
            + "import org.cosim.agents.window.*; class Same implements WindowLaw { Same(LawParameters p) { } "
            + "public double onAck(CongestionWindow w, AckSample a) { return w.cwnd(); } "
            + "public double lossDecrease() { return 0.5; } }";
    private static final long BASE_RTT_PS = 6_400_000;  // 6.4 us
    private static final int MTU_BYTES = 1500;

    /** Each member of Protocol: an empty message of its kind and the config it resolves to. */
    private static Map<String, Case> cases() {
        Map<String, Case> c = new LinkedHashMap<>();
        c.put("timely", new Case(Timely.getDefaultInstance(), m -> TimelyConfig.from((Timely) m, BASE_RTT_PS)));
        c.put("pfc_only", new Case(PfcOnly.getDefaultInstance(), m -> PfcOnlyConfig.from((PfcOnly) m)));
        c.put("ndp", new Case(Ndp.getDefaultInstance(), m -> NdpConfig.from((Ndp) m, MTU_BYTES)));
        c.put("poseidon", new Case(Poseidon.getDefaultInstance(), m -> PoseidonConfig.from((Poseidon) m)));
        c.put("swift", new Case(Swift.getDefaultInstance(), m -> SwiftConfig.from((Swift) m)));
        c.put("dctcp", new Case(Dctcp.getDefaultInstance(), m -> DctcpConfig.from((Dctcp) m)));
        c.put("dcqcn", new Case(Dcqcn.getDefaultInstance(), m -> DcqcnConfig.from((Dcqcn) m)));
        c.put("hpcc", new Case(Hpcc.getDefaultInstance(), m -> HpccConfig.from((Hpcc) m, BASE_RTT_PS)));
        c.put("mptcp", new Case(Mptcp.getDefaultInstance(), m -> MptcpConfig.from((Mptcp) m)));
        c.put("fast", new Case(Fast.getDefaultInstance(), m -> FastConfig.from((Fast) m)));
        // the law's class is compiled anew each time: compare what the scenario's fields give
        c.put("custom_window_law", new Case(CustomWindowLaw.newBuilder().setSource(WINDOW_LAW).build(),
                m -> CustomWindowLawConfig.from((CustomWindowLaw) m).window()));
        c.put("custom_rate_law", new Case(CustomRateLaw.newBuilder().setSource(RATE_LAW).build(), m -> {
            CustomRateLawConfig r = CustomRateLawConfig.from((CustomRateLaw) m);
            return new int[] {r.segmentBytes(), r.maxOutstandingSegments()};
        }));
        return c;
    }

    private record Case(Message empty, Function<Message, Object> resolve) {}

    @Test
    void everyProtocolsConfigResolvesAnEmptyMessageAsOneWithEveryDeclaredDefaultSet() {
        Map<String, Case> cases = cases();
        for (FieldDescriptor p : Protocol.getDescriptor().getFields()) {
            assertTrue(cases.containsKey(p.getName()), "protocol " + p.getName() + " has no case here: add it");
        }
        for (Map.Entry<String, Case> e : cases.entrySet()) {
            Message empty = e.getValue().empty();
            Message filled = Defaults.withDefaults(empty);
            assertNotEquals(empty, filled, e.getKey() + ": no declared default was set");
            assertSame("protocol." + e.getKey(), e.getValue().resolve().apply(empty),
                    e.getValue().resolve().apply(filled));
        }
    }

    /** The shared window sender and PLB on their own (Dctcp's window above brings its own floor). */
    @Test
    void theWindowSendersAndPlbsSettingsToo() {
        Window w = Window.newBuilder().setPlb(Plb.getDefaultInstance()).build();
        assertSame("window", WindowConfig.from(w, "window"), WindowConfig.from(Defaults.withDefaults(w), "window"));
        assertSame("plb", PlbConfig.from(Plb.getDefaultInstance(), "plb"),
                PlbConfig.from(Defaults.withDefaults(Plb.getDefaultInstance()), "plb"));
        // Dctcp's declared window default replaces Window's own floor: one packet, not 0.001
        assertEquals(1.0, DctcpConfig.from(Dctcp.getDefaultInstance()).window().minCwndPackets());
        assertEquals(0.001, SwiftConfig.from(Swift.getDefaultInstance()).window().minCwndPackets());
    }

    /** Records compared component by component (arrays by content, NaN equal to NaN), named on a difference. */
    private static void assertSame(String at, Object fromEmpty, Object fromFilled) {
        if (fromEmpty instanceof Record r) {
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                try {
                    assertSame(at + "." + c.getName(), c.getAccessor().invoke(fromEmpty),
                            c.getAccessor().invoke(fromFilled));
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(at + "." + c.getName(), e);
                }
            }
            return;
        }
        assertTrue(Objects.deepEquals(fromEmpty, fromFilled), at + ": " + fromEmpty + " from the empty message, "
                + fromFilled + " with every declared default set");
    }
}
