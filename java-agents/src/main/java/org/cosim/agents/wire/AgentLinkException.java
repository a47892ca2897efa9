package org.cosim.agents.wire;

/**
 * The session with the agent server broke: the server reported a contract
 * violation (its status and message are kept), the connection was lost, or an
 * answer did not come within the deadline.
 */
public final class AgentLinkException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public AgentLinkException(String message, Throwable cause) {
        super(message, cause);
    }

    public AgentLinkException(String message) {
        super(message);
    }
}
