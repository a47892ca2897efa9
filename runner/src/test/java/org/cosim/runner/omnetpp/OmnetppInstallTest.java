package org.cosim.runner.omnetpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the runner finds OMNeT++, and what it says when it cannot. Fake installs, no OMNeT++ needed. */
class OmnetppInstallTest {
    @TempDir
    Path tmp;

    /** A fake OMNeT++ tree: bin/opp_configfilepath printing its Makefile.inc, which names {@code version}. */
    private Path fakeInstall(String name, String version, boolean withOppRun) throws IOException {
        Path root = tmp.resolve(name);
        Files.createDirectories(root.resolve("bin"));
        Files.writeString(root.resolve("Makefile.inc"), "OMNETPP_PRODUCT = OMNeT++\nOMNETPP_VERSION = " + version + "\n");
        executable(root.resolve("bin/opp_configfilepath"), "#!/bin/sh\necho " + root.resolve("Makefile.inc") + "\n");
        if (withOppRun) {
            executable(root.resolve("bin/opp_run"), "#!/bin/sh\nexit 0\n");
        }
        return root;
    }

    private static void executable(Path p, String text) throws IOException {
        Files.writeString(p, text);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void withoutOmnetppItSaysWhatIsMissingAndWhereToGetIt() {
        OmnetppInstall.Lookup l = OmnetppInstall.locate(Map.of("PATH", tmp.toString()));
        assertFalse(l.found());
        assertTrue(l.whyNot().contains("opp_configfilepath") && l.whyNot().contains("https://omnetpp.org")
                && l.whyNot().contains("6.x") && l.whyNot().contains("OMNETPP_ROOT"), l.whyNot());
    }

    @Test
    void findsItOnThePathOrThroughOmnetppRoot() throws IOException {
        Path root = fakeInstall("omnetpp-6.1", "6.1", true);
        OmnetppInstall.Lookup onPath = OmnetppInstall.locate(Map.of("PATH", root.resolve("bin").toString()));
        assertTrue(onPath.found(), onPath.whyNot());
        assertEquals(root, onPath.install().root());
        assertEquals("6.1", onPath.install().version());
        OmnetppInstall.Lookup byRoot = OmnetppInstall.locate(Map.of("PATH", "", "OMNETPP_ROOT", root.toString()));
        assertTrue(byRoot.found(), byRoot.whyNot());
        assertEquals(root.resolve("bin/opp_run"), byRoot.install().bin("opp_run"));
    }

    @Test
    void refusesOtherVersionsAndUnbuiltTrees() throws IOException {
        Path old = fakeInstall("omnetpp-5.7", "5.7", true);
        OmnetppInstall.Lookup l = OmnetppInstall.locate(Map.of("OMNETPP_ROOT", old.toString()));
        assertFalse(l.found());
        assertTrue(l.whyNot().contains("version 5.7") && l.whyNot().contains("needs 6.x"), l.whyNot());
        Path unbuilt = fakeInstall("omnetpp-6.0", "6.0", false);
        l = OmnetppInstall.locate(Map.of("OMNETPP_ROOT", unbuilt.toString()));
        assertFalse(l.found());
        assertTrue(l.whyNot().contains("not built"), l.whyNot());
    }

    @Test
    void aParallelRunNeedsParsimWithMpiAndMpirun() throws IOException {
        Path root = fakeInstall("omnetpp-6.1", "6.1", true);
        OmnetppInstall omnetpp = new OmnetppInstall(root, "6.1");
        Path mpiBin = Files.createDirectories(tmp.resolve("mpi-bin"));
        executable(mpiBin.resolve("mpirun"), "#!/bin/sh\nexit 0\n");
        Map<String, String> withMpirun = Map.of("PATH", mpiBin.toString());

        Files.writeString(root.resolve("Makefile.inc"), "OMNETPP_VERSION = 6.1\nWITH_PARSIM = no\nMPI_LIBS = \n");
        String why = omnetpp.whyNotParallel(withMpirun).orElseThrow();
        assertTrue(why.contains("without MPI parallel simulation") && why.contains("WITH_PARSIM=yes"), why);

        Files.writeString(root.resolve("Makefile.inc"), "OMNETPP_VERSION = 6.1\nWITH_PARSIM = yes\nMPI_LIBS = \n");
        assertTrue(omnetpp.whyNotParallel(withMpirun).isPresent(), "configured with parsim but no MPI found");

        Files.writeString(root.resolve("Makefile.inc"), "OMNETPP_VERSION = 6.1\nWITH_PARSIM = yes\n"
                + "MPI_LIBS = -L/usr/lib/x86_64-linux-gnu/openmpi/lib -lmpi_cxx -lmpi\n");
        assertTrue(omnetpp.whyNotParallel(withMpirun).isEmpty());
        why = omnetpp.whyNotParallel(Map.of("PATH", tmp.toString())).orElseThrow();
        assertTrue(why.contains("no mpirun on PATH"), why);
    }
}
