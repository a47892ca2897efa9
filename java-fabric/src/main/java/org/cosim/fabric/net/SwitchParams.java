package org.cosim.fabric.net;

/**
 * A switch's buffer and queue settings. ecnThresholdBytes < 0 means no marking.
 */
public record SwitchParams(long bufferBytes, long portBufferBytes, long ecnThresholdBytes,
                           long latencyPs, PfcParams pfc) {}
