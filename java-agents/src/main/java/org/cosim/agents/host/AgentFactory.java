package org.cosim.agents.host;

import java.util.function.Function;
import org.cosim.agents.api.Agent;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;

/**
 * Makes the agents of one protocol: {@link #forSession} reads the protocol's configuration once for a session, and
 * the function it returns makes each host's agent with it (an 8192-host session reads it once, not 8192 times).
 */
@FunctionalInterface
public interface AgentFactory {
    /** The maker of the agents of a session with this context. */
    Function<HostInfo, Agent> forSession(AgentContext context);

    /** One host's agent. */
    default Agent create(HostInfo host, AgentContext context) {
        return forSession(context).apply(host);
    }

    /** A protocol's agent, made from the host, the session's context and the configuration read from it. */
    @FunctionalInterface
    interface Maker<C> {
        Agent make(HostInfo host, AgentContext context, C config);
    }

    /** The factory of a protocol whose configuration {@code config} reads from the session's context. */
    static <C> AgentFactory of(Function<AgentContext, C> config, Maker<C> maker) {
        return context -> {
            C c = config.apply(context);
            return host -> maker.make(host, context, c);
        };
    }
}
