package org.cosim.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cosim.proto.ResolveRequest;
import org.cosim.proto.RunSpec;
import org.cosim.scenario.FileRoot;
import org.cosim.scenario.ScenarioException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A peer's Resolve request names the files the server reads, and their text goes
 * back in the RunSpec: under a {@link FileRoot}, a base, a CDF or a law source
 * outside it is refused by name, by `..` or through a link, and nothing of it
 * is read.
 */
class ResolveFileRootTest {
    private static final String SECRET = "secret-text-of-a-file-outside";
    private static final String BASE = """
            name: "incast"
            duration_us: 100
            topology { incast_star { clients: 2 client_rate_gbps: 10 server_rate_gbps: 10 link_delay_us: 1 } }
            protocol { pfc_only {} }
            workload { incast { connections_per_client: 1 flow_bytes: 10000 } }
            """;

    @TempDir
    Path tmp;
    private Path served;
    private FileRoot root;

    @BeforeEach
    void files() throws IOException {
        served = Files.createDirectories(tmp.resolve("served"));
        Files.writeString(tmp.resolve("Secret.java"), "// " + SECRET + "\n");
        Files.writeString(tmp.resolve("secret.cdf"), "1000 0.5\n2000 1\n");
        Files.writeString(tmp.resolve("base.textproto"), BASE);
        Files.writeString(served.resolve("base.textproto"), BASE);
        Files.writeString(served.resolve("Law.java"), "// the law\n");
        root = FileRoot.under(served);
    }

    private RunSpec resolve(String text, FileRoot files) {
        return RunSpecs.resolve(ResolveRequest.newBuilder().setScenarioText(text)
                .setScenarioPath(served.resolve("s.textproto").toString()).build(), files);
    }

    private ScenarioException refused(String text) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> resolve(text, root));
        assertTrue(e.getMessage().contains("outside " + root.dir()), e.getMessage());
        assertTrue(e.getMessage().contains("--files-under"), e.getMessage());
        assertFalse(e.getMessage().contains(SECRET), e.getMessage());
        return e;
    }

    @Test
    void filesUnderTheRootAreRead() {
        RunSpec r = resolve("base: \"base.textproto\"", root);
        assertEquals("incast", r.getScenarioName());
    }

    @Test
    void aBaseOutsideIsRefused() {
        assertEquals("base", refused("base: \"../base.textproto\"").field());
        assertEquals("base", refused("base: \"" + tmp.resolve("base.textproto") + "\"").field());
        // The same request without a root reads it: the limit is the root's doing.
        assertEquals("incast", resolve("base: \"../base.textproto\"", FileRoot.ANYWHERE).getScenarioName());
    }

    @Test
    void aLawSourceOrCdfOutsideIsRefused() {
        assertEquals("protocol.custom_window_law.source_file", refused(
                "base: \"base.textproto\" protocol { custom_window_law { source_file: \"../Secret.java\" } }").field());
        assertEquals("workload.poisson.sizes.cdf", refused("base: \"base.textproto\" workload { poisson { "
                + "sizes { cdf: \"../secret.cdf\" } load: 0.5 } }").field());
    }

    @Test
    void aLinkLeadingOutIsRefused() throws IOException {
        Path link = served.resolve("Innocent.java");
        try {
            Files.createSymbolicLink(link, tmp.resolve("Secret.java"));
        } catch (UnsupportedOperationException | IOException e) {
            org.junit.jupiter.api.Assumptions.abort("no symbolic links here: " + e);
        }
        refused("base: \"base.textproto\" protocol { custom_window_law { source_file: \"Innocent.java\" } }");
    }

    @Test
    void aRootMustBeADirectory() {
        assertThrows(IllegalArgumentException.class, () -> FileRoot.under(tmp.resolve("none")));
    }
}
