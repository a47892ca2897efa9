package org.cosim.setup.hardware;

/**
 * A switch's buffer and queue settings. ecnThresholdBytes < 0 means no marking.
 * {@code queue} makes the egress ports (default {@link QueueDiscipline#PRIORITY}).
 */
public record SwitchParams(long bufferBytes, long portBufferBytes, long ecnThresholdBytes,
                           long latencyPs, PfcParams pfc, QueueDiscipline queue, IntParams intTelemetry) {

    /** Priority queues, no INT. */
    public SwitchParams(long bufferBytes, long portBufferBytes, long ecnThresholdBytes, long latencyPs,
                        PfcParams pfc) {
        this(bufferBytes, portBufferBytes, ecnThresholdBytes, latencyPs, pfc, QueueDiscipline.PRIORITY, IntParams.OFF);
    }
}
