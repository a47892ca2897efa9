package org.cosim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.proto.Protocol;
import org.cosim.proto.Scenario;
import org.cosim.proto.Swift;
import org.cosim.proto.Timely;
import org.junit.jupiter.api.Test;

/** --set and --vary values that name a oneof member: `protocol=swift`, as `cosim sweep --vary protocol=...` uses. */
class OverridesTest {
    private static Scenario.Builder timely() {
        return Scenario.newBuilder().setProtocol(Protocol.newBuilder().setTimely(Timely.newBuilder().setTLowUs(50)));
    }

    @Test
    void aMemberNameSelectsThatMemberWithAllItsFieldsAtTheirDefaults() {
        Scenario.Builder b = timely();
        Overrides.apply(b, "protocol=swift");
        assertEquals(Protocol.newBuilder().setSwift(Swift.getDefaultInstance()).build(), b.getProtocol());
    }

    @Test
    void aMistypedMemberNameListsTheChoicesAndTheNearestOne() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> Overrides.apply(timely(), "protocol=swfit"));
        assertEquals("protocol", e.field());
        assertTrue(e.getMessage().contains("'swfit' is not one of its choices (timely, pfc_only, ndp")
                && e.getMessage().contains("did you mean 'swift'?"), e.getMessage());
    }

    @Test
    void aTextFormatValueStillSetsTheWholeMessage() {
        Scenario.Builder b = timely();
        Overrides.apply(b, "protocol={swift {beta: 0.5}}");
        assertEquals(0.5, b.getProtocol().getSwift().getBeta());
    }
}
