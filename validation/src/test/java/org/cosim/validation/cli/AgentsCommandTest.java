package org.cosim.validation.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.agents.wire.AgentServerOptions;
import org.junit.jupiter.api.Test;

/** `cosim agents` runs law code sent by fabrics when only this machine can reach it, or when told to. */
class AgentsCommandTest {
    private static boolean runs(String bind, boolean allowed) {
        return AgentsCommand.lawCodePolicy(AgentServerOptions.DEFAULTS, bind, allowed).runsLawCode();
    }

    @Test
    void loopbackServersRunLawCode() {
        assertTrue(runs("127.0.0.1", false));
        assertTrue(runs("::1", false));
        assertTrue(runs("localhost", false));
    }

    @Test
    void widerServersRunItOnlyWhenAllowed() {
        assertFalse(runs("0.0.0.0", false));
        assertFalse(runs("no-such-host.invalid", false));
        assertTrue(runs("0.0.0.0", true));
    }
}
