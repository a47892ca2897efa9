package org.cosim.fabric.agent;

import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.host.FlowStates;
import org.cosim.agents.host.SessionSpec;
import org.cosim.agents.wire.AgentClient;
import org.cosim.agents.wire.WireFormat;
import org.cosim.proto.AgentResults;
import org.cosim.proto.FabricDone;
import org.cosim.proto.Scenario;

/** The agents behind a gRPC session: each window batch travels as one EventBatch message. */
public final class GrpcTransport implements AgentTransport {
    private final AgentClient client;
    private AgentResults results;

    private GrpcTransport(AgentClient client) {
        this.client = client;
    }

    /** Opens a session on {@code client} for this run (the Hello carries hosts, flows, L and the scenario). */
    public static GrpcTransport open(AgentClient client, SessionSpec spec, Scenario scenario) {
        GrpcTransport t = new GrpcTransport(client);
        try {
            client.open(WireFormat.hello(spec, scenario));
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
        return t;
    }

    @Override
    public void exchange(EventBatch events, ActionBatch actions) {
        WireFormat.fromProto(client.exchange(WireFormat.toProto(events)), actions);
    }

    @Override
    public void finish(long endPs, long eventsProcessed) {
        results = client.finish(FabricDone.newBuilder().setEndTimePs(endPs).setEventsProcessed(eventsProcessed).build());
    }

    /** What the agent side reported at the end, or null before {@link #finish}. */
    public AgentResults results() {
        return results;
    }

    @Override
    public FlowStates flowStates() {
        return results == null || !results.hasFlowStates() ? null : WireFormat.fromProto(results.getFlowStates());
    }

    @Override
    public void close() {
        client.close();
    }
}
