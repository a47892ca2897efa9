package org.cosim.runner.omnetpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner builds the OMNeT++ modules when a bridge source is newer than the
 * library or the library was built against another OMNeT++, and only then: a build that relinks nothing (CMake leaves an unchanged
 * library alone) must not leave the library looking stale for every later run.
 * A stand-in build.sh counts its calls.
 */
class BridgeBuildTest {
    @TempDir
    Path root;

    @Test
    void aBuildThatRelinksNothingIsNotRepeated() throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")));
        Path bridge = Files.createDirectories(root.resolve("omnetpp-bridge"));
        Path lib = Files.createDirectories(bridge.resolve("build")).resolve("libcosim_omnetpp.so");
        Files.writeString(lib, "old library");
        Files.setLastModifiedTime(lib, FileTime.from(Instant.now().minusSeconds(3600)));
        Path source = Files.writeString(bridge.resolve("CMakeLists.txt"), "# edited");
        Path calls = bridge.resolve("calls");
        // As CMake does, the stand-in writes which OMNeT++ it built against ($OMNETPP_ROOT, which the runner sets).
        Path script = Files.writeString(bridge.resolve("build.sh"), "#!/bin/sh\necho x >> '" + calls + "'\n"
                + "echo \"built against OMNeT++ 6.1 at $OMNETPP_ROOT\" > '" + bridge.resolve("build/omnetpp-status.txt")
                + "'\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        CosimHome home = new CosimHome(root);
        OmnetppInstall omnetpp = new OmnetppInstall(root.resolve("omnetpp"), "6.1");
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        PrintStream note = new PrintStream(said, true, StandardCharsets.UTF_8);

        BridgeBuild.ensure(home, omnetpp, note);
        BridgeBuild.ensure(home, omnetpp, note);
        assertEquals(1, Files.readAllLines(calls).size(), "built once: " + said);

        Files.setLastModifiedTime(source, FileTime.from(Instant.now().plusSeconds(60)));
        BridgeBuild.ensure(home, omnetpp, note);
        assertEquals(2, Files.readAllLines(calls).size(), "an edit after the build builds again");
        assertEquals("old library", Files.readString(lib), "the library is left as the build left it");

        // Another OMNeT++ (one with MPI, say): built again for it, then not again.
        Files.setLastModifiedTime(source, FileTime.from(Instant.now().minusSeconds(60)));
        OmnetppInstall other = new OmnetppInstall(root.resolve("omnetpp-mpi"), "6.1");
        BridgeBuild.ensure(home, other, note);
        BridgeBuild.ensure(home, other, note);
        assertEquals(3, Files.readAllLines(calls).size(), "built once for the other install: " + said);
        BridgeBuild.ensure(home, omnetpp, note);
        assertEquals(4, Files.readAllLines(calls).size(), "and once more back at the first");
    }
}
