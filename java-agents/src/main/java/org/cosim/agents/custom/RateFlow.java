package org.cosim.agents.custom;

/**
 * What a custom rate law knows of its flow when the flow starts: the sending
 * NIC's line rate, how many flows the sender already runs (TIMELY starts a flow
 * at C / (N + 1)), and the network's largest unloaded RTT (TIMELY's minRTT).
 */
public record RateFlow(double nicRateBps, int activeFlowsAtSender, long baseRttPs) { }
