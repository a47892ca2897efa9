package org.cosim.fabric.agent;

import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.host.AgentHost;
import org.cosim.agents.host.FlowStates;
import org.cosim.agents.host.SessionSpec;

/** The agents in the same process: each window batch is a method call. */
public final class DirectTransport implements AgentTransport {
    private final AgentHost agents;

    public DirectTransport(SessionSpec spec) {
        this.agents = new AgentHost(spec);
    }

    @Override
    public void exchange(EventBatch events, ActionBatch actions) {
        agents.process(events, actions);
    }

    @Override
    public void finish(long endPs, long eventsProcessed) {
        agents.finish(endPs);
    }

    @Override
    public FlowStates flowStates() {
        return agents.flowStates();
    }
}
