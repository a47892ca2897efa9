package org.cosim.validation.results;

/** Network-wide event counts of a run. */
public record Counters(long pfcPauseFramesSent, long pfcPauseFramesSentMeasured, long pfcPauseFramesReceivedByHosts, long dropPackets,
                       long dropBytes, long ecnMarks, long eventsProcessed, long agentWindows,
                       long agentEvents, long packetsInNetwork) {}
