package org.cosim.runner.omnetpp;

/** The OMNeT++ back end cannot run here (no OMNeT++, a failed bridge build, no results) or its run failed to start. */
public final class OmnetppException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public OmnetppException(String message) {
        super(message);
    }

    public OmnetppException(String message, Throwable cause) {
        super(message, cause);
    }
}
