package org.cosim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.cosim.agents.wire.AgentServerOptions;
import org.cosim.scenario.FileRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `cosim agents` runs law code sent by fabrics, and reads the files their
 * scenarios name anywhere, when only this machine can reach it; bound wider, it
 * runs law code only when told to and reads under one directory.
 */
class AgentsCommandTest {
    @TempDir
    Path tmp;

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

    @Test
    void widerServersReadScenarioFilesUnderOneDirectory() throws IOException {
        assertSame(FileRoot.ANYWHERE, AgentsCommand.fileRoot("127.0.0.1", null));
        assertEquals(Path.of("").toAbsolutePath().toRealPath(), AgentsCommand.fileRoot("0.0.0.0", null).dir(),
                "the working directory by default");
        assertEquals(tmp.toRealPath(), AgentsCommand.fileRoot("0.0.0.0", tmp.toString()).dir());
        assertEquals(tmp.toRealPath(), AgentsCommand.fileRoot("127.0.0.1", tmp.toString()).dir(),
                "a loopback server limited when asked");
        UsageException e = assertThrows(UsageException.class,
                () -> AgentsCommand.fileRoot("0.0.0.0", tmp.resolve("none").toString()));
        assertTrue(e.getMessage().contains("--files-under"), e.getMessage());
    }
}
