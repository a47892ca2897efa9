package org.cosim.agents.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        assertTrue(e.getMessage().contains("[custom_rate_law, custom_window_law, dcqcn, dctcp, fast, hpcc, mptcp, ndp, pfc_only, poseidon, swift, timely]"),
                e.getMessage());
    }

    @Test
    void factoriesMakeTheNamedAgent() {
        AgentContext ctx = new AgentContext(1_000_000L, 20_000_000L, 1L, Protocol.getDefaultInstance());
        HostInfo h = new HostInfo(0, 10_000_000_000L);
        assertInstanceOf(TimelyAgent.class, ProtocolCatalog.factory("timely").create(h, ctx));
        assertInstanceOf(PfcOnlyAgent.class, ProtocolCatalog.factory("pfc_only").create(h, ctx));
        assertInstanceOf(org.cosim.agents.poseidon.PoseidonAgent.class, ProtocolCatalog.factory("poseidon").create(h, ctx));
        assertInstanceOf(org.cosim.agents.swift.SwiftAgent.class, ProtocolCatalog.factory("swift").create(h, ctx));
    }

    /** A session of 3 hosts reads its protocol's configuration once and gives every host's agent that one. */
    @Test
    void aSessionReadsItsProtocolsConfigurationOnceForAllItsHosts() {
        java.util.List<String> reads = new java.util.ArrayList<>();
        java.util.List<String> seen = new java.util.ArrayList<>();
        AgentFactory f = AgentFactory.of(ctx -> {
            reads.add("read");
            return "config " + reads.size();
        }, (host, ctx, config) -> {
            seen.add(host.id() + ": " + config);
            return ProtocolCatalog.factory("pfc_only").create(host, ctx);
        });
        AgentContext ctx = new AgentContext(1_000_000L, 20_000_000L, 1L, Protocol.getDefaultInstance());
        java.util.function.Function<HostInfo, org.cosim.agents.api.Agent> make = f.forSession(ctx);
        for (int h = 0; h < 3; h++) {
            assertInstanceOf(PfcOnlyAgent.class, make.apply(new HostInfo(h, 10_000_000_000L)));
        }
        assertEquals(1, reads.size());
        assertEquals(java.util.List.of("0: config 1", "1: config 1", "2: config 1"), seen);
    }

    @Test
    void validateNamesTheBadPoseidonAndSwiftFields() {
        Protocol p = Protocol.newBuilder().setPoseidon(org.cosim.proto.Poseidon.newBuilder().setM(3)).build();
        assertEquals("protocol.poseidon.m",
                assertThrows(ScenarioException.class, () -> ProtocolCatalog.validate(p, 1)).field());
        Protocol s = Protocol.newBuilder().setSwift(org.cosim.proto.Swift.newBuilder().setBeta(0)).build();
        assertEquals("protocol.swift.beta",
                assertThrows(ScenarioException.class, () -> ProtocolCatalog.validate(s, 1)).field());
    }

    @Test
    void poseidonNeedsIntUnlessItRunsInBrownfield() {
        org.cosim.proto.Scenario.Builder sc = org.cosim.proto.Scenario.newBuilder().setProtocol(
                Protocol.newBuilder().setPoseidon(org.cosim.proto.Poseidon.getDefaultInstance()));
        ScenarioException e = assertThrows(ScenarioException.class, () -> ProtocolCatalog.validate(sc.build(), 1));
        assertEquals("topology.switches.int_telemetry.enabled", e.field());
        sc.getTopologyBuilder().getSwitchesBuilder().getIntTelemetryBuilder().setEnabled(true);
        ProtocolCatalog.validate(sc.build(), 1);
        sc.getTopologyBuilder().getSwitchesBuilder().getIntTelemetryBuilder().setEnabled(false);
        sc.getProtocolBuilder().getPoseidonBuilder().setBrownfield(true);
        ProtocolCatalog.validate(sc.build(), 1);
        // Swift does not read INT.
        ProtocolCatalog.validate(org.cosim.proto.Scenario.newBuilder().setProtocol(
                Protocol.newBuilder().setSwift(org.cosim.proto.Swift.getDefaultInstance())).build(), 1);
    }

    /**
     * A baseline's agent is made by its name, its parameters are checked (a bad one is
     * named) and a scenario without the switch feature it needs is refused, naming it.
     */
    private static org.cosim.proto.Scenario.Builder assertMadeAndChecked(Protocol p, String name, Class<?> agent,
                                                                        long nicBps, Protocol bad, String badField,
                                                                        String neededField) {
        assertEquals(name, ProtocolCatalog.nameOf(p));
        AgentContext ctx = new AgentContext(1_000_000L, 6_000_000L, 1L, p);
        assertInstanceOf(agent, ProtocolCatalog.factory(name).create(new HostInfo(0, nicBps), ctx));
        assertEquals(badField, assertThrows(ScenarioException.class, () -> ProtocolCatalog.validate(bad, 1)).field());
        org.cosim.proto.Scenario.Builder sc = org.cosim.proto.Scenario.newBuilder().setProtocol(p);
        ScenarioException e = assertThrows(ScenarioException.class, () -> ProtocolCatalog.validate(sc.build(), 1));
        assertEquals(neededField, e.field());
        return sc;
    }

    @Test
    void hpccIsMadeValidatedAndNeedsIntSwitches() {
        Protocol h = Protocol.newBuilder().setHpcc(org.cosim.proto.Hpcc.getDefaultInstance()).build();
        org.cosim.proto.Scenario.Builder sc = assertMadeAndChecked(h, "hpcc", org.cosim.agents.hpcc.HpccAgent.class,
                200_000_000_000L, Protocol.newBuilder().setHpcc(org.cosim.proto.Hpcc.newBuilder().setEta(2)).build(),
                "protocol.hpcc.eta", "topology.switches.int_telemetry.enabled");
        sc.getTopologyBuilder().getSwitchesBuilder().getIntTelemetryBuilder().setEnabled(true);
        ProtocolCatalog.validate(sc.build(), 1);
    }

    @Test
    void dcqcnIsMadeValidatedAndNeedsEcnMarkingSwitches() {
        Protocol d = Protocol.newBuilder().setDcqcn(org.cosim.proto.Dcqcn.getDefaultInstance()).build();
        org.cosim.proto.Scenario.Builder sc = assertMadeAndChecked(d, "dcqcn", org.cosim.agents.dcqcn.DcqcnAgent.class,
                10_000_000_000L, Protocol.newBuilder().setDcqcn(org.cosim.proto.Dcqcn.newBuilder().setG(2)).build(),
                "protocol.dcqcn.g", "topology.switches.ecn_threshold_bytes");
        assertTrue(ProtocolCatalog.closesFlows(d));
        sc.getTopologyBuilder().getSwitchesBuilder().setEcnThresholdBytes(180_000);
        ProtocolCatalog.validate(sc.build(), 1);
    }

    @Test
    void mptcpIsMadeFromTheMtuAndValidated() {
        Protocol m = Protocol.newBuilder().setMptcp(org.cosim.proto.Mptcp.getDefaultInstance()).build();
        assertEquals("mptcp", ProtocolCatalog.nameOf(m));
        AgentContext ctx = new AgentContext(1_000_000L, 20_000_000L, 1L, m, 9000);
        assertInstanceOf(org.cosim.agents.mptcp.MptcpAgent.class,
                ProtocolCatalog.factory("mptcp").create(new HostInfo(0, 10_000_000_000L), ctx));
        assertTrue(ProtocolCatalog.closesFlows(m));
        Protocol bad = Protocol.newBuilder().setMptcp(org.cosim.proto.Mptcp.newBuilder().setSubflows(0)).build();
        assertEquals("protocol.mptcp.subflows",
                assertThrows(ScenarioException.class, () -> ProtocolCatalog.validate(bad, 1)).field());
    }

    @Test
    void fastIsMadeValidatedAndClosesFlowsLikeTimely() {
        Protocol f = Protocol.newBuilder().setFast(org.cosim.proto.Fast.getDefaultInstance()).build();
        assertEquals("fast", ProtocolCatalog.nameOf(f));
        AgentContext ctx = new AgentContext(1_000_000L, 20_000_000L, 1L, f);
        assertInstanceOf(org.cosim.agents.fast.FastAgent.class,
                ProtocolCatalog.factory("fast").create(new HostInfo(0, 10_000_000_000L), ctx));
        assertTrue(ProtocolCatalog.closesFlows(f));
        Protocol bad = Protocol.newBuilder().setFast(org.cosim.proto.Fast.newBuilder().setGamma(1.5)).build();
        assertEquals("protocol.fast.gamma",
                assertThrows(ScenarioException.class, () -> ProtocolCatalog.validate(bad, 1)).field());
    }

    @Test
    void unknownProtocolNameIsAContractViolation() {
        ContractViolation e = assertThrows(ContractViolation.class, () -> ProtocolCatalog.factory("fastpass"));
        assertTrue(e.getMessage().contains("unknown protocol 'fastpass'"), e.getMessage());
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

    @Test
    void everySenderFamilyButNdpClosesFlows() {
        for (String text : new String[] {"timely {}", "pfc_only {}", "dcqcn {}", "fast {}", "poseidon {}", "swift {}",
                "hpcc {}", "dctcp {}", "mptcp {}"}) {
            assertTrue(ProtocolCatalog.closesFlows(protocol(text)), text);
        }
        assertFalse(ProtocolCatalog.closesFlows(protocol("ndp {}")));
    }

    private static Protocol protocol(String text) {
        try {
            Protocol.Builder b = Protocol.newBuilder();
            com.google.protobuf.TextFormat.merge(text, b);
            return b.build();
        } catch (com.google.protobuf.TextFormat.ParseException e) {
            throw new AssertionError(e);
        }
    }

    /** Host 0 on a 10 Gb/s NIC sends to host 1, whose NIC runs at 40 Gb/s. */
    private static SessionSpec tenToForty(Protocol p) {
        return new SessionSpec(java.util.List.of(new HostInfo(0, 10_000_000_000L), new HostInfo(1, 40_000_000_000L)),
                java.util.List.of(ProtocolCatalog.nameOf(p), ProtocolCatalog.nameOf(p)),
                java.util.List.of(new FlowInfo(0, 0, 1, 0)), new AgentContext(1_000_000L, 20_000_000L, 1L, p));
    }

    @Test
    void aRateFloorAboveTheSendersLineRateIsRefused() {
        Protocol timely = Protocol.newBuilder().setTimely(Timely.newBuilder().setMinRateMbps(20_000)).build();
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ProtocolCatalog.checkRateFloor(timely, tenToForty(timely)));
        assertEquals("protocol.timely.min_rate_mbps", e.field());
        assertTrue(e.getMessage().contains("above the 10.0 Gb/s NIC of host 0"), e.getMessage());
        Protocol dcqcn = Protocol.newBuilder().setDcqcn(org.cosim.proto.Dcqcn.newBuilder().setMinRateMbps(10_001))
                .build();
        assertEquals("protocol.dcqcn.min_rate_mbps", assertThrows(ScenarioException.class,
                () -> ProtocolCatalog.checkRateFloor(dcqcn, tenToForty(dcqcn))).field());
        Protocol fast = Protocol.newBuilder().setFast(org.cosim.proto.Fast.newBuilder().setMinRateMbps(12_000))
                .build();
        assertEquals("protocol.fast.min_rate_mbps", assertThrows(ScenarioException.class,
                () -> ProtocolCatalog.checkRateFloor(fast, tenToForty(fast))).field());
        // At the sender's line rate exactly, it stands.
        Protocol atLine = Protocol.newBuilder().setTimely(Timely.newBuilder().setMinRateMbps(10_000)).build();
        ProtocolCatalog.checkRateFloor(atLine, tenToForty(atLine));
    }
}
