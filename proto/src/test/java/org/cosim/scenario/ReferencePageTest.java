package org.cosim.scenario;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/scenario-reference.md is what {@link ReferencePage} writes from scenario.proto; with
 * -Dcosim.reference.write=true this test rewrites it.
 */
class ReferencePageTest {
    private static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("proto/scenario.proto"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("no proto/scenario.proto above " + Path.of("").toAbsolutePath());
        }
        return p;
    }

    @Test
    void theCommittedPageIsTheOneTheSchemaAndItsCommentsGive() throws IOException {
        Path file = root().resolve(ReferencePage.PAGE);
        String page = ReferencePage.markdown(root());
        if (Boolean.getBoolean("cosim.reference.write")) {
            Files.writeString(file, page);
        }
        String[] want = page.split("\n", -1);
        String[] have = Files.exists(file) ? Files.readString(file).split("\n", -1) : new String[0];
        for (int i = 0; i < Math.max(want.length, have.length); i++) {
            String w = i < want.length ? want[i] : "(end of page)";
            String h = i < have.length ? have[i] : "(end of file)";
            if (!w.equals(h)) {
                fail(ReferencePage.PAGE + " differs from scenario.proto at line " + (i + 1) + ": it has\n  " + h
                        + "\nthe schema gives\n  " + w + "\nrewrite it with: " + ReferencePage.REGENERATE);
            }
        }
    }

    /** Rows as the schema declares them: the default from the field's option, units from the names. */
    @Test
    void rowsTakeTheDefaultFromTheOptionTheUnitFromTheNameAndTheReadersFromTheProtocols() {
        String page = ReferencePage.markdown(root());
        for (String row : new String[] {
            // (default): the value as the option writes it, the comment's prose beside it
            "| `beta` | optional double |  | 0.8 | timely | multiplicative decrease |",
            "| `t_low_us` | optional double | µs | 50 | timely |  |",
            "| `g` | optional double |  | 1/16 | dctcp | the EWMA gain of alpha (the paper's) |",
            "| `buffer_bytes` | optional uint64 | bytes | 12582912 | all |",
            "| `pipeline_depth` | optional uint32 |  | 1 | all |",
            // (computed) and (absent): their words, marked as such
            "| `w_ai_bytes` | optional double | bytes | computed: W_init (1 - eta) / expected_flows (the HPCC paper's "
                    + "rule), W_init = NIC rate x T | hpcc |",
            "| `ecn_threshold_bytes` | optional uint64 | bytes | absent: off | all |",
            // a message field's default, and the value it gives a field of the shared message
            "| `window` | Window |  | `min_cwnd_packets: 1` | dctcp |",
            "| `min_cwnd_packets` | optional double | packets (MTUs) | 0.001; in `protocol.dctcp.window`: 1 |",
            // without optional: proto3's zero
            "| `flow_bytes` | uint64 | bytes | 0 | all | 0: long-lived |",
            "| `reference` | LoadReference |  | SENDER_LINKS | all |",
            "| `link_rate_gbps` | double | Gb/s | 0 | all |  |",
            // a message several protocols share: each of them, in Protocol's order
            "| `min_rto_us` | optional double | µs | 100 | poseidon, swift, dctcp, hpcc, custom_window_law |",
        }) {
            assertTrue(page.contains(row), row);
        }
        assertTrue(page.contains("## `protocol.poseidon.window` (Window)\n\nAlso at: `protocol.swift.window`, "
                + "`protocol.dctcp.window`, `protocol.hpcc.window`, `protocol.custom_window_law.window`."), "Window");
        assertTrue(page.contains("Checked in [TimelyConfig.java](../java-agents/src/main/java/org/cosim/agents/"
                + "timely/TimelyConfig.java)."), "the link to the checks");
    }
}
