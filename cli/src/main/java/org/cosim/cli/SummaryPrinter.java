package org.cosim.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.cosim.runner.results.Counters;
import org.cosim.runner.results.FctStats;
import org.cosim.runner.results.PartStats;
import org.cosim.runner.results.QueueRecord;
import org.cosim.runner.results.RttStats;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Slowdowns;
import org.cosim.runner.results.Summary;
import org.cosim.scenario.Units;

/** The human-readable summary of a run, for the terminal. */
public final class SummaryPrinter {
    private SummaryPrinter() {}

    public static void print(PrintStream out, RunResults r, Summary s) {
        out.printf(Locale.ROOT, "%s: %s on the %s back end, seed %s, %s ms simulated (%s ms warm-up), wall %.1f s%n",
                r.scenarioName(), r.protocol(), r.backend(), Long.toUnsignedString(r.seed()), ms(r.reachedPs()), ms(r.warmupPs()),
                r.wallNanos() / 1e9);
        if (!r.complete()) {
            out.println("  RUN FAILED at " + ms(r.reachedPs()) + " ms: " + r.failure());
            out.println("  (the numbers below cover only the time before the failure)");
        }
        String total = String.format(Locale.ROOT, "  throughput  goodput %.2f Gb/s, wire %.2f Gb/s", s.goodputGbps(),
                s.wireGbps());
        if (s.flowThroughputGbps().length == 0) {  // every flow finished before the warm-up's end, or started after
            out.println(total + "; no flow was active after the warm-up");
        } else {
            out.printf(Locale.ROOT, "%s; per flow (goodput) %.3f..%.3f Gb/s; Jain's index %.3f over %d flows%n", total,
                    s.flowThroughputMinGbps(), s.flowThroughputMaxGbps(), s.jainIndex(), s.flowThroughputGbps().length);
        }
        if (s.retransmittedBytes() > 0 || s.duplicateBytesDelivered() > 0) {
            out.printf(Locale.ROOT, "  resent      %d bytes retransmitted by the senders, %d duplicate bytes delivered%n",
                    s.retransmittedBytes(), s.duplicateBytesDelivered());
        }
        if (s.rttHost().samples() > 0) {
            RttStats n = s.rttNetwork();
            RttStats h = s.rttHost();
            out.printf(Locale.ROOT, "  RTT         network mean %.1f us, p50 %.1f us, p99 %.1f us, p99.9 %.1f us; "
                    + "host mean %.1f us, p99 %.1f us (%d samples)%n", n.meanUs(), n.p50Us(), n.p99Us(), n.p999Us(),
                    h.meanUs(), h.p99Us(), h.samples());
        }
        List<String> empty = new ArrayList<>();
        for (QueueRecord q : r.queues()) {
            if (q.maxBytes() == 0 && r.queues().size() > 1) {
                empty.add(q.name());  // listed on one line below, so the busy ports stand out
                continue;
            }
            out.printf(Locale.ROOT, "  queue       %s at %s Gb/s: mean %.1f KB, p50 %.1f KB, p99 %.1f KB (%.1f us), max %.1f KB%n",
                    q.name(), fmt(q.rateBps() / 1e9), q.meanBytes() / 1e3, q.p50Bytes() / 1e3, q.p99Bytes() / 1e3,
                    q.p99Bytes() * 8e6 / q.rateBps(), q.maxBytes() / 1e3);
        }
        if (!empty.isEmpty()) {
            out.printf(Locale.ROOT, "  queue       max 0 KB at %s%n", empty.size() <= 4 ? String.join(", ", empty)
                    : String.join(", ", empty.subList(0, 3)) + " and " + (empty.size() - 3) + " more monitored ports "
                    + "(summary.json has them all)");
        }
        Counters c = r.counters();
        out.printf(Locale.ROOT, "  PFC/drops   %d pause frames after the warm-up (%d in all); %d packets (%d bytes) dropped%n",
                c.pfcPauseFramesSentMeasured(), c.pfcPauseFramesSent(), c.dropPackets(), c.dropBytes());
        if (c.trimmedPackets() > 0) {
            out.printf(Locale.ROOT, "  trimming    %d packets trimmed, %d headers returned to sender (%.1f%%)%n",
                    c.trimmedPackets(), c.returnedToSender(), 100 * c.returnedShare());
        }
        printFlows(out, r, s.fct());
        for (PartStats p : s.parts()) {
            printPart(out, p);
        }
        // Slowdown by flow size, for workloads of many flows (an incast's few flows say it better above).
        for (Slowdowns.Bucket b : s.slowdownBySize()) {
            if (b.flows() >= 100 && b.finished() == 0) {
                out.printf(Locale.ROOT, "  slowdown    %-13s none of %d flows finished%n", b.name() + ":", b.flows());
            } else if (b.flows() >= 100) {
                out.printf(Locale.ROOT, "  slowdown    %-13s p50 %.2f, p99 %.2f, p99.9 %.2f (%d of %d flows finished)%n",
                        b.name() + ":", b.p50(), b.p99(), b.p999(), b.finished(), b.flows());
            }
        }
        if (!Double.isNaN(s.incastLastOverOptimum())) {
            out.printf(Locale.ROOT, "  incast      last FCT %.1f us = %.2f%% over the optimum %.1f us; slowest/fastest %.3f%n",
                    s.fct().maxUs(), 100 * (s.incastLastOverOptimum() - 1), s.incastOptimumUs(),
                    s.incastSlowestOverFastest());
        }
        out.printf(Locale.ROOT, "  events      %,d (%.2f M/s), %,d agent windows%n", c.eventsProcessed(),
                c.eventsProcessed() / Math.max(1e-9, r.wallNanos() / 1e9) / 1e6, c.agentWindows());
        if (!r.wallBreakdown().isEmpty()) {
            StringBuilder b = new StringBuilder();
            r.wallBreakdown().forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append(k.replace('_', ' '))
                    .append(String.format(Locale.ROOT, " %.2f s", v)));
            out.println("  wall        " + b);
        }
    }

    /** The measured flows (FlowRecord.measured), how many finished, and their FCT and slowdown. */
    private static void printFlows(PrintStream out, RunResults r, FctStats f) {
        int inWarmup = r.flows().size() - f.flowsMeasured();
        if (f.flowsMeasured() == 0) {
            out.printf(Locale.ROOT, "  flows       none measured: all %d started in the warm-up, so no FCT%n", inWarmup);
            return;
        }
        String set = String.format(Locale.ROOT, "  flows       %d measured (started after the warm-up): %d finished, "
                + "%d unfinished", f.flowsMeasured(), f.flowsFinished(), f.flowsUnfinished());
        String rest = inWarmup == 0 ? "" : String.format(Locale.ROOT, " (and %d started in the warm-up)", inWarmup);
        if (f.flowsFinished() == 0) {
            out.println(set + rest + "; long-lived or cut off");
            return;
        }
        // Closed long-lived flows finish too, but have no ideal FCT and so no slowdown.
        String slowdown = Double.isNaN(f.slowdownMean()) ? ""
                : String.format(Locale.ROOT, "; slowdown mean %.2f, p99 %.2f", f.slowdownMean(), f.slowdownP99());
        out.printf(Locale.ROOT, "%s; FCT mean %.1f us, p50 %.1f us, p99 %.1f us%s%s%n", set, f.meanUs(), f.p50Us(),
                f.p99Us(), slowdown, rest);
    }

    /** A mixed workload's part (PartStats): its goodput, and FCT and slowdown over its measured flows. */
    private static void printPart(PrintStream out, PartStats p) {
        FctStats f = p.fct();
        String head = String.format(Locale.ROOT, "  part %-6d %s, %d flows: goodput %.2f Gb/s; %d measured, %d finished",
                p.part(), p.kind(), p.flows(), p.goodputGbps(), f.flowsMeasured(), f.flowsFinished());
        if (f.flowsFinished() == 0) {
            out.println(head);
            return;
        }
        String slowdown = Double.isNaN(f.slowdownMean()) ? ""
                : String.format(Locale.ROOT, "; slowdown mean %.2f, p99 %.2f", f.slowdownMean(), f.slowdownP99());
        out.printf(Locale.ROOT, "%s; FCT p50 %.1f us, p99 %.1f us%s%n", head, f.p50Us(), f.p99Us(), slowdown);
    }

    private static String ms(long ps) {
        return fmt(ps / (double) Units.PS_PER_MS);
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.3f", v);
    }
}
