package org.cosim.agents.host;

/**
 * The fabric side broke the contract of cosim.proto: an unknown host or flow, time
 * going backwards, an event outside its window, and the like. The message names
 * the problem and the offending value; the gRPC service turns it into a status.
 */
public final class ContractViolation extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ContractViolation(String message) {
        super(message);
    }
}
