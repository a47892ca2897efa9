package org.cosim.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cosim.cli.Main;
import org.cosim.runner.ShippedScenarios;
import org.junit.jupiter.api.Test;

/**
 * `cosim bench --scale`: each size runs as its own {@link ScalePoint} (here in this JVM, through a launcher that
 * reads the command the bench would start), and its line becomes a row of the table.
 */
class ScaleBenchTest {
    private static final Path PERMUTATION = ShippedScenarios.path("ndp-fig14-permutation.textproto");

    /** Runs the command's ScalePoint here: its arguments follow the main class's name. */
    private static ScaleBench.Output inThisJvm(List<String> command) {
        List<String> args = command.subList(command.indexOf(ScalePoint.class.getName()) + 1, command.size());
        ScalePoint.Measured m = ScalePoint.measure(Path.of(args.get(0)), Integer.parseInt(args.get(1)),
                Double.parseDouble(args.get(2)), 0.1, args.subList(3, args.size()));
        return new ScaleBench.Output(0, List.of("some output", m.line()));
    }

    @Test
    void eachSizeIsAFatTreeOfThatKWhosePacketsAreCountedWithTheirEvents() {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        List<List<String>> commands = new ArrayList<>();
        List<ScalePoint.Measured> rows = new ScaleBench(c -> {
            commands.add(c);
            return inThisJvm(c);
        }).run(PERMUTATION, List.of(4, 6), 0.2, List.of("seed=2"), new PrintStream(text, true, StandardCharsets.UTF_8));
        assertEquals(2, rows.size(), text.toString(StandardCharsets.UTF_8));
        // k^3 / 4 hosts, 5k^2 / 4 switches; the permutation gives each host one flow.
        assertEquals(16, rows.get(0).hosts());
        assertEquals(20, rows.get(0).switches());
        assertEquals(54, rows.get(1).hosts());
        assertEquals(45, rows.get(1).switches());
        for (ScalePoint.Measured m : rows) {
            assertEquals(m.hosts(), m.flows());
            // 200 us at 10 Gb/s is about 28 packets of 9000 B per flow, fewer in the first round trip.
            assertTrue(m.packets() > 5L * m.flows() && m.packets() < 28L * m.flows(), m.toString());
            // A packet's hops each take a departure and an arrival, besides the agents' events.
            assertTrue(m.eventsPerPacket() > 6, m.toString());
            assertTrue(m.setupS() > 0 && m.runWallS() > 0, m.toString());
        }
        assertTrue(commands.get(0).contains("seed=2"), "overrides reach the child: " + commands.get(0));
        String[] table = text.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(3, table.length, "a header and a row per size");
        assertTrue(table[1].trim().startsWith("4     16     16 |"), table[1]);
    }

    @Test
    void aSizeThatFailsIsReportedAndTheOthersStillRun() {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        List<ScalePoint.Measured> rows = new ScaleBench(c -> c.contains("4")
                ? new ScaleBench.Output(1, List.of("Exception in thread \"main\" java.lang.OutOfMemoryError",
                        "\tat org.cosim.fabric.packet.PacketPool.grow(PacketPool.java:1)"))
                : inThisJvm(c)).run(PERMUTATION, List.of(4, 6), 0.02, List.of(),
                new PrintStream(text, true, StandardCharsets.UTF_8));
        assertEquals(1, rows.size());
        assertEquals(6, rows.get(0).k());
        String printed = text.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains(
                "   4 failed (exit status 1): Exception in thread \"main\" java.lang.OutOfMemoryError"), printed);
        assertTrue(!printed.contains("PacketPool.grow"), "no stack frames: " + printed);
    }

    @Test
    void aScenarioWithoutAFatTreeIsRefusedNamingItsTopology() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"bench", ShippedScenarios.path("timely-incast.textproto").toString(),
                "--scale", "--sizes", "4"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, status);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("topology")
                && err.toString(StandardCharsets.UTF_8).contains("no fat_tree"), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void sizesAreEvenFatTreeRadixes() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"bench", "--scale", "--sizes", "8,7"}, new PrintStream(
                new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, status);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--sizes: a fat tree's k is even, not 7"),
                err.toString(StandardCharsets.UTF_8));
    }
}
