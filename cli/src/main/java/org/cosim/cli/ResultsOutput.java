package org.cosim.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.cosim.runner.RunFiles;
import org.cosim.runner.results.RunResults;
import org.cosim.runner.results.Summary;
import org.cosim.runner.results.TracedOneWay;
import org.cosim.setup.RunSetup;

/** A run's results on the terminal and in its directory, as `cosim run` and `cosim compare` show them. */
final class ResultsOutput {
    private ResultsOutput() {}

    /**
     * Prints the summary, then writes the results directory and plots; returns the summary. Printed first,
     * the headline numbers survive a results directory that cannot be written (a full disk).
     */
    static Summary write(Path outDir, RunResults results, RunSetup setup, boolean noPlots, PrintStream out) {
        Summary summary = Summary.of(results);
        SummaryPrinter.print(out, results, summary);
        out.flush();
        List<Path> plots = RunFiles.write(outDir, results, summary, setup, noPlots);
        out.println("results: " + outDir + "/ (flows.csv, summary.json, rtt_samples.csv, timeseries.csv"
                + (results.flowStates() != null ? ", agent_state.csv" : "")
                + (results.packetTrace() != null ? ", packet_trace.csv" : "") + ")");
        if (results.packetTrace() != null) {
            List<String> longest = summary.tracedPortWaits().longest(3).stream()
                    .map(p -> String.format(Locale.ROOT, "%s %.2f us mean (%d packets, max %.2f)", p.name(),
                            p.meanUs(), p.queued(), p.maxUs())).toList();
            TracedOneWay oneWay = summary.tracedOneWay();
            out.println("packet trace: " + results.packetTrace().size() + " steps; data NIC to NIC p50 "
                    + String.format(Locale.ROOT, "%.2f us, p99 %.2f us (%d packets)", oneWay.p50Us(),
                    oneWay.p99Us(), oneWay.packets()) + "; waited longest at "
                    + (longest.isEmpty() ? "no port" : String.join(", ", longest)));
        }
        if (results.packetTrace() != null && results.packetTrace().truncated()) {
            out.printf(Locale.ROOT, "packet trace: kept the first %,d of %,d steps of the traced flows "
                    + "(output.packet_trace.max_records)%n", results.packetTrace().size(),
                    results.packetTrace().attempted());
        }
        if (!plots.isEmpty()) {
            out.println("plots:   " + String.join(", ", plots.stream().map(Path::toString).toList()));
        }
        return summary;
    }
}
