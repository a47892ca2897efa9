package org.cosim.fabric.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.cosim.fabric.kernel.EventHandler;
import org.cosim.fabric.kernel.Simulator;

/**
 * Samples, every interval, the bytes each flow delivered since the previous
 * sample and the length of each monitored queue. Output stays small by design:
 * one row per interval, whatever the packet rate.
 */
public final class TimeSeriesSampler implements EventHandler {
    private final Simulator sim;
    private final FlowStats flows;
    private final List<QueueMonitor> queues;
    private final long intervalPs;
    private final int handler;
    private final long[] lastDelivered;
    private long[] times = new long[256];
    private final List<long[]> flowBytes = new ArrayList<>();
    private final List<long[]> queueBytes = new ArrayList<>();
    private int samples;

    public TimeSeriesSampler(Simulator sim, FlowStats flows, List<QueueMonitor> queues, long intervalPs) {
        this.sim = sim;
        this.flows = flows;
        this.queues = List.copyOf(queues);
        this.intervalPs = intervalPs;
        this.lastDelivered = new long[flows.flows()];
        this.handler = sim.register(this);
    }

    public void start() {
        sim.schedule(intervalPs, handler, 0, 0);
    }

    @Override
    public void handle(int kind, long arg) {
        if (samples == times.length) {
            times = Arrays.copyOf(times, samples * 2);
        }
        times[samples] = sim.now();
        long[] f = new long[lastDelivered.length];
        for (int i = 0; i < f.length; i++) {
            long d = flows.deliveredBytes(i);
            f[i] = d - lastDelivered[i];
            lastDelivered[i] = d;
        }
        flowBytes.add(f);
        long[] q = new long[queues.size()];
        for (int i = 0; i < q.length; i++) {
            q[i] = queues.get(i).current();
        }
        queueBytes.add(q);
        samples++;
        sim.schedule(sim.now() + intervalPs, handler, 0, 0);
    }

    public int samples() { return samples; }
    public int flowCount() { return lastDelivered.length; }
    public long intervalPs() { return intervalPs; }
    public long time(int s) { return times[s]; }
    /** Bytes flow f delivered in the interval ending at sample s. */
    public long flowBytes(int s, int f) { return flowBytes.get(s)[f]; }
    public long queueBytes(int s, int q) { return queueBytes.get(s)[q]; }
    public List<QueueMonitor> queues() { return queues; }
}
