package org.cosim.validation.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.cosim.validation.Main;
import org.cosim.validation.experiments.Experiments;
import org.junit.jupiter.api.Test;

/** `cosim validate`'s command line: the experiment list, and bad options named with exit status 2. */
class ValidateCommandTest {
    private record Outcome(int status, String out, String err) {}

    private static Outcome cosim(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void listsTheExperimentsOfAPaper() {
        Outcome o = cosim("validate", "--paper", "ndp", "--list");
        assertEquals(0, o.status(), o.err());
        assertEquals(Experiments.of("ndp").size(), o.out().lines().count(), o.out());
        assertTrue(o.out().contains("ndp-fig14") && !o.out().contains("timely-"), o.out());
    }

    @Test
    void badOptionsAreNamed() {
        Outcome p = cosim("validate", "--paper", "hpcc");
        assertEquals(2, p.status());
        assertTrue(p.err().contains("unknown paper 'hpcc'"), p.err());
        Outcome b = cosim("validate", "--backend", "ns3");
        assertEquals(2, b.status());
        assertTrue(b.err().contains("unknown back end 'ns3'"), b.err());
        Outcome i = cosim("validate", "--only", "timely-table1,fig99");
        assertEquals(2, i.status());
        assertTrue(i.err().contains("no experiment 'fig99'"), i.err());
    }

    @Test
    void helpNamesTheOptions() {
        Outcome o = cosim("validate", "--help");
        assertEquals(0, o.status());
        assertTrue(o.out().contains("--quick") && o.out().contains("--backend"), o.out());
    }
}
