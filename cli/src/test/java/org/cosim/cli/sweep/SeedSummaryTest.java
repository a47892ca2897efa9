package org.cosim.cli.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The statistics over a sweep's seeds: mean, sample standard deviation, Student-t confidence interval. */
class SeedSummaryTest {
    @Test
    void studentQuantilesMatchTheTables() {
        // Two-sided 95% (p = 0.975) values of Student's t, from standard tables.
        assertEquals(12.7062, SeedSummary.studentT975(1), 1e-4);
        assertEquals(2.7764, SeedSummary.studentT975(4), 1e-4);
        assertEquals(2.0423, SeedSummary.studentT975(30), 1e-4);
        // Beyond the table: the expansion around the normal quantile.
        assertEquals(2.0395, SeedSummary.studentT975(31), 2e-4);
        assertEquals(2.0211, SeedSummary.studentT975(40), 2e-4);
        assertEquals(2.0003, SeedSummary.studentT975(60), 2e-4);
        assertEquals(1.9799, SeedSummary.studentT975(120), 2e-4);
        assertEquals(1.95996, SeedSummary.studentT975(1_000_000), 1e-4);
        assertThrows(IllegalArgumentException.class, () -> SeedSummary.studentT975(0));
    }

    @Test
    void statsOfSamples() {
        // 1, 2, 3, 4: mean 2.5, sample variance 5/3, 95% half-width t(3) * sd / 2.
        SeedSummary.Stats s = SeedSummary.Stats.of(List.of(1.0, 2.0, 3.0, 4.0));
        assertEquals(4, s.n());
        assertEquals(2.5, s.mean(), 1e-12);
        assertEquals(Math.sqrt(5.0 / 3), s.sd(), 1e-12);
        assertEquals(3.1824 * Math.sqrt(5.0 / 3) / 2, s.ci95(), 1e-4);
    }

    @Test
    void equalSamplesHaveNoSpreadAtAll() {
        SeedSummary.Stats s = SeedSummary.Stats.of(List.of(2.88, 2.88, 2.88));
        assertEquals(2.88, s.mean());
        assertEquals(0.0, s.sd());
        assertEquals(0.0, s.ci95());
    }

    @Test
    void oneSampleHasAMeanAndNoSpreadEstimate() {
        SeedSummary.Stats one = SeedSummary.Stats.of(List.of(7.0));
        assertEquals(7.0, one.mean());
        assertTrue(Double.isNaN(one.sd()) && Double.isNaN(one.ci95()));
        SeedSummary.Stats none = SeedSummary.Stats.of(List.of());
        assertTrue(Double.isNaN(none.mean()));
    }

    @Test
    void onlyASweepOverSeedHasASummary() {
        SweepPlan plain = SweepPlan.of(List.of("protocol.timely.t_low_us=50,100"));
        assertTrue(SeedSummary.of(plain.axes(), pending(plain)).isEmpty());

        SweepPlan seeded = SweepPlan.of(List.of("protocol.timely.t_low_us=50,100", "seed=1..3"));
        SeedSummary s = SeedSummary.of(seeded.axes(), pending(seeded)).orElseThrow();
        assertEquals(1, s.seedAxis());
        assertEquals(List.of("protocol.timely.t_low_us"), s.others().stream().map(SweepAxis::path).toList());
        // Runs not done yet are no samples: each configuration listed, with 0 seeds and empty numbers.
        assertEquals(2, s.groups().size());
        assertEquals(List.of("50"), s.groups().get(0).values());
        assertEquals(0, s.groups().get(0).seeds());
        List<String> lines = s.csv().lines().toList();
        assertTrue(lines.get(0).startsWith("protocol.timely.t_low_us,seeds,goodput_gbps_mean,goodput_gbps_sd,"
                + "goodput_gbps_ci95,"), lines.get(0));
        assertTrue(lines.get(2).startsWith("100,0,,,,"), lines.get(2));
    }

    private static List<SweepTable.Row> pending(SweepPlan plan) {
        return plan.points().stream().map(p -> SweepTable.Row.pending(p, "d" + p.index())).toList();
    }
}
