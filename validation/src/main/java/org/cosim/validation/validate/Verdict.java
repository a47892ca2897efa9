package org.cosim.validation.validate;

/** How a result came out on a back end, or overall. */
public enum Verdict {
    /** Within the tolerance. */
    PASS,
    /** Outside the tolerance, or its runs failed. */
    FAIL,
    /**
     * Outside the paper's tolerance for a documented reason, within the known range: in --quick
     * (Check.deviation), or in every mode when the deviation is accepted (Check.accepted).
     */
    DEVIATION,
    /** Could not run (no agent for the protocol, a back end lacking the topology, OMNeT++ missing). */
    NOT_RUN,
    /** Ran, but the tolerance does not apply at --quick scale. */
    NOT_CHECKED;

    public String label() {
        return switch (this) {
            case PASS -> "pass";
            case FAIL -> "FAIL";
            case DEVIATION -> "known deviation";
            case NOT_RUN -> "not run";
            case NOT_CHECKED -> "not checked";
        };
    }
}
