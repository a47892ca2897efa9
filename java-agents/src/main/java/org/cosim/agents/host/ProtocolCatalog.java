package org.cosim.agents.host;

import java.util.Map;
import java.util.TreeMap;
import org.cosim.agents.ndp.NdpAgent;
import org.cosim.agents.ndp.NdpConfig;
import org.cosim.agents.pfconly.PfcOnlyAgent;
import org.cosim.agents.pfconly.PfcOnlyConfig;
import org.cosim.agents.timely.TimelyAgent;
import org.cosim.agents.timely.TimelyConfig;
import org.cosim.proto.Protocol;
import org.cosim.scenario.ScenarioException;

/**
 * The protocols the agent side can run, by the name used in the handshake
 * (HostSpec.protocol) and in scenario files (the field name under `protocol`).
 */
public final class ProtocolCatalog {
    private static final Map<String, AgentFactory> FACTORIES = new TreeMap<>();

    static {
        FACTORIES.put("timely", (host, ctx) ->
                new TimelyAgent(host, ctx, TimelyConfig.from(ctx.protocol().getTimely(), ctx.baseRttPs())));
        FACTORIES.put("pfc_only", (host, ctx) ->
                new PfcOnlyAgent(host, ctx, PfcOnlyConfig.from(ctx.protocol().getPfcOnly())));
        FACTORIES.put("ndp", (host, ctx) ->
                new NdpAgent(host, ctx, NdpConfig.from(ctx.protocol().getNdp(), ctx.mtuBytes())));
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
            case POSEIDON, SWIFT -> throw new ScenarioException("protocol." + nameOf(protocol),
                    "has no agent in this version");
            default -> nameOf(protocol);
        }
    }
}
