package org.cosim.setup.topology;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cosim.proto.TopologyFile;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.TextLines;

/**
 * A topology read from a file's text (scenario topology.file; the formats are in
 * docs/fabric-model.md, "Topology files"): cosim's own line format, or HPCC's
 * ns-3 topology.txt. Either gives a {@link TopologyGraph} as the family builders
 * do: hosts numbered in the order the file gives them, switches likewise, and a
 * switch's ports in the order of the links that reach it. Every line is checked;
 * an error names the file and the line.
 */
public final class TopologyFiles {
    static final String FIELD = "topology.file";

    private TopologyFiles() {}

    public static TopologyGraph build(TopologyFile f) {
        if (f.getContentCase() != TopologyFile.ContentCase.TEXT) {
            throw new ScenarioException(FIELD, "give the file's path (or its text)");
        }
        TextLines text = new TextLines(f.getText(), f.getSource(), FIELD);
        Network net = new Network(text);
        switch (f.getFormat()) {
            case COSIM -> readCosim(text, net);
            case HPCC_NS3 -> readHpcc(text, net);
            case UNRECOGNIZED -> throw new ScenarioException(FIELD + ".format", f.getFormatValue()
                    + ": not one of COSIM, HPCC_NS3");
        }
        return net.finish();
    }

    // ------------------------------------------------------------------ cosim's format

    private static final Set<String> SWITCH_KEYS = Set.of("buffer_bytes", "port_buffer_bytes");
    private static final Set<String> LINK_KEYS = Set.of("rate_gbps", "delay_us");

    private static void readCosim(TextLines text, Network net) {
        for (TextLines.Line line : text.lines()) {
            switch (line.word(0)) {
                case "host" -> {
                    words(text, line, 2, "host NAME");
                    net.addHost(line.word(1), line);
                }
                case "switch" -> {
                    if (line.size() < 2) {
                        throw text.error(line, "expected 'switch NAME [buffer_bytes=B] [port_buffer_bytes=B]'");
                    }
                    Map<String, String> keys = keys(text, line, 2, SWITCH_KEYS, Set.of());
                    int s = net.addSwitch(line.word(1), line);
                    if (!keys.isEmpty()) {
                        long buffer = bytes(text, line, keys, "buffer_bytes");
                        long port = bytes(text, line, keys, "port_buffer_bytes");
                        net.graph.setSwitchBuffers(s, new TopologyGraph.SwitchBuffers(buffer, port,
                                text.source() + ":" + line.number() + ": switch " + line.word(1)));
                    }
                }
                case "link" -> {
                    if (line.size() < 3) {
                        throw text.error(line, "expected 'link A B rate_gbps=R delay_us=D'");
                    }
                    Map<String, String> keys = keys(text, line, 3, LINK_KEYS, LINK_KEYS);
                    net.link(line, line.word(1), line.word(2),
                            net.rate(line, text.number(line, keys.get("rate_gbps"), "rate_gbps"), "rate_gbps"),
                            net.delay(line, text.number(line, keys.get("delay_us"), "delay_us"), "delay_us"));
                }
                case "monitor" -> {
                    words(text, line, 3, "monitor SWITCH NEIGHBOUR");
                    net.monitor(line, line.word(1), line.word(2));
                }
                default -> throw text.error(line, "'" + line.word(0) + "': a line is 'host NAME', 'switch NAME "
                        + "[buffer_bytes=B] [port_buffer_bytes=B]', 'link A B rate_gbps=R delay_us=D' or 'monitor "
                        + "SWITCH NEIGHBOUR'");
            }
        }
    }

    private static void words(TextLines text, TextLines.Line line, int n, String form) {
        if (line.size() != n) {
            throw text.error(line, "expected '" + form + "'");
        }
    }

    /** The line's key=value words from word {@code from} on: each one of {@code allowed}, none twice, every required one. */
    private static Map<String, String> keys(TextLines text, TextLines.Line line, int from, Set<String> allowed,
                                            Set<String> required) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = from; i < line.size(); i++) {
            String w = line.word(i);
            int eq = w.indexOf('=');
            String key = eq < 0 ? w : w.substring(0, eq);
            if (eq < 0 || !allowed.contains(key)) {
                throw text.error(line, "'" + w + "': expected one of " + new TreeSet<>(allowed) + " as key=value");
            }
            if (out.put(key, w.substring(eq + 1)) != null) {
                throw text.error(line, key + " given twice");
            }
        }
        for (String key : new TreeSet<>(required)) {
            if (!out.containsKey(key)) {
                throw text.error(line, "missing " + key + "=");
            }
        }
        return out;
    }

    /** A switch's byte count, or -1 when the line does not give it. */
    private static long bytes(TextLines text, TextLines.Line line, Map<String, String> keys, String key) {
        String v = keys.get(key);
        if (v == null) {
            return -1;
        }
        try {
            long b = Long.parseLong(v);
            if (b >= 1) {
                return b;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw text.error(line, key + "=" + v + ": must be a whole number of bytes, at least 1");
    }

    // ------------------------------------------------------------------ HPCC's ns-3 topology.txt

    /** An ns-3 DataRate: a number and a unit, bits or bytes per second with an SI prefix. */
    private static final Pattern RATE = Pattern.compile("([0-9.eE+-]+)([kKMGT]?)(bps|b/s|Bps|B/s)");
    /** An ns-3 Time: a number and a unit; a bare number is seconds. */
    private static final Pattern TIME = Pattern.compile("([0-9.eE+-]+)(s|ms|us|ns|ps)?");

    /**
     * Line 1: node, switch and link counts; then the switches' node ids; then one
     * line per link, {@code src dst rate delay error_rate}. Nodes are named
     * node[ID]; the hosts are the other nodes, numbered in node-id order, and so
     * are the switches. Lines after the counted links are not read (HPCC's own
     * files end with notes on the format).
     */
    private static void readHpcc(TextLines text, Network net) {
        TextLines.Line head = text.head(3, "'nodes switches links' (three numbers)");
        long nodes = text.longAt(head, 0, 2, "the node count");
        long switches = text.longAt(head, 1, 1, "the switch count");
        long links = text.longAt(head, 2, 1, "the link count");
        TopologyBuilders.checkSize(FIELD, nodes, switches);
        TopologyBuilders.checkLinks(FIELD, links, text.source());
        if (switches >= nodes) {
            throw text.error(head, switches + " switches of " + nodes + " nodes leave no host");
        }
        boolean[] isSwitch = new boolean[(int) nodes];
        TextLines.Line[] declared = new TextLines.Line[(int) nodes];
        int next = 1;
        int found = 0;
        while (found < switches) {
            TextLines.Line line = text.item(next++, found, switches, "switch ids");
            for (int i = 0; i < line.size(); i++) {
                long id = text.longAt(line, i, 0, "switch id");
                if (found == switches) {
                    throw text.error(line, "more switch ids than the " + switches + " the first line gives");
                }
                if (id >= nodes) {
                    throw text.error(line, "switch id " + id + ": the nodes are 0.." + (nodes - 1));
                }
                if (isSwitch[(int) id]) {
                    throw text.error(line, "switch id " + id + " given twice");
                }
                isSwitch[(int) id] = true;
                declared[(int) id] = line;
                found++;
            }
        }
        for (int n = 0; n < nodes; n++) {
            if (!isSwitch[n]) {
                net.addHost("node[" + n + "]", head);
            }
        }
        for (int n = 0; n < nodes; n++) {
            if (isSwitch[n]) {
                net.addSwitch("node[" + n + "]", declared[n]);
            }
        }
        for (long k = 0; k < links; k++) {
            TextLines.Line line = text.item(next++, k, links, "links");
            if (line.size() != 5) {
                throw text.error(line, "expected 'src dst rate delay error_rate' (e.g. '0 1 100Gbps 0.001ms 0')");
            }
            long a = text.longAt(line, 0, 0, "src");
            long b = text.longAt(line, 1, 0, "dst");
            for (long id : new long[] {a, b}) {
                if (id >= nodes) {
                    throw text.error(line, "node " + id + ": the nodes are 0.." + (nodes - 1));
                }
            }
            long rate = net.rate(line, gbps(text, line, line.word(2)), "rate");
            long delay = net.delay(line, micros(text, line, line.word(3)), "delay");
            if (text.doubleAt(line, 4, "error_rate") != 0) {
                throw text.error(line, "error_rate " + line.word(4) + ": links do not lose packets at random here; "
                        + "it must be 0");
            }
            net.link(line, "node[" + a + "]", "node[" + b + "]", rate, delay);
        }
    }

    private static double gbps(TextLines text, TextLines.Line line, String w) {
        Matcher m = RATE.matcher(w);
        if (!m.matches()) {
            throw text.error(line, "rate '" + w + "': expected a number and a unit such as 100Gbps, 25Gb/s, 400Mbps");
        }
        double scale = switch (m.group(2)) {
            case "k", "K" -> 1e-6;
            case "M" -> 1e-3;
            case "G" -> 1;
            case "T" -> 1e3;
            default -> 1e-9;
        };
        double bytes = m.group(3).startsWith("B") ? 8 : 1;
        return text.number(line, m.group(1), "rate") * scale * bytes;
    }

    private static double micros(TextLines text, TextLines.Line line, String w) {
        Matcher m = TIME.matcher(w);
        if (!m.matches()) {
            throw text.error(line, "delay '" + w + "': expected a number and a unit such as 0.001ms, 1000ns, 1us");
        }
        double scale = switch (m.group(2) == null ? "s" : m.group(2)) {
            case "ms" -> 1e3;
            case "us" -> 1;
            case "ns" -> 1e-3;
            case "ps" -> 1e-6;
            default -> 1e6;
        };
        return text.number(line, m.group(1), "delay") * scale;
    }

    // ------------------------------------------------------------------ the graph, checked line by line

    /** The graph being read, with the line that declared each node. */
    private static final class Network {
        private final TextLines text;
        private final TopologyGraph graph = new TopologyGraph();
        private final Map<String, Integer> refs = new HashMap<>();
        private final Map<Integer, TextLines.Line> declaredAt = new HashMap<>();
        private final Map<Integer, TextLines.Line> hostLinkedAt = new HashMap<>();

        Network(TextLines text) {
            this.text = text;
        }

        void addHost(String name, TextLines.Line line) {
            declare(name, line);
            int ref = graph.addHost(name);
            refs.put(name, ref);
            declaredAt.put(ref, line);
        }

        int addSwitch(String name, TextLines.Line line) {
            declare(name, line);
            int s = graph.addSwitch(name);
            refs.put(name, TopologyGraph.switchRef(s));
            declaredAt.put(TopologyGraph.switchRef(s), line);
            return s;
        }

        private void declare(String name, TextLines.Line line) {
            if (name.contains("=")) {
                throw text.error(line, "'" + name + "': a name cannot contain '='");
            }
            Integer earlier = refs.get(name);
            if (earlier != null) {
                throw text.error(line, "'" + name + "' is already declared on line " + declaredAt.get(earlier).number());
            }
        }

        long rate(TextLines.Line line, double gbps, String what) {
            try {
                return TopologyBuilders.rate(gbps, what);
            } catch (ScenarioException e) {
                throw text.error(line, e.getMessage());
            }
        }

        long delay(TextLines.Line line, double us, String what) {
            try {
                return TopologyBuilders.delay(us, what);
            } catch (ScenarioException e) {
                throw text.error(line, e.getMessage());
            }
        }

        void link(TextLines.Line line, String a, String b, long rateBps, long delayPs) {
            int ra = node(line, a);
            int rb = node(line, b);
            if (ra == rb) {
                throw text.error(line, "a link from '" + a + "' to itself");
            }
            for (int end : new int[] {ra, rb}) {
                if (TopologyGraph.isSwitch(end)) {
                    continue;
                }
                int other = end == ra ? rb : ra;
                if (!TopologyGraph.isSwitch(other)) {
                    throw text.error(line, "a link between two hosts ('" + a + "', '" + b + "'): hosts hang off "
                            + "switches");
                }
                TextLines.Line earlier = hostLinkedAt.putIfAbsent(end, line);
                if (earlier != null) {
                    throw text.error(line, "host '" + graph.hostName(end) + "' already has its link (line "
                            + earlier.number() + "): a host hangs off one switch");
                }
            }
            graph.connect(ra, rb, rateBps, delayPs);
            TopologyBuilders.checkLinks(FIELD, graph.linkCount(), text.source());
        }

        /** The queue of the switch's port toward its neighbour: one the results report (queue.png). */
        void monitor(TextLines.Line line, String switchName, String neighbour) {
            int s = node(line, switchName);
            int n = node(line, neighbour);
            if (!TopologyGraph.isSwitch(s)) {
                throw text.error(line, "'" + switchName + "' is a host; a monitored queue is a switch's port");
            }
            int k = graph.linkBetween(s, n);
            if (k < 0) {
                throw text.error(line, "no link joins '" + switchName + "' and '" + neighbour + "' (on a line before)");
            }
            TopologyGraph.Link l = graph.link(k);
            TopologyGraph.PortRef ref = new TopologyGraph.PortRef(TopologyGraph.switchId(s), l.a() == s ? l.portA()
                    : l.portB());
            if (graph.monitored().contains(ref)) {
                throw text.error(line, "this queue is already monitored");
            }
            graph.monitor(ref.switchId(), ref.port());
        }

        private int node(TextLines.Line line, String name) {
            Integer ref = refs.get(name);
            if (ref == null) {
                throw text.error(line, "no host or switch named '" + name + "' (declare it on a line before)");
            }
            return ref;
        }

        /** Every host has its link, and every node reaches every other. */
        TopologyGraph finish() {
            if (graph.hostCount() < 1 || graph.switchCount() < 1) {
                throw text.error("needs at least one host and one switch (it has " + graph.hostCount() + " hosts and "
                        + graph.switchCount() + " switches)");
            }
            TopologyBuilders.checkSize(FIELD, graph.hostCount(), graph.switchCount());
            TopologyBuilders.checkTableSize(graph.hostCount(), graph.switchCount());
            for (int h = 0; h < graph.hostCount(); h++) {
                if (!hostLinkedAt.containsKey(h)) {
                    throw text.error(declaredAt.get(h), "host '" + graph.hostName(h) + "' has no link");
                }
            }
            int hosts = graph.hostCount();
            int[] parent = new int[hosts + graph.switchCount()];
            for (int i = 0; i < parent.length; i++) {
                parent[i] = i;
            }
            for (TopologyGraph.Link l : graph.links()) {
                parent[root(parent, index(l.a()))] = root(parent, index(l.b()));
            }
            for (int i = 1; i < parent.length; i++) {
                if (root(parent, i) != root(parent, 0)) {
                    int ref = i < hosts ? i : TopologyGraph.switchRef(i - hosts);
                    throw text.error(declaredAt.get(ref), "'" + name(ref) + "' cannot reach '" + graph.hostName(0)
                            + "': the network must be connected");
                }
            }
            return graph;
        }

        private int index(int ref) {
            return TopologyGraph.isSwitch(ref) ? graph.hostCount() + TopologyGraph.switchId(ref) : ref;
        }

        private String name(int ref) {
            return TopologyGraph.isSwitch(ref) ? graph.switchName(TopologyGraph.switchId(ref)) : graph.hostName(ref);
        }

        private static int root(int[] parent, int i) {
            while (parent[i] != i) {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            return i;
        }
    }
}
