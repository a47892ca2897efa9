package org.cosim.runner.omnetpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which malloc the runner preloads into opp_run (no OMNeT++ needed). */
class OppRunAllocatorTest {
    @TempDir
    Path tmp;

    private Path library(String dir) throws IOException {
        Path d = Files.createDirectories(tmp.resolve(dir));
        return Files.writeString(d.resolve(OppRunAllocator.LIBRARY), "not really a library");
    }

    @Test
    void theFirstTcmallocOnTheSearchPathIsPreloaded() throws IOException {
        Path second = library("b");
        List<Path> search = List.of(tmp.resolve("a"), second.getParent(), library("c").getParent());
        assertEquals(Optional.of(second), OppRunAllocator.find(Map.of(), search));
        assertEquals(Optional.empty(), OppRunAllocator.find(Map.of(), List.of(tmp.resolve("a"))));
    }

    @Test
    void theVariableChoosesGlibcOrALibrary() throws IOException {
        List<Path> search = List.of(library("a").getParent());
        assertEquals(Optional.empty(), OppRunAllocator.find(Map.of(OppRunAllocator.VARIABLE, "glibc"), search));
        Path other = Files.writeString(tmp.resolve("libjemalloc.so.2"), "x");
        assertEquals(Optional.of(other), OppRunAllocator.find(Map.of(OppRunAllocator.VARIABLE, other.toString()),
                search));
        OmnetppException e = assertThrows(OmnetppException.class, () -> OppRunAllocator.find(
                Map.of(OppRunAllocator.VARIABLE, tmp.resolve("nope.so").toString()), search));
        assertTrue(e.getMessage().startsWith("COSIM_OPP_MALLOC=" + tmp.resolve("nope.so") + ": no such library"),
                e.getMessage());
    }

    @Test
    void theSearchPathStartsWithTheArchitecturesMultiarchFolder() {
        assertEquals(Path.of("/usr/lib/x86_64-linux-gnu"), OppRunAllocator.searchPath("amd64").get(0));
        assertEquals(Path.of("/usr/lib/aarch64-linux-gnu"), OppRunAllocator.searchPath("aarch64").get(0));
    }

    @Test
    void preloadingKeepsWhatIsAlreadyPreloaded() {
        Map<String, String> env = new HashMap<>();
        OppRunAllocator.preload(env, Path.of("/lib/one.so"));
        assertEquals("/lib/one.so", env.get("LD_PRELOAD"));
        OppRunAllocator.preload(env, Path.of("/lib/two.so"));
        assertEquals("/lib/one.so /lib/two.so", env.get("LD_PRELOAD"));
    }
}
