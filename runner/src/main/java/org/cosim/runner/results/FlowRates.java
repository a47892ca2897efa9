package org.cosim.runner.results;

import org.cosim.scenario.Units;

/**
 * One flow's delivered rate over time, from the run's time series (bytes the
 * receiving NIC got in each output.sample_interval_us): the mean over an
 * interval, the standard deviation over time, and the convergence time to a fair
 * share. One definition each, used by the tests and the measurements in docs/.
 */
public final class FlowRates {
    private FlowRates() {}

    /** The flow's rate in Gb/s in every sample interval, in time order. */
    public static double[] gbps(TimeSeries ts, int flow) {
        double seconds = ts.intervalPs() / (double) Units.PS_PER_S;
        double[] out = new double[ts.samples()];
        for (int s = 0; s < out.length; s++) {
            out[s] = ts.flowBytes()[s][flow] * 8 / seconds / 1e9;
        }
        return out;
    }

    /** Mean rate over the samples that end in (fromPs, toPs]. */
    public static double meanGbps(TimeSeries ts, int flow, long fromPs, long toPs) {
        double[] r = gbps(ts, flow);
        double sum = 0;
        int n = 0;
        for (int s = 0; s < r.length; s++) {
            if (ts.times()[s] > fromPs && ts.times()[s] <= toPs) {
                sum += r[s];
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /**
     * Throughput standard deviation of a flow over time: its rate is averaged over
     * consecutive windows of {@code windowPs} (a multiple of the sample interval)
     * within (fromPs, toPs], and this is the population standard deviation of
     * those window rates, in Gb/s. Short windows see packet-count noise: a flow of
     * r bits/s sending P-bit packets has a floor near P / (2 windowPs) even when
     * perfectly smooth.
     */
    public static double stdDevGbps(TimeSeries ts, int flow, long fromPs, long toPs, long windowPs) {
        if (windowPs % ts.intervalPs() != 0 || windowPs <= 0) {
            throw new IllegalArgumentException("window " + windowPs + " ps is not a multiple of the sample interval "
                    + ts.intervalPs() + " ps");
        }
        int k = (int) (windowPs / ts.intervalPs());
        double[] r = gbps(ts, flow);
        double[] windows = new double[r.length / k + 1];
        int n = 0;
        double sum = 0;
        int inWindow = 0;
        for (int s = 0; s < r.length; s++) {
            if (ts.times()[s] <= fromPs || ts.times()[s] > toPs) {
                continue;
            }
            sum += r[s];
            if (++inWindow == k) {
                windows[n++] = sum / k;
                sum = 0;
                inWindow = 0;
            }
        }
        double mean = 0;
        for (int i = 0; i < n; i++) {
            mean += windows[i] / n;
        }
        double var = 0;
        for (int i = 0; i < n; i++) {
            var += (windows[i] - mean) * (windows[i] - mean) / n;
        }
        return n == 0 ? Double.NaN : Math.sqrt(var);
    }

    /**
     * Convergence time of a flow to its fair share: from {@code startPs} (when the
     * flow started) to the end of the first sample at which the flow's rate,
     * averaged over the last {@code smoothPs}, lies within {@code tolerance} x fair
     * of {@code fairGbps} and stays there at every sample for the next
     * {@code holdPs}. The smoothing looks through the packet-level phase of ACK
     * clocking; the hold rules out passing through the band on the way to an
     * overshoot. Returns -1 if the flow never converges within the series.
     */
    public static long convergencePs(TimeSeries ts, int flow, long startPs, double fairGbps, double tolerance,
                                     long smoothPs, long holdPs) {
        double[] r = gbps(ts, flow);
        long[] t = ts.times();
        int k = (int) Math.max(1, smoothPs / ts.intervalPs());
        boolean[] in = new boolean[r.length];
        for (int s = 0; s < r.length; s++) {
            if (s + 1 >= k && t[s - k + 1] - ts.intervalPs() >= startPs) {
                double sum = 0;
                for (int j = s - k + 1; j <= s; j++) {
                    sum += r[j];
                }
                in[s] = Math.abs(sum / k - fairGbps) <= tolerance * fairGbps;
            }
        }
        for (int s = 0; s < r.length; s++) {
            if (!in[s] || t[s] + holdPs > t[r.length - 1]) {
                continue;
            }
            boolean stays = true;
            for (int j = s; j < r.length && t[j] < t[s] + holdPs; j++) {
                stays &= in[j];
            }
            if (stays) {
                return t[s] - startPs;
            }
        }
        return -1;
    }
}
