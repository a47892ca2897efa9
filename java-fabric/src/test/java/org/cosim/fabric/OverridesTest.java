package org.cosim.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.cosim.proto.Scenario;
import org.cosim.scenario.Overrides;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/** `--set field.path=value` through the descriptors: scalars, indices, appending to repeated fields, errors. */
class OverridesTest {
    private static Scenario apply(String text, String... sets) {
        Scenario.Builder b = TestScenarios.parse(text).toBuilder();
        for (String s : sets) {
            Overrides.apply(b, s);
        }
        return b.build();
    }

    @Test
    void scalarsIndicesAndMessages() {
        Scenario s = apply("workload { flow_list { flows { src: 1 dst: 0 } flows { src: 2 dst: 0 } } }",
                "seed=9", "workload.flow_list.flows[1].src=3", "protocol.timely={t_low_us: 40}");
        assertEquals(9, s.getSeed());
        assertEquals(3, s.getWorkload().getFlowList().getFlows(1).getSrc());
        assertEquals(40, s.getProtocol().getTimely().getTLowUs());
    }

    @Test
    void theIndexOnePastTheLastAppends() {
        Scenario s = apply("topology { link_changes { a: \"x\" b: \"y\" at_us: 1 rate_gbps: 1 } }",
                "topology.link_changes[1]={a: \"core[0]\" b: \"agg[1][0]\" at_us: 5000 rate_gbps: 0}",
                "topology.link_changes[2].a=p", "protocol.ndp.prioritized_flows[0]=4",
                "protocol.ndp.prioritized_flows[1]=7");
        assertEquals(3, s.getTopology().getLinkChangesCount());
        assertEquals("core[0]", s.getTopology().getLinkChanges(1).getA());
        assertEquals(5000, s.getTopology().getLinkChanges(1).getAtUs());
        assertEquals("p", s.getTopology().getLinkChanges(2).getA(), "appended, then its field set");
        assertEquals(List.of(4, 7), s.getProtocol().getNdp().getPrioritizedFlowsList());
    }

    @Test
    void anIndexFurtherOutIsNamed() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> apply("seed: 1", "topology.link_changes[1].a=x"));
        assertEquals("topology.link_changes", e.field());
        assertTrue(e.getMessage().contains("index 1 out of range (it has 0 elements; [0] appends one)"),
                e.getMessage());
    }

    @Test
    void anIndexBeyondIntIsOutOfRangeToo() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> apply("workload { flow_list { flows { src: 1 dst: 0 } } }",
                        "workload.flow_list.flows[99999999999].src=1"));
        assertEquals("workload.flow_list.flows", e.field());
        assertTrue(e.getMessage().contains("index 99999999999 out of range (it has 1 elements"), e.getMessage());
    }

    @Test
    void everyEmptyPathSegmentIsRefused() {
        for (String path : List.of(".", "..", "seed.", ".seed", "topology.incast_star.clients..", "a..b")) {
            ScenarioException e = assertThrows(ScenarioException.class, () -> apply("seed: 1", path + "=3"), path);
            assertEquals(path, e.field());
            assertTrue(e.getMessage().contains("malformed field path: segment ") && e.getMessage().contains(" ('') "
                    + "is not a field name; an override looks like field.path=value"), e.getMessage());
        }
    }

    /** A number --set takes is one a scenario file takes, with the same value; one a file refuses, it refuses. */
    @Test
    void numbersAreSpelledAsInAFile() {
        for (String field : List.of("duration_us", "seed", "topology.incast_star.clients")) {
            String name = field.substring(field.lastIndexOf('.') + 1);
            for (String v : List.of("100", "+5", "-5", "1e3", "1.5e-3", ".5", "5.", "100f", "inf", "-inf",
                    "Infinity", "nan", "NaN", "1e400", "0x10", "010", "1_000", "ten", "5 6", "99999999999")) {
                String text = field.equals("seed") || field.equals("duration_us") ? name + ": " + v
                        : "topology { incast_star { " + name + ": " + v + " } }";
                Scenario fromFile;
                try {
                    fromFile = TestScenarios.parse(text);
                } catch (ScenarioException e) {
                    ScenarioException e2 = assertThrows(ScenarioException.class, () -> apply("", field + "=" + v),
                            field + "=" + v + " is refused in a file: " + e.getMessage());
                    assertEquals(field, e2.field());
                    assertTrue(e2.getMessage().contains("'" + v + "' is not a valid"), e2.getMessage());
                    continue;
                }
                assertEquals(fromFile, apply("", field + "=" + v), field + "=" + v);
            }
        }
    }
}
