package org.cosim.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.cosim.cli.Main;
import org.cosim.runner.ShippedScenarios;
import org.junit.jupiter.api.Test;

/**
 * `cosim bench --wire`, short: every row of its table runs, in-process and over gRPC, with events the agent host
 * accepts (it refuses a completion of bytes never sent and a timer that is not pending, which would end the bench).
 */
class WireBenchCommandTest {
    @Test
    void everyRowOfTheWireBenchRunsWithEventsTheAgentsAccept() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"bench", ShippedScenarios.path("timely-incast.textproto").toString(),
                "--wire", "--seconds", "0.05"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, text + err.toString(StandardCharsets.UTF_8));
        assertTrue(text.contains("PT0.1S warm-up + PT0.05S per row"), "the warm-up is twice the measured time: " + text);
        List<String> rows = text.lines().filter(l -> l.startsWith("in-process") || l.startsWith("grpc")).toList();
        assertEquals(6, rows.size(), "in-process and gRPC at 1, 64 and 1024 events per window: " + text);
        for (String row : rows) {
            String[] cols = row.trim().split("\\s{2,}|\\s+(?=[0-9])");
            double eventsPerS = Double.parseDouble(cols[cols.length - 4].replace(",", ""));
            double eventsPerWindow = Double.parseDouble(cols[cols.length - 2]);
            double actionsPerEvent = Double.parseDouble(cols[cols.length - 1]);
            int batch = Integer.parseInt(cols[cols.length - 5]);
            assertTrue(eventsPerS > 0, row);
            assertTrue(eventsPerWindow > 0 && eventsPerWindow <= batch, "at most the batch size per window: " + row);
            // TIMELY answers a completion with a send and a timer firing with a send or a new timer.
            assertTrue(actionsPerEvent > 0.5 && actionsPerEvent < 2, row);
        }
    }

    @Test
    void secondsMustBeAPositiveNumber() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"bench", "--wire", "--seconds", "0"}, new PrintStream(
                new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, status);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains(
                "--seconds takes a number of seconds in 0.001..86400, not '0'"), err.toString(StandardCharsets.UTF_8));
    }
}
