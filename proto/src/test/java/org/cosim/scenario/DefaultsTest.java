package org.cosim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import java.util.ArrayList;
import java.util.List;
import org.cosim.proto.Dctcp;
import org.cosim.proto.Incast;
import org.cosim.proto.Output;
import org.cosim.proto.Poseidon;
import org.cosim.proto.Scenario;
import org.cosim.proto.SwitchConfig;
import org.cosim.proto.Timely;
import org.cosim.proto.Window;
import org.junit.jupiter.api.Test;

/** The defaults scenario.proto declares on its fields, and Defaults, which reads them. */
class DefaultsTest {
    private static List<FieldDescriptor> everyField() {
        List<FieldDescriptor> out = new ArrayList<>();
        for (Descriptor d : Scenario.getDescriptor().getFile().getMessageTypes()) {
            collect(d, out);
        }
        return out;
    }

    private static void collect(Descriptor d, List<FieldDescriptor> out) {
        out.addAll(d.getFields());
        for (Descriptor nested : d.getNestedTypes()) {
            collect(nested, out);
        }
    }

    /** A field added as `optional` without saying what its absence means fails here, by name. */
    @Test
    void everyOptionalFieldDeclaresAValueAComputationOrWhatItsAbsenceTurnsOff() {
        List<String> undeclared = new ArrayList<>();
        int optional = 0;
        for (FieldDescriptor f : everyField()) {
            if (f.toProto().getProto3Optional()) {
                optional++;
                if (Defaults.declared(f).isEmpty()) {
                    undeclared.add(f.getFullName());
                }
            }
        }
        assertEquals(List.of(), undeclared, "optional fields of scenario.proto with none of [(default) = \"...\"], "
                + "[(computed) = \"...\"], [(absent) = \"...\"]");
        assertTrue(optional > 100, optional + " optional fields: the walk missed messages");
    }

    /** Each declared value reads as its field's type; only fields with presence declare anything. */
    @Test
    void everyDeclaredValueReadsAsItsFieldsTypeAndOnlyFieldsWithPresenceDeclare() {
        int values = 0;
        for (FieldDescriptor f : everyField()) {
            if (Defaults.declared(f).isEmpty()) {
                continue;
            }
            assertTrue(f.hasPresence() && !f.isRepeated(), f.getFullName() + " declares a default but reads as "
                    + "proto3's zero when absent: mark it optional");
            if (Defaults.declared(f).get().kind() == Defaults.Kind.VALUE) {
                Defaults.value(f);  // throws, naming the field, if the text does not read
                values++;
            }
        }
        assertTrue(values > 80, values + " declared values");
    }

    @Test
    void anAbsentFieldReadsAsItsDeclaredValueInItsOwnTypeAndASetOneAsItself() {
        Timely none = Timely.getDefaultInstance();
        assertEquals(50.0, Defaults.doubleOf(none, "t_low_us"));
        assertEquals(7.0, Defaults.doubleOf(Timely.newBuilder().setTLowUs(7).build(), "t_low_us"));
        assertEquals(16384, Defaults.intOf(none, "segment_bytes"));
        assertTrue(Defaults.boolOf(none, "hai"));
        assertFalse(Defaults.boolOf(Timely.newBuilder().setHai(false).build(), "hai"));
        // 12 MiB = 12 x 2^20 = 12,582,912 bytes, a uint64 read as a long
        assertEquals(12_582_912L, Defaults.longOf(SwitchConfig.getDefaultInstance(), "buffer_bytes"));
        // a fraction: 1/16 = 0.0625 exactly, as 1.0 / 16
        assertEquals(1.0 / 16, Defaults.doubleOf(Dctcp.getDefaultInstance(), "g"));
        assertEquals(Incast.SenderChoice.KEYED_SAMPLE.getValueDescriptor(),
                Defaults.enumOf(Incast.getDefaultInstance(), "sender_choice"));
        // a uint32 above 2^31 - 1 comes back with the generated getter's bits: 4,294,967,295 as -1
        assertEquals(-1, Defaults.intOf(Timely.newBuilder().setSegmentBytes(-1).build(), "segment_bytes"));
    }

    /** Asking for what the schema does not declare is the code's mistake: it fails whatever the scenario says. */
    @Test
    void askingForAValueTheSchemaDoesNotDeclareFailsNamingTheField() {
        Timely set = Timely.newBuilder().setMinRttUs(20).build();
        assertTrue(assertThrows(IllegalStateException.class, () -> Defaults.doubleOf(set, "min_rtt_us"))
                .getMessage().startsWith("cosim.scenario.Timely.min_rtt_us has no default value: scenario.proto "
                        + "declares it (computed) = \"the unloaded path RTT\""));
        assertEquals("cosim.scenario.Timely.t_low_us is a double field, read here as a int",
                assertThrows(IllegalStateException.class,
                        () -> Defaults.intOf(Timely.getDefaultInstance(), "t_low_us")).getMessage());
        assertTrue(assertThrows(IllegalStateException.class,
                () -> Defaults.doubleOf(Scenario.getDefaultInstance(), "duration_us")).getMessage()
                .startsWith("cosim.scenario.Scenario.duration_us is not `optional`"));
        assertTrue(assertThrows(IllegalStateException.class,
                () -> Defaults.messageOf(Poseidon.getDefaultInstance(), "window")).getMessage()
                .startsWith("cosim.scenario.Poseidon.window declares no default"));
        assertEquals("cosim.scenario.Timely has no field t_lo_us", assertThrows(IllegalArgumentException.class,
                () -> Defaults.doubleOf(Timely.getDefaultInstance(), "t_lo_us")).getMessage());
    }

    /** Dctcp.window [(default) = "min_cwnd_packets: 1"]: the window's floor unless the scenario sets one. */
    @Test
    void aMessageFieldsDefaultFillsOnlyWhatTheScenarioLeavesOut() {
        Window absent = Defaults.messageOf(Dctcp.getDefaultInstance(), "window");
        assertEquals(Window.newBuilder().setMinCwndPackets(1).build(), absent);
        Dctcp own = Dctcp.newBuilder().setWindow(Window.newBuilder().setMinCwndPackets(0.5).setSegmentBytes(1000))
                .build();
        assertEquals(Window.newBuilder().setMinCwndPackets(0.5).setSegmentBytes(1000).build(),
                Defaults.messageOf(own, "window"));
    }

    @Test
    void withDefaultsSetsEveryDeclaredValueAndLeavesComputedAndOffFieldsAbsent() {
        Dctcp d = Defaults.withDefaults(Dctcp.getDefaultInstance());
        assertEquals(1.0 / 16, d.getG());
        assertEquals(1.0, d.getWindow().getMinCwndPackets());  // Dctcp's own, not Window's 0.001
        assertEquals(256.0, d.getWindow().getMaxCwndPackets());
        assertFalse(d.getWindow().hasInitialCwndPackets());  // computed: one BDP
        assertFalse(d.getWindow().hasPlb());  // absent: off
        Timely t = Defaults.withDefaults(Timely.getDefaultInstance());
        assertTrue(t.hasTLowUs() && t.hasScaleUpdates() && !t.hasMinRttUs() && !t.hasNicPacingMbps());
    }

    /** OutputSettings reads what the schema declares: an empty Output and one with every default set agree. */
    @Test
    void outputSettingsAgreeWithTheDeclaredDefaults() {
        Output none = Output.newBuilder().setAgentState(true).build();
        Output filled = Defaults.withDefaults(none);
        assertTrue(filled.hasSampleIntervalUs());
        assertEquals(OutputSettings.sampleIntervalUs(filled), OutputSettings.sampleIntervalUs(none));
        assertEquals(OutputSettings.stateIntervalPs(filled), OutputSettings.stateIntervalPs(none));
        assertEquals(OutputSettings.stateIntervalPs(Defaults.withDefaults(Output.getDefaultInstance())),
                OutputSettings.stateIntervalPs(Output.getDefaultInstance()));
    }
}
