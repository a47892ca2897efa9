package org.cosim.agents.wire;

import org.cosim.proto.ResolveRequest;
import org.cosim.proto.RunSpec;

/**
 * Turns a scenario into a {@link RunSpec} for an external fabric (the Resolve RPC of
 * cosim.proto). The agent side does not know the fabric's models, so whoever starts
 * the server passes the fabric's resolver in (the Java fabric's
 * {@code org.cosim.setup.RunSpecs::resolve}). A bad scenario throws
 * {@link org.cosim.scenario.ScenarioException}, which the client sees as
 * INVALID_ARGUMENT naming the field.
 */
@FunctionalInterface
public interface ScenarioResolver {
    RunSpec resolve(ResolveRequest request);
}
