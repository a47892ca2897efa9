package org.cosim.agents.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.pfconly.PfcOnlyAgent;
import org.cosim.agents.timely.TimelyAgent;
import org.cosim.proto.PfcOnly;
import org.cosim.proto.Protocol;
import org.cosim.proto.Timely;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

class ProtocolCatalogTest {

    @Test
    void nameOfTimelyProtocolIsTimely() {
        Protocol p = Protocol.newBuilder().setTimely(Timely.getDefaultInstance()).build();
        assertEquals("timely", ProtocolCatalog.nameOf(p));
    }

    @Test
    void nameOfPfcOnlyProtocolIsPfcOnly() {
        Protocol p = Protocol.newBuilder().setPfcOnly(PfcOnly.getDefaultInstance()).build();
        assertEquals("pfc_only", ProtocolCatalog.nameOf(p));
    }

    @Test
    void nameOfProtocolWithNothingChosenThrows() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ProtocolCatalog.nameOf(Protocol.getDefaultInstance()));
        assertEquals("protocol", e.field());
        assertTrue(e.getMessage().contains("no protocol chosen"), e.getMessage());
        assertTrue(e.getMessage().contains("[ndp, pfc_only, timely]"), e.getMessage());
    }

    @Test
    void factoriesMakeTheNamedAgent() {
        AgentContext ctx = new AgentContext(1_000_000L, 20_000_000L, 1L, Protocol.getDefaultInstance());
        HostInfo h = new HostInfo(0, 10_000_000_000L);
        assertInstanceOf(TimelyAgent.class, ProtocolCatalog.factory("timely").create(h, ctx));
        assertInstanceOf(PfcOnlyAgent.class, ProtocolCatalog.factory("pfc_only").create(h, ctx));
    }

    @Test
    void unknownProtocolNameIsAContractViolation() {
        ContractViolation e = assertThrows(ContractViolation.class, () -> ProtocolCatalog.factory("dctcp"));
        assertTrue(e.getMessage().contains("unknown protocol 'dctcp'"), e.getMessage());
    }

    @Test
    void validateNamesTheBadTimelyField() {
        Protocol p = Protocol.newBuilder().setTimely(Timely.newBuilder().setBeta(0)).build();
        ScenarioException e = assertThrows(ScenarioException.class, () -> ProtocolCatalog.validate(p, 20_000_000L));
        assertEquals("protocol.timely.beta", e.field());
    }

    @Test
    void validateNamesTheBadPfcOnlyField() {
        Protocol p = Protocol.newBuilder().setPfcOnly(PfcOnly.newBuilder().setSegmentBytes(0)).build();
        ScenarioException e = assertThrows(ScenarioException.class, () -> ProtocolCatalog.validate(p, 20_000_000L));
        assertEquals("protocol.pfc_only.segment_bytes", e.field());
    }

    @Test
    void validateRejectsAMissingProtocol() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ProtocolCatalog.validate(Protocol.getDefaultInstance(), 20_000_000L));
        assertEquals("protocol", e.field());
    }
}
