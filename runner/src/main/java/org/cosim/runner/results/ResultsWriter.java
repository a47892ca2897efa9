package org.cosim.runner.results;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.cosim.agents.host.FlowStates;
import org.cosim.scenario.Units;

/**
 * Writes a run's results directory in the common format:
 * <ul>
 * <li>{@code flows.csv}: one row per flow (times in ps; empty end/FCT when unfinished; with a mixed
 * workload, a last column {@code part}: the flow's part of the mix, 0-based);
 * <li>{@code summary.json}: status, the headline metrics (with FCT slowdown percentiles by flow
 * size, {@link Slowdowns}), counters (deterministic);
 * <li>{@code rtt_samples.csv}: RTT samples, network and host (evenly thinned to at most N rows);
 * <li>{@code timeseries.csv}: per-interval flow rates and queue lengths;
 * <li>{@code agent_state.csv} (with output.agent_state): each flow's window or rate at its sender, per interval;
 * <li>{@code run.json}: wall time and speed, which vary from run to run;
 * <li>{@code scenario.textproto}: the scenario as run, overrides applied.
 * </ul>
 * All files but run.json are byte-identical for the same scenario and seed.
 * summary.json is written last and says {@code "status": "failed"} for a run
 * that did not reach its end, so partial results never pass for complete ones.
 */
public final class ResultsWriter {
    public static final List<String> FILES = List.of("flows.csv", "summary.json", "rtt_samples.csv",
            "timeseries.csv", "agent_state.csv", "packet_trace.csv", "run.json", "scenario.textproto");

    /** The plots a run may draw (Plots): removed with the files above, so none is left from an earlier run. */
    public static final String RATES_PNG = "rates.png";
    public static final String SLOWDOWN_PNG = "slowdown.png";
    public static final String RTT_CDF_PNG = "rtt_cdf.png";
    /** rtt_samples.csv's column of network RTTs (ps). */
    public static final String NETWORK_RTT_COLUMN = "network_rtt_ps";
    public static final String QUEUE_PNG = "queue.png";
    public static final String PACKET_TRACE_PNG = "packet_trace.png";
    public static final String AGENT_STATE_PNG = "agent_state.png";
    private static final List<String> PLOTS = List.of(RATES_PNG, SLOWDOWN_PNG, RTT_CDF_PNG, QUEUE_PNG, PACKET_TRACE_PNG,
            AGENT_STATE_PNG);

    private ResultsWriter() {}

    /** Every file a run may write in {@code dir}: the results files and the plots. */
    public static List<Path> paths(Path dir) {
        return java.util.stream.Stream.concat(FILES.stream(), PLOTS.stream()).map(dir::resolve).toList();
    }

    public static void write(Path dir, RunResults r, Summary s, String scenarioText, int maxRttRows) {
        try {
            Files.createDirectories(dir);
            for (Path f : paths(dir)) {
                Files.deleteIfExists(f);
            }
            Files.writeString(dir.resolve("scenario.textproto"), scenarioText, StandardCharsets.UTF_8);
            writeFlows(dir.resolve("flows.csv"), r);
            writeRtts(dir.resolve("rtt_samples.csv"), r.rtts(), maxRttRows);
            writeSeries(dir.resolve("timeseries.csv"), r.series());
            if (r.flowStates() != null) {
                int[] chosen = r.chosenStateFlows();
                writeStates(dir.resolve("agent_state.csv"), r.flowStates(),
                        chosen.length > 0 ? chosen : IntStream.range(0, r.flowStates().flows()).toArray());
            }
            if (r.packetTrace() != null) {
                PacketTraceCsv.write(dir.resolve("packet_trace.csv"), r.packetTrace());
            }
            Files.writeString(dir.resolve("run.json"), runJson(r), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("summary.json"), summaryJson(r, s), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results to " + dir + ": " + e.getMessage(), e);
        }
    }

    static void writeFlows(Path file, RunResults r) throws IOException {
        boolean parts = !r.partKinds().isEmpty();
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("flow_id,src,dst,size_bytes,start_ps,end_ps,fct_ps,ideal_fct_ps,slowdown,"
                    + "sent_bytes,delivered_bytes,dropped_bytes,retransmitted_bytes,unique_delivered_bytes"
                    + (parts ? ",part\n" : "\n"));
            for (FlowRecord f : r.flows()) {
                FlowBytes b = f.bytes();
                w.write(f.id() + "," + f.src() + "," + f.dst() + "," + f.sizeBytes() + "," + f.startPs() + ","
                        + (f.finished() ? f.endPs() : "") + "," + (f.finished() ? f.fctPs() : "") + ","
                        + (f.idealFctPs() >= 0 ? f.idealFctPs() : "") + ","
                        + (Double.isNaN(f.slowdown()) ? "" : JsonWriter.number(f.slowdown())) + ","
                        + b.sent() + "," + b.delivered() + "," + b.dropped() + "," + b.retransmitted() + ","
                        + b.uniqueDelivered() + (parts ? "," + f.part() : "") + "\n");
            }
        }
    }

    static void writeRtts(Path file, RttSamples rtts, int maxRows) throws IOException {
        int n = rtts.size();
        int stride = maxRows <= 0 ? Integer.MAX_VALUE : Math.max(1, (n + maxRows - 1) / maxRows);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("time_ps,flow_id," + NETWORK_RTT_COLUMN + ",host_rtt_ps\n");
            for (int i = 0; i < n; i += stride) {
                w.write(rtts.timePs()[i] + "," + rtts.flow()[i] + "," + rtts.networkRttPs()[i] + ","
                        + rtts.hostRttPs()[i] + "\n");
            }
        }
    }

    static void writeSeries(Path file, TimeSeries ts) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            StringBuilder head = new StringBuilder("time_ps");
            int flows = ts.samples() == 0 ? 0 : ts.flowBytes()[0].length;
            for (int f = 0; f < flows; f++) {
                head.append(",flow").append(f).append("_gbps");
            }
            for (String q : ts.queueNames()) {
                head.append(",queue_bytes:").append(q);
            }
            w.write(head.append('\n').toString());
            double seconds = ts.intervalPs() / (double) Units.PS_PER_S;
            for (int s = 0; s < ts.samples(); s++) {
                StringBuilder row = new StringBuilder(Long.toString(ts.times()[s]));
                for (int f = 0; f < flows; f++) {
                    row.append(',').append(JsonWriter.number(ts.flowBytes()[s][f] * 8 / seconds / 1e9));
                }
                for (long q : ts.queueBytes()[s]) {
                    row.append(',').append(q);
                }
                w.write(row.append('\n').toString());
            }
        }
    }

    /**
     * One row per sample time, a column per flow and variable ({@code flowF_cwnd_packets},
     * {@code flowF_rtt_us}, {@code flowF_target_us}, ..., a flow's together); an empty cell
     * where a flow had no state (not started, or finished) or a signal no value yet. {@code flows}: the
     * flows written, in this order (output.agent_state_flows, or all of them).
     */
    static void writeStates(Path file, FlowStates st, int[] flows) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            StringBuilder head = new StringBuilder("time_ps");
            for (int f : flows) {
                for (String name : st.names()) {
                    head.append(",flow").append(f).append('_').append(name);
                }
            }
            w.write(head.append('\n').toString());
            for (int s = 0; s < st.samples(); s++) {
                StringBuilder row = new StringBuilder(Long.toString(st.timePs(s)));
                for (int f : flows) {
                    for (int v = 0; v < st.variables(); v++) {
                        double x = st.value(s, f, v);
                        row.append(',').append(Double.isNaN(x) ? "" : JsonWriter.number(x));
                    }
                }
                w.write(row.append('\n').toString());
            }
        }
    }

    static String summaryJson(RunResults r, Summary s) {
        JsonWriter j = new JsonWriter().beginObject();
        j.field("status", r.complete() ? "complete" : "failed");
        j.field("failure", r.failure());
        j.field("backend", r.backend().id());
        j.field("scenario", r.scenarioName());
        j.field("scenario_sha256", r.scenarioDigest());
        j.field("protocol", r.protocol());
        j.fieldUnsigned("seed", r.seed());
        j.field("duration_ps", r.durationPs());
        j.field("warmup_ps", r.warmupPs());
        j.field("reached_ps", r.reachedPs());
        j.beginObject("throughput");
        j.field("goodput_gbps", s.goodputGbps());
        j.field("wire_gbps", s.wireGbps());
        j.field("total_gbps", s.wireGbps());  // the older name of wire_gbps
        j.field("jain_index", s.jainIndex());
        j.field("flow_min_gbps", s.flowThroughputMinGbps());
        j.field("flow_max_gbps", s.flowThroughputMaxGbps());
        j.field("per_flow_gbps", s.flowThroughputGbps());
        j.endObject();
        // The same samples' two RTTs (RttSamples); rtt_us is the older name of rtt_host_us.
        rtt(j, "rtt_network_us", s.rttNetwork());
        rtt(j, "rtt_host_us", s.rttHost());
        rtt(j, "rtt_us", s.rttHost());
        // Over the flows that started after the warm-up (FlowRecord.measured), as slowdown_by_size below.
        FctStats fct = s.fct();
        j.beginObject("fct");
        fctFields(j, fct, r.flows().size());
        j.endObject();
        List<Slowdowns.Bucket> buckets = s.slowdownBySize();
        if (!buckets.isEmpty()) {
            // The measured flows by size (Slowdowns): what a workload of mixed sizes is judged by.
            j.beginObject("slowdown_by_size");
            for (Slowdowns.Bucket b : buckets) {
                j.beginObject(b.name());
                j.field("flows", b.flows());
                j.field("size_p50_bytes", b.medianBytes());
                j.field("finished", b.finished());
                j.field("p50", b.p50());
                j.field("p99", b.p99());
                j.field("p999", b.p999());
                j.endObject();
            }
            j.endObject();
        }
        if (!s.parts().isEmpty()) {
            // A mixed workload's parts apart (PartStats), keyed by their index in workload.mix.parts.
            j.beginObject("parts");
            for (PartStats p : s.parts()) {
                j.beginObject(Integer.toString(p.part()));
                j.field("kind", p.kind());
                j.field("goodput_gbps", p.goodputGbps());
                fctFields(j, p.fct(), p.flows());
                j.endObject();
            }
            j.endObject();
        }
        if (!Double.isNaN(s.incastOptimumUs())) {
            j.beginObject("incast");
            j.field("optimum_last_fct_us", s.incastOptimumUs());
            j.field("last_fct_us", fct.maxUs());
            j.field("last_over_optimum", s.incastLastOverOptimum());
            j.field("slowest_over_fastest", s.incastSlowestOverFastest());
            j.endObject();
        }
        j.beginObject("queues");
        for (QueueRecord q : r.queues()) {
            j.beginObject(q.name());
            j.field("rate_gbps", q.rateBps() / 1e9);
            j.field("mean_bytes", q.meanBytes());
            j.field("p50_bytes", q.p50Bytes());
            j.field("p90_bytes", q.p90Bytes());
            j.field("p99_bytes", q.p99Bytes());
            j.field("max_bytes", q.maxBytes());
            j.field("p99_us", q.p99Bytes() * 8e6 / q.rateBps());
            j.endObject();
        }
        j.endObject();
        if (r.packetTrace() != null) {
            j.beginObject("packet_trace");
            j.field("records", r.packetTrace().size());
            j.field("steps", r.packetTrace().attempted());
            j.field("truncated", r.packetTrace().truncated());
            TracedOneWay oneWay = s.tracedOneWay();
            j.beginObject("data_one_way_us");
            j.field("packets", oneWay.packets());
            j.field("p50", oneWay.p50Us());
            j.field("p99", oneWay.p99Us());
            j.field("max", oneWay.maxUs());
            j.endObject();
            j.beginObject("ports");
            for (TracedPortWaits.Port p : s.tracedPortWaits().ports()) {
                j.beginObject(p.name());
                j.field("queued", p.queued());
                j.field("wait_mean_us", p.meanUs());
                j.field("wait_p99_us", p.p99Us());
                j.field("wait_max_us", p.maxUs());
                j.field("trimmed", p.trimmed());
                j.field("returned", p.returned());
                j.field("dropped", p.dropped());
                j.endObject();
            }
            j.endObject();
            j.endObject();
        }
        Counters c = r.counters();
        j.beginObject("counters");
        j.field("pfc_pause_frames_sent", c.pfcPauseFramesSent());
        j.field("pfc_pause_frames_sent_after_warmup", c.pfcPauseFramesSentMeasured());
        j.field("pfc_pause_frames_received_by_hosts", c.pfcPauseFramesReceivedByHosts());
        j.field("drop_packets", c.dropPackets());
        j.field("drop_bytes", c.dropBytes());
        j.field("retransmitted_bytes", s.retransmittedBytes());
        j.field("duplicate_bytes_delivered", s.duplicateBytesDelivered());
        j.field("ecn_marks", c.ecnMarks());
        j.field("trimmed_packets", c.trimmedPackets());
        j.field("returned_to_sender", c.returnedToSender());
        j.field("returned_share", c.returnedShare());
        j.field("packets_in_network_at_end", c.packetsInNetwork());
        j.field("events_processed", c.eventsProcessed());
        j.field("agent_windows", c.agentWindows());
        j.field("agent_events", c.agentEvents());
        j.beginObject("drops_by_port");
        for (Counters.PortCounts d : c.dropsByPort()) {
            j.beginObject(d.port());
            j.field("packets", d.dropPackets());
            j.field("bytes", d.dropBytes());
            j.endObject();
        }
        j.endObject();
        j.beginObject("trims_by_port");
        for (Counters.PortCounts t : c.trimsByPort()) {
            j.beginObject(t.port());
            j.field("trimmed", t.trimmed());
            j.field("returned", t.returned());
            j.endObject();
        }
        j.endObject();
        j.endObject();
        return j.endObject().toString();
    }

    private static void rtt(JsonWriter j, String name, RttStats rtt) {
        j.beginObject(name);
        j.field("samples", rtt.samples());
        j.field("mean", rtt.meanUs());
        j.field("p50", rtt.p50Us());
        j.field("p99", rtt.p99Us());
        j.field("p999", rtt.p999Us());
        j.endObject();
    }

    /** The FCT numbers of summary.json's {@code fct} and of each of its {@code parts}. */
    private static void fctFields(JsonWriter j, FctStats fct, int flowsInRun) {
        j.field("flows_measured", fct.flowsMeasured());
        j.field("flows_finished", fct.flowsFinished());
        j.field("flows_unfinished", fct.flowsUnfinished());
        j.field("flows_in_run", flowsInRun);
        j.field("mean_us", fct.meanUs());
        j.field("p50_us", fct.p50Us());
        j.field("p99_us", fct.p99Us());
        j.field("max_us", fct.maxUs());
        j.field("min_us", fct.minUs());
        j.field("slowdown_mean", fct.slowdownMean());
        j.field("slowdown_p99", fct.slowdownP99());
    }

    static String runJson(RunResults r) {
        double wallS = r.wallNanos() / 1e9;
        double simMs = r.reachedPs() / (double) Units.PS_PER_MS;
        JsonWriter j = new JsonWriter().beginObject()
                .field("backend", r.backend().id())
                .field("wall_time_s", wallS)
                .field("events_per_second", wallS > 0 ? r.counters().eventsProcessed() / wallS : 0)
                .field("wall_seconds_per_simulated_ms", simMs > 0 ? wallS / simMs : 0);
        for (var e : r.wallBreakdown().entrySet()) {
            j.field(e.getKey() + "_s", e.getValue());
        }
        return j.field("java_version", System.getProperty("java.version"))
                .field("available_processors", Runtime.getRuntime().availableProcessors())
                .endObject().toString();
    }
}
