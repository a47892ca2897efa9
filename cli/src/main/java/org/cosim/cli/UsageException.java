package org.cosim.cli;

/** The command line is wrong: unknown option, missing argument. Exit status 2. */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
