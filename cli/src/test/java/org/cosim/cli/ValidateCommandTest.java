package org.cosim.cli;

import static org.cosim.cli.CliOutcome.cosim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cosim.validation.experiments.Experiments;
import org.junit.jupiter.api.Test;

/** `cosim validate`'s command line: the experiment list, and bad options named with exit status 2. */
class ValidateCommandTest {
    @Test
    void listsTheExperimentsOfAPaper() {
        CliOutcome o = cosim("validate", "--paper", "ndp", "--list");
        assertEquals(0, o.status(), o.err());
        assertEquals(Experiments.of("ndp").size(), o.out().lines().count(), o.out());
        assertTrue(o.out().contains("ndp-fig14") && !o.out().contains("timely-"), o.out());
    }

    @Test
    void badOptionsAreNamed() {
        CliOutcome p = cosim("validate", "--paper", "hpcc");
        assertEquals(2, p.status());
        assertTrue(p.err().contains("unknown paper 'hpcc'"), p.err());
        CliOutcome b = cosim("validate", "--backend", "ns3");
        assertEquals(2, b.status());
        assertTrue(b.err().contains("--backend: unknown value 'ns3' (java, omnetpp, both)"), b.err());
        CliOutcome i = cosim("validate", "--only", "timely-table1,fig99");
        assertEquals(2, i.status());
        assertTrue(i.err().contains("no experiment 'fig99'"), i.err());
    }

    @Test
    void helpNamesTheOptions() {
        CliOutcome o = cosim("validate", "--help");
        assertEquals(0, o.status());
        assertTrue(o.out().contains("--quick") && o.out().contains("--backend"), o.out());
    }
}
