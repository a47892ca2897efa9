package org.cosim.agents.host;

import org.cosim.agents.api.Agent;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.HostInfo;

/** Makes the agent of one protocol for one host. */
@FunctionalInterface
public interface AgentFactory {
    Agent create(HostInfo host, AgentContext context);
}
