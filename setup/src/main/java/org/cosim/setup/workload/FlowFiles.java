package org.cosim.setup.workload;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cosim.setup.topology.TopologyGraph;
import org.cosim.proto.FlowFile;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.TextLines;

/**
 * Flows read from another simulator's traffic file (scenario workload.file; the
 * formats are in docs/fabric-model.md, "Traffic files"): htsim's connection
 * matrix or HPCC's flow.txt. Flow i is the file's i-th flow, checked as a
 * flow_list's flows are; an error names the file and the line.
 */
final class FlowFiles {
    private FlowFiles() {}

    static FlowTable build(FlowFile f, TopologyGraph g, String field) {
        if (f.getContentCase() != FlowFile.ContentCase.TEXT) {
            throw new ScenarioException(field, "give the file's path (or its text)");
        }
        TextLines text = new TextLines(f.getText(), f.getSource(), field);
        return switch (f.getFormat()) {
            case HTSIM_CM -> htsim(text, g);
            case HPCC_FLOW -> hpcc(text, g);
            case FLOW_FILE_FORMAT_UNSET, UNRECOGNIZED -> throw new ScenarioException(field + ".format",
                    "name the file's format: HTSIM_CM (htsim's connection matrix) or HPCC_FLOW (HPCC's flow.txt)");
        };
    }

    // ------------------------------------------------------------------ htsim

    /**
     * {@code Nodes N} and {@code Connections M}, then M lines {@code S->D [id I] start PS size B}
     * (htsim's ConnectionMatrix::load): start in picoseconds, size 0 long-lived. The ids, when given,
     * are distinct and at least 1; the flows are numbered in file order. htsim's triggers, failures and
     * priorities are refused.
     */
    private static FlowTable htsim(TextLines text, TopologyGraph g) {
        long nodes = -1;
        long connections = -1;
        Map<Long, TextLines.Line> ids = new HashMap<>();
        FlowTable t = new FlowTable();
        for (TextLines.Line line : text.lines()) {
            String first = line.word(0);
            if (first.equals("Nodes") || first.equals("Connections")) {
                if (line.size() != 2) {
                    throw text.error(line, "expected '" + first + " COUNT'");
                }
                long n = text.longAt(line, 1, 0, first);
                if (first.equals("Nodes")) {
                    if (n > g.hostCount()) {
                        throw text.error(line, "Nodes " + n + ": this topology has " + g.hostCount() + " hosts");
                    }
                    nodes = n;
                } else {
                    connections = n;
                }
            } else if (first.equals("Triggers") || first.equals("Failures")) {
                if (line.size() != 2 || text.longAt(line, 1, 0, first) != 0) {
                    throw text.error(line, "htsim's triggers and failures are not supported (only 'Triggers 0')");
                }
            } else if (first.contains("->")) {
                if (nodes < 0 || connections < 0) {
                    throw text.error(line, "a connection before the 'Nodes N' and 'Connections M' lines");
                }
                htsimConnection(text, line, nodes, ids, t, g);
            } else {
                throw text.error(line, "'" + first + "': expected 'Nodes N', 'Connections M' or 'S->D id I start PS "
                        + "size B'");
            }
        }
        if (connections < 0) {
            throw text.error("no 'Connections M' line");
        }
        if (t.size() != connections) {
            throw text.error("'Connections " + connections + "' but " + t.size() + " connection lines");
        }
        return t;
    }

    private static void htsimConnection(TextLines text, TextLines.Line line, long nodes, Map<Long, TextLines.Line> ids,
                                        FlowTable t, TopologyGraph g) {
        String[] ends = line.word(0).split("->", -1);
        long src = endpoint(text, line, ends[0], nodes, "source");
        long dst = endpoint(text, line, ends.length == 2 ? ends[1] : "", nodes, "destination");
        long start = -1;
        long size = -1;
        for (int i = 1; i < line.size(); i += 2) {
            String key = line.word(i);
            if (i + 1 >= line.size()) {
                throw text.error(line, "'" + key + "' without a value");
            }
            switch (key) {
                case "id" -> {
                    long id = text.longAt(line, i + 1, 1, "id");
                    TextLines.Line earlier = ids.putIfAbsent(id, line);
                    if (earlier != null) {
                        throw text.error(line, "id " + id + " is already the id of line " + earlier.number());
                    }
                }
                case "start" -> start = picoseconds(text, line, line.word(i + 1));
                case "size" -> size = text.longAt(line, i + 1, 0, "size");
                default -> throw text.error(line, "'" + key + "': not supported (a connection is 'S->D [id I] "
                        + "start PS size B'; htsim's triggers and priorities are not)");
            }
        }
        if (start < 0 || size < 0) {
            throw text.error(line, "missing '" + (start < 0 ? "start PS" : "size B") + "'");
        }
        add(text, line, t, g, src, dst, size, start);
    }

    private static long endpoint(TextLines text, TextLines.Line line, String w, long nodes, String what) {
        long h;
        try {
            h = Long.parseLong(w);
        } catch (NumberFormatException e) {
            throw text.error(line, "'" + line.word(0) + "': expected S->D, two host numbers");
        }
        if (h < 0 || h >= nodes) {
            throw text.error(line, what + " " + h + ": the matrix's nodes are 0.." + (nodes - 1) + " (Nodes " + nodes
                    + ")");
        }
        return h;
    }

    /** A start time in picoseconds, a whole number (htsim reads it as a float and keeps the whole part; so do we). */
    private static long picoseconds(TextLines text, TextLines.Line line, String w) {
        try {
            BigDecimal ps = new BigDecimal(w).setScale(0, RoundingMode.DOWN);
            if (ps.signum() >= 0 && ps.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0) {
                return ps.longValueExact();
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // reported below
        }
        throw text.error(line, "start '" + w + "': expected a time in picoseconds, >= 0");
    }

    // ------------------------------------------------------------------ HPCC

    /**
     * The flow count, then that many lines {@code src dst priority dport size start_s} (HPCC's
     * third.cc): size in bytes, at least 1; start in seconds. The priority group and the port are
     * read and not used. src and dst are ns-3 node ids: the host named node[ID] when the topology has
     * one (a topology from HPCC's topology.txt), else host ID. Lines after the counted flows are not
     * read (HPCC's own example ends with notes).
     */
    private static FlowTable hpcc(TextLines text, TopologyGraph g) {
        TextLines.Line head = text.head(1, "the flow count alone");
        long count = text.longAt(head, 0, 1, "the flow count");
        if (count > PoissonArrivals.MAX_FLOWS) {
            throw text.error(head, count + " flows: more than " + PoissonArrivals.MAX_FLOWS);
        }
        Map<Long, Integer> byNode = new HashMap<>();
        for (int h = 0; h < g.hostCount(); h++) {
            Matcher m = NODE_NAME.matcher(g.hostName(h));
            if (m.matches()) {
                byNode.put(Long.parseLong(m.group(1)), h);
            }
        }
        FlowTable t = new FlowTable();
        for (int i = 1; i <= count; i++) {
            TextLines.Line line = text.item(i, i - 1, count, "flows");
            if (line.size() != 6) {
                throw text.error(line, "expected 'src dst priority dport size start_time' (six numbers)");
            }
            long src = hpccHost(text, line, 0, "src", byNode);
            long dst = hpccHost(text, line, 1, "dst", byNode);
            text.longAt(line, 2, 0, "priority");
            text.longAt(line, 3, 0, "dport");
            long size = text.longAt(line, 4, 1, "size");
            double seconds = text.doubleAt(line, 5, "start_time");
            add(text, line, t, g, src, dst, size, time(text, line, seconds * 1e6));
        }
        return t;
    }

    /** How a topology read from HPCC's topology.txt names its nodes. */
    private static final Pattern NODE_NAME = Pattern.compile("node\\[(\\d{1,18})\\]");

    /** The host of ns-3 node id word {@code i}: through the node[ID] names when the topology has them. */
    private static long hpccHost(TextLines text, TextLines.Line line, int i, String what, Map<Long, Integer> byNode) {
        long node = text.longAt(line, i, 0, what);
        if (byNode.isEmpty()) {
            return node;
        }
        Integer host = byNode.get(node);
        if (host == null) {
            throw text.error(line, what + " " + node + ": no host named node[" + node + "] in the topology");
        }
        return host;
    }

    // ------------------------------------------------------------------ shared

    private static long time(TextLines text, TextLines.Line line, double us) {
        try {
            return Workloads.nonNegativeTime(us, "start");
        } catch (ScenarioException e) {
            throw text.error(line, e.getMessage());
        }
    }

    /** A flow, checked as a flow_list's are (Workloads.flowList), errors naming the line. */
    private static void add(TextLines text, TextLines.Line line, FlowTable t, TopologyGraph g, long src, long dst,
                            long size, long startPs) {
        String problem = Workloads.endpointsProblem(src, dst, g);
        if (problem != null) {
            throw text.error(line, problem);
        }
        try {
            t.add((int) src, (int) dst, Workloads.flowBytes(size, "size"), startPs);
        } catch (ScenarioException e) {
            throw text.error(line, e.getMessage());
        }
        if (t.size() > PoissonArrivals.MAX_FLOWS) {
            throw text.error(line, "more than " + PoissonArrivals.MAX_FLOWS + " flows");
        }
    }
}
