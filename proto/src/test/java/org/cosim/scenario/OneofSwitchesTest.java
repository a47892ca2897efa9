package org.cosim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.cosim.proto.Scenario;
import org.junit.jupiter.api.Test;

class OneofSwitchesTest {
    private static Scenario of(String text) {
        return ScenarioFiles.read(text, null);
    }

    @Test
    void aNestedOneofIsNamedByItsPathAndAMemberOfOptionalFieldsNeedsNothing() {
        Scenario before = of("topology { incast_star { clients: 2 } switches { priority {} } }");
        Scenario after = ScenarioFiles.withOverrides(before, List.of("topology.switches.ndp.header_weight=4"));
        List<OneofSwitches.Switch> s = OneofSwitches.switches(before, after);
        assertEquals(1, s.size());
        assertEquals("topology.switches.priority -> topology.switches.ndp", s.get(0).line());
        // NdpQueues: every number optional (a default each); strict_priority a bool, false by default.
        assertEquals(List.of(), s.get(0).unsetWithoutDefault());
    }

    @Test
    void theNewMembersNumbersWithoutDefaultAreListedInTheSchemasOrderLeavingOutTheOnesSet() {
        Scenario before = of("topology { incast_star { clients: 2 } }");
        Scenario after = ScenarioFiles.withOverrides(before, List.of("topology.leaf_spine.spines=2"));
        OneofSwitches.Switch s = OneofSwitches.switches(before, after).get(0);
        assertEquals("topology.leaf_spine", s.member());
        assertEquals(List.of("leaves", "hosts_per_leaf", "host_rate_gbps", "spine_rate_gbps", "link_delay_us"),
                s.unsetWithoutDefault());
    }

    @Test
    void onlyARefusalInsideTheChosenMemberIsExplained() {
        Scenario before = of("workload { poisson { sizes { fixed_bytes: 1000 } load: 0.5 } }");
        Scenario.Builder b = before.toBuilder();
        b.getWorkloadBuilder().getPoissonBuilder().getSizesBuilder().setCdf("websearch");
        Scenario after = b.build();
        ScenarioException inside = new ScenarioException("workload.poisson.sizes.cdf", "bad");
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> OneofSwitches.explained(before, after, () -> { throw inside; }));
        // A member that is not a message (a string) has no fields to list.
        assertEquals("workload.poisson.sizes.cdf: switching workload.poisson.sizes from fixed_bytes to cdf (its "
                + "fields not set take their defaults); refused: workload.poisson.sizes.cdf: bad", e.getMessage());
        ScenarioException outside = new ScenarioException("workload.poisson.load", "bad");
        assertSame(outside, assertThrows(ScenarioException.class,
                () -> OneofSwitches.explained(before, after, () -> { throw outside; })));
        assertEquals("ok", OneofSwitches.explained(before, after, () -> "ok"));
    }
}
