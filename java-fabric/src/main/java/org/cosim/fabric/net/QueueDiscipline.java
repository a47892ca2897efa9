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

    /** Ports that trim instead of marking or pausing (NDP's, Cut Payload's): neither PFC nor ECN runs over them. */
    interface Trimming extends QueueDiscipline {
        @Override
        default boolean supportsPfc() {
            return false;
        }

        @Override
        default boolean supportsEcn() {
            return false;
        }
    }
}
