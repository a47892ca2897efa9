package org.cosim.agents.host;

import java.util.Map;
import java.util.TreeMap;
import org.cosim.agents.custom.CustomRateLawAgent;
import org.cosim.agents.custom.CustomRateLawConfig;
import org.cosim.agents.custom.CustomWindowLawAgent;
import org.cosim.agents.custom.CustomWindowLawConfig;
import org.cosim.agents.dcqcn.DcqcnAgent;
import org.cosim.agents.dcqcn.DcqcnConfig;
import org.cosim.agents.dctcp.DctcpAgent;
import org.cosim.agents.dctcp.DctcpConfig;
import org.cosim.agents.fast.FastAgent;
import org.cosim.agents.fast.FastConfig;
import org.cosim.agents.hpcc.HpccAgent;
import org.cosim.agents.hpcc.HpccConfig;
import org.cosim.agents.mptcp.MptcpAgent;
import org.cosim.agents.mptcp.MptcpConfig;
import org.cosim.agents.ndp.NdpAgent;
import org.cosim.agents.ndp.NdpConfig;
import org.cosim.agents.pfconly.PfcOnlyAgent;
import org.cosim.agents.pfconly.PfcOnlyConfig;
import org.cosim.agents.poseidon.PoseidonAgent;
import org.cosim.agents.poseidon.PoseidonConfig;
import org.cosim.agents.swift.SwiftAgent;
import org.cosim.agents.swift.SwiftConfig;
import org.cosim.agents.timely.TimelyAgent;
import org.cosim.agents.timely.TimelyConfig;
import org.cosim.proto.Protocol;
import org.cosim.proto.Scenario;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.ScenarioException;

/**
 * The protocols the agent side can run, by the name used in the handshake
 * (HostSpec.protocol) and in scenario files (the field name under `protocol`).
 */
public final class ProtocolCatalog {
    private static final Map<String, AgentFactory> FACTORIES = new TreeMap<>();

    static {
        FACTORIES.put("timely", AgentFactory.of(
                ctx -> TimelyConfig.from(ctx.protocol().getTimely(), ctx.baseRttPs()), TimelyAgent::new));
        FACTORIES.put("pfc_only", AgentFactory.of(
                ctx -> PfcOnlyConfig.from(ctx.protocol().getPfcOnly()), PfcOnlyAgent::new));
        FACTORIES.put("ndp", AgentFactory.of(
                ctx -> NdpConfig.from(ctx.protocol().getNdp(), ctx.mtuBytes()), NdpAgent::new));
        FACTORIES.put("poseidon", AgentFactory.of(
                ctx -> PoseidonConfig.from(ctx.protocol().getPoseidon()), PoseidonAgent::new));
        FACTORIES.put("swift", AgentFactory.of(
                ctx -> SwiftConfig.from(ctx.protocol().getSwift()), SwiftAgent::new));
        FACTORIES.put("dctcp", AgentFactory.of(
                ctx -> DctcpConfig.from(ctx.protocol().getDctcp()), DctcpAgent::new));
        FACTORIES.put("dcqcn", AgentFactory.of(
                ctx -> DcqcnConfig.from(ctx.protocol().getDcqcn()), DcqcnAgent::new));
        FACTORIES.put("hpcc", AgentFactory.of(
                ctx -> HpccConfig.from(ctx.protocol().getHpcc(), ctx.baseRttPs()), HpccAgent::new));
        FACTORIES.put("mptcp", AgentFactory.of(
                ctx -> MptcpConfig.from(ctx.protocol().getMptcp()), MptcpAgent::new));
        FACTORIES.put("fast", AgentFactory.of(
                ctx -> FastConfig.from(ctx.protocol().getFast()), FastAgent::new));
        FACTORIES.put("custom_window_law", AgentFactory.of(
                ctx -> CustomWindowLawConfig.from(ctx.protocol().getCustomWindowLaw()), CustomWindowLawAgent::new));
        FACTORIES.put("custom_rate_law", AgentFactory.of(
                ctx -> CustomRateLawConfig.from(ctx.protocol().getCustomRateLaw()), CustomRateLawAgent::new));
    }

    private ProtocolCatalog() {}

    /** The protocol's name: the name of the field set in the scenario's `protocol` oneof. */
    public static String nameOf(Protocol protocol) {
        if (protocol.getKindCase() == Protocol.KindCase.KIND_NOT_SET) {
            throw new ScenarioException("protocol", "no protocol chosen (one of " + FACTORIES.keySet() + ")");
        }
        return Protocol.getDescriptor().findFieldByNumber(protocol.getKindCase().getNumber()).getName();
    }

    public static AgentFactory factory(String name) {
        AgentFactory f = FACTORIES.get(name);
        if (f == null) {
            throw new ContractViolation("unknown protocol '" + name + "' (known: " + FACTORIES.keySet() + ")");
        }
        return f;
    }

    /**
     * Checks the protocol's parameters and what the protocol needs from the rest of
     * the scenario, given the NICs' MTU (0: unknown): Poseidon reacts to the INT
     * max-hop delay, so without INT on the switches it would see no congestion at
     * all (unless it runs in brownfield mode, where end-to-end delay stands in for
     * the missing switches); HPCC reads the per-hop INT records of INT switches (the
     * records themselves are implied by the protocol); DCTCP and DCQCN need switches
     * that mark ECN; NDP cuts flows into MTU packets, and MPTCP into MTU segments unless
     * the scenario sizes them.
     */
    public static void validate(Scenario s, long baseRttPs) {
        validate(s, baseRttPs, 0);
    }

    /**
     * A rate protocol's floor (TIMELY, DCQCN, FAST: min_rate_mbps) must lie below the line rate of every NIC
     * that sends a flow: above it, the floor pins every flow at line rate and leaves no congestion control to
     * study. Needs the session's hosts and flows, hence apart from {@link #validate(Scenario, long, int)}.
     */
    public static void checkRateFloor(Protocol protocol, SessionSpec session) {
        double floorBps = switch (protocol.getKindCase()) {
            case TIMELY -> TimelyConfig.from(protocol.getTimely(), session.context().baseRttPs()).minRateBps();
            case DCQCN -> DcqcnConfig.from(protocol.getDcqcn()).minRateBps();
            case FAST -> FastConfig.from(protocol.getFast()).minRateBps();
            default -> 0;
        };
        // TIMELY's NIC pacing (Fig 16) above the line rate would never hold a segment back: no pacing at all.
        double pacingBps = protocol.hasTimely()
                ? TimelyConfig.from(protocol.getTimely(), session.context().baseRttPs()).nicPacingBps() : 0;
        for (FlowInfo f : session.flows()) {
            long nicBps = session.hosts().get(f.src()).nicRateBps();
            if (floorBps > nicBps) {
                throw new ScenarioException("protocol." + nameOf(protocol) + ".min_rate_mbps", floorBps / 1e6
                        + " Mb/s is above the " + nicBps / 1e9 + " Gb/s NIC of host " + f.src() + " (flow " + f.flow()
                        + "'s sender): every flow would be held at line rate");
            }
            if (pacingBps > nicBps) {
                throw new ScenarioException("protocol.timely.nic_pacing_mbps", pacingBps / 1e6 + " Mb/s is above the "
                        + nicBps / 1e9 + " Gb/s NIC of host " + f.src() + " (flow " + f.flow() + "'s sender): it "
                        + "would pace nothing (leave it out for no NIC pacing)");
            }
        }
    }

    /** The same, knowing the NICs' MTU. */
    public static void validate(Scenario s, long baseRttPs, int mtuBytes) {
        validate(s.getProtocol(), baseRttPs, mtuBytes);
        if (s.getProtocol().hasPoseidon() && !Defaults.boolOf(s.getProtocol().getPoseidon(), "brownfield")
                && !s.getTopology().getSwitches().getIntTelemetry().getEnabled()) {
            throw new ScenarioException("topology.switches.int_telemetry.enabled", "Poseidon reacts to the INT "
                    + "max-hop delay: enable INT on the switches, or set protocol.poseidon.brownfield for partial INT");
        }
        if (s.getProtocol().hasHpcc() && !s.getTopology().getSwitches().getIntTelemetry().getEnabled()) {
            throw new ScenarioException("topology.switches.int_telemetry.enabled", "HPCC reacts to the per-hop "
                    + "INT records of the switches: enable INT on them");
        }
        if (s.getProtocol().hasDctcp() && !s.getTopology().getSwitches().hasEcnThresholdBytes()) {
            throw new ScenarioException("topology.switches.ecn_threshold_bytes", "DCTCP reacts to ECN marks: set "
                    + "the marking threshold K (e.g. 80000 for TIMELY's comparison, 30 packets for NDP's)");
        }
        if (s.getProtocol().hasDcqcn() && !s.getTopology().getSwitches().hasEcnThresholdBytes()) {
            throw new ScenarioException("topology.switches.ecn_threshold_bytes", "DCQCN reacts to ECN marks (its "
                    + "CNPs): set the marking threshold (e.g. 20 packets, 180000 B, on NDP's fabric)");
        }
    }

    /**
     * Whether the protocol's agents close long-lived flows at their stop time
     * (workload stop_us): the rate-paced senders (SegmentSender), the window
     * senders (WindowSender), custom laws on either, and MPTCP's do; NDP's agents
     * do not (the receiver learns a flow's end from its marked last packet, which
     * a close cannot mark).
     */
    public static boolean closesFlows(Protocol protocol) {
        return switch (protocol.getKindCase()) {
            case TIMELY, PFC_ONLY, DCQCN, FAST, POSEIDON, SWIFT, HPCC, DCTCP, MPTCP, CUSTOM_WINDOW_LAW,
                 CUSTOM_RATE_LAW -> true;
            default -> false;
        };
    }

    /**
     * Whether the protocol's flows end at their receiver: NDP's receiver declares a flow finished when its last
     * data byte arrives (no acknowledgment travels back to end it). Every other protocol ends a flow at its
     * sender, on the acknowledgment of its last byte. The ideal FCT a flow's slowdown is measured against
     * follows the same definition.
     */
    public static boolean flowsEndAtReceiver(Protocol protocol) {
        return protocol.getKindCase() == Protocol.KindCase.NDP;
    }

    /** Checks every parameter of the scenario's protocol, naming the first bad field (MTU unknown). */
    public static void validate(Protocol protocol, long baseRttPs) {
        validate(protocol, baseRttPs, 0);
    }

    /** The same, knowing the NICs' MTU (0: unknown; protocols that need it refuse). */
    public static void validate(Protocol protocol, long baseRttPs, int mtuBytes) {
        switch (protocol.getKindCase()) {
            case TIMELY -> TimelyConfig.from(protocol.getTimely(), baseRttPs);
            case PFC_ONLY -> PfcOnlyConfig.from(protocol.getPfcOnly());
            case NDP -> NdpConfig.from(protocol.getNdp(), mtuBytes);
            case POSEIDON -> PoseidonConfig.from(protocol.getPoseidon());
            case SWIFT -> SwiftConfig.from(protocol.getSwift());
            case DCTCP -> DctcpConfig.from(protocol.getDctcp());
            case DCQCN -> DcqcnConfig.from(protocol.getDcqcn());
            case HPCC -> HpccConfig.from(protocol.getHpcc(), baseRttPs);
            case MPTCP -> MptcpConfig.from(protocol.getMptcp()).segmentBytes(mtuBytes);
            case FAST -> FastConfig.from(protocol.getFast());
            case CUSTOM_WINDOW_LAW -> CustomWindowLawConfig.from(protocol.getCustomWindowLaw());
            case CUSTOM_RATE_LAW -> CustomRateLawConfig.from(protocol.getCustomRateLaw());
            default -> nameOf(protocol);
        }
    }
}
