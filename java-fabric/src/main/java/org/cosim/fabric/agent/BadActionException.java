package org.cosim.fabric.agent;

/**
 * The agent side answered with an action the fabric cannot carry out: timed
 * before its window allows, for an unknown host or flow, sending bytes a flow does
 * not have, finishing a flow twice. The message names the action and the rule.
 */
public final class BadActionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadActionException(String message) {
        super(message);
    }
}
