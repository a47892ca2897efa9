package org.cosim.setup.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cosim.proto.EmpiricalCdf;
import org.cosim.proto.FlowSizes;
import org.cosim.proto.Scenario;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.ScenarioFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Flow-size CDFs named by scenarios: shipped names, files next to the scenario, errors with file and line. */
class CdfFilesTest {
    @TempDir
    Path tmp;

    private static final String POISSON = "duration_us: 100\nworkload { poisson { load: 0.1 sizes { cdf: \"%s\" } } }\n";

    private Path scenario(Path dir, String cdf) throws IOException {
        Files.createDirectories(dir);
        Path f = dir.resolve("s.textproto");
        Files.writeString(f, String.format(POISSON, cdf));
        return f;
    }

    private static EmpiricalCdf cdfOf(Scenario s) {
        FlowSizes sizes = s.getWorkload().getPoisson().getSizes();
        assertEquals(FlowSizes.KindCase.EMPIRICAL, sizes.getKindCase(), "the name was replaced by its points");
        return sizes.getEmpirical();
    }

    @Test
    void shippedDistributionsLoadByName() throws IOException {
        EmpiricalCdf web = cdfOf(ScenarioFiles.read(scenario(tmp, "websearch")));
        assertEquals("websearch", web.getSource());
        assertEquals(12, web.getPointsCount());
        assertEquals(30_000_000, web.getPoints(11).getSizeBytes());
        FlowSizeDistribution d = FlowSizeDistribution.from(FlowSizes.newBuilder().setEmpirical(web).build(), "x");
        assertEquals(1_711_250, d.meanBytes(), 1, "DCTCP's web search mean");
        EmpiricalCdf hadoop = cdfOf(ScenarioFiles.read(scenario(tmp, "hadoop")));
        assertEquals(700, FlowSizeDistribution.from(FlowSizes.newBuilder().setEmpirical(hadoop).build(), "x")
                .sizeAt(0.5), "Hadoop's median");
    }

    /**
     * The source's stated mean, 68,936.79 B, is the table read as steps (each size with its step of
     * probability); linear interpolation, how every CDF is drawn, puts each step's mass halfway between two
     * sizes, which lowers the mean by 9.4%.
     */
    @Test
    void facebookWebServerSizesHaveTheSourcesMeanAsStepsAndLessInterpolated() throws IOException {
        EmpiricalCdf fb = cdfOf(ScenarioFiles.read(scenario(tmp, "facebook-webserver")));
        assertEquals(44, fb.getPointsCount());
        assertEquals(84, fb.getPoints(0).getSizeBytes());
        assertEquals(0.061, fb.getPoints(0).getCumulativeProbability());
        assertEquals(1_000_000, fb.getPoints(43).getSizeBytes());
        double steps = fb.getPoints(0).getSizeBytes() * fb.getPoints(0).getCumulativeProbability();
        for (int i = 1; i < fb.getPointsCount(); i++) {
            steps += fb.getPoints(i).getSizeBytes()
                    * (fb.getPoints(i).getCumulativeProbability() - fb.getPoints(i - 1).getCumulativeProbability());
        }
        assertEquals(68_936.79, steps, 0.1, "the source's mean (its probabilities have four decimals)");
        FlowSizeDistribution d = FlowSizeDistribution.from(FlowSizes.newBuilder().setEmpirical(fb).build(), "x");
        // 84 x 0.061 + sum over segments of (P(i) - P(i-1)) x (S(i-1) + S(i)) / 2, e.g. the last:
        // (1 - 0.9963) x (778,003 + 1,000,000) / 2 = 3,289.3 B.
        assertEquals(62_482.87, d.meanBytes(), 0.01);
        assertEquals(1 - 62_482.87 / 68_936.79, 0.0936, 0.0001, "interpolation: 9.4% below the stated mean");
        // The median: between 3000 B (0.4796) and 4000 B (0.5259): 3000 + 1000 x 0.0204 / 0.0463 = 3440.6 B.
        assertEquals(3441, d.sizeAt(0.5));
        assertEquals(84, d.sizeAt(0.06), "below the first point's probability every draw is its size");
    }

    @Test
    void aFileIsReadRelativeToTheScenarioThatNamesIt() throws IOException {
        Files.writeString(tmp.resolve("mine.txt"), "# size p\n100 0.5   # half of them\n\n300 1\n");
        Path s = scenario(tmp.resolve("sub"), "../mine.txt");
        EmpiricalCdf c = cdfOf(ScenarioFiles.read(s));
        assertEquals(2, c.getPointsCount());
        assertEquals(300, c.getPoints(1).getSizeBytes());
        // A scenario based on it keeps the base's file, resolved where the base is.
        Path child = tmp.resolve("other/child.textproto");
        Files.createDirectories(child.getParent());
        Files.writeString(child, "base: \"../sub/s.textproto\"\nname: \"child\"\n");
        assertEquals(300, cdfOf(ScenarioFiles.read(child)).getPoints(1).getSizeBytes());
        // An override naming a shipped CDF replaces the file's.
        Scenario o = ScenarioFiles.read(s, List.of("workload.poisson.sizes.cdf=hadoop"));
        assertEquals("hadoop", cdfOf(o).getSource());
    }

    @Test
    void badFilesNameTheFieldTheFileAndTheLine() throws IOException {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioFiles.read(scenario(tmp, "nope.txt")));
        assertEquals("workload.poisson.sizes.cdf", e.field());
        assertTrue(e.getMessage().contains("no such file") && e.getMessage().contains("websearch"), e.getMessage());
        Files.writeString(tmp.resolve("bad.txt"), "100 0.5\n200 half\n");
        e = assertThrows(ScenarioException.class, () -> ScenarioFiles.read(scenario(tmp, "bad.txt")));
        assertTrue(e.getMessage().contains("bad.txt:2") && e.getMessage().contains("200 half"), e.getMessage());
        e = assertThrows(ScenarioException.class,
                () -> ScenarioFiles.read(String.format(POISSON, "mine.txt"), null));
        assertTrue(e.getMessage().contains("without its file path"), e.getMessage());
    }

    /** What would be read whole into memory, or never end, is refused before it is read. */
    @Test
    void aFileThatIsNotRegularOrIsHugeIsRefused() throws IOException {
        Files.createDirectories(tmp.resolve("adir"));
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioFiles.read(scenario(tmp, "adir")));
        assertEquals("workload.poisson.sizes.cdf", e.field());
        assertTrue(e.getMessage().contains("adir: not a regular file"), e.getMessage());
        try (RandomAccessFile huge = new RandomAccessFile(tmp.resolve("huge.txt").toFile(), "rw")) {
            huge.setLength((64L << 20) + 1);
        }
        e = assertThrows(ScenarioException.class, () -> ScenarioFiles.read(scenario(tmp, "huge.txt")));
        assertEquals("workload.poisson.sizes.cdf", e.field());
        assertTrue(e.getMessage().contains("huge.txt: larger than 64 MiB"), e.getMessage());
    }
}
