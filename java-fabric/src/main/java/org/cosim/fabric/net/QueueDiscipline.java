package org.cosim.fabric.net;

/** Makes the egress ports of a switch: the scenario's choice of queueing at every port. */
public interface QueueDiscipline {
    SwitchPort create(PortContext ctx, int portIndex, LinkTransmitter tx, SwitchParams params);

    /** Whether PFC can run over ports of this kind (a trimming port has no lossless class). */
    default boolean supportsPfc() {
        return true;
    }

    /** Whether ports of this kind can mark ECN (a trimming port trims instead). */
    default boolean supportsEcn() {
        return true;
    }
}
