package org.cosim.agents.sender;

/** Makes the rate control of a new flow, given how many flows are already active at the sender. */
@FunctionalInterface
public interface RateControlFactory {
    RateControl newFlow(int activeFlowsAtSender);
}
