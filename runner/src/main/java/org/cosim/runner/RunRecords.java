package org.cosim.runner;

import org.cosim.agents.host.ProtocolCatalog;
import org.cosim.proto.Scenario;
import org.cosim.runner.results.FlowBytes;
import org.cosim.runner.results.FlowRecord;
import org.cosim.runner.results.QueueRecord;
import org.cosim.runner.results.RunResults;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.RunSetup;
import org.cosim.setup.report.QueueLengths;

/**
 * The parts of a run's results that both back ends derive the same way, from the
 * Java fabric's view of the scenario (its flow table and routing) and from
 * measured counters: one code path, so the files agree wherever the measurements do.
 */
final class RunRecords {
    private RunRecords() {}

    /**
     * One flow's row; {@code endPs} -1 when unfinished. The ideal FCT comes from the routes (-1 for long-lived
     * flows), measured to where the protocol ends a flow: its last byte's arrival for a flow its receiver ends
     * (NDP), else the acknowledgment of it back at the sender.
     */
    static FlowRecord flow(RunSetup setup, int f, long endPs, FlowBytes bytes) {
        long size = setup.flows().sizeBytes(f);
        int src = setup.flows().src(f);
        int dst = setup.flows().dst(f);
        long latency = setup.config().switches().latencyPs();
        int mtu = setup.config().nic().mtuBytes();
        long ideal = size <= 0 ? -1
                : ProtocolCatalog.flowsEndAtReceiver(setup.scenario().getProtocol())
                ? setup.routing().oneWayPs(src, dst, size, latency, mtu)
                : setup.routing().idealFctPs(src, dst, size, latency, mtu, setup.config().nic().ackBytes());
        return new FlowRecord(f, src, dst, size, setup.flows().startPs(f), endPs, ideal, bytes, setup.flows().part(f));
    }

    static QueueRecord queue(QueueLengths m) {
        return new QueueRecord(m.name(), m.rateBps(), m.meanBytes(), m.percentileBytes(0.5), m.percentileBytes(0.9),
                m.percentileBytes(0.99), m.maxBytes());
    }

    /** The name both back ends give a switch port in the results: "<switch>.port[<p>]". */
    static String portName(String switchName, int port) {
        return switchName + ".port[" + port + "]";
    }

    /** What ran, the same from both back ends: the scenario as run, its digest and protocol, and its span. */
    static RunResults.Setup setup(Backend backend, RunSetup setup) {
        Scenario s = setup.scenario();
        return new RunResults.Setup(backend, s, ScenarioFiles.digest(s), ProtocolCatalog.nameOf(s.getProtocol()),
                setup.config().durationPs(), setup.config().warmupPs());
    }

    /**
     * The incast optimum when the flows form one (same destination, finite sizes, one start) and it is a time a
     * long holds, else -1.
     */
    static long incastOptimum(RunSetup r) {
        var flows = r.flows();
        if (flows.size() < 2) {
            return -1;
        }
        int dst = flows.dst(0);
        long start = flows.startPs(0);
        long total = 0;
        int[] srcs = new int[flows.size()];
        for (int f = 0; f < flows.size(); f++) {
            if (flows.dst(f) != dst || flows.startPs(f) != start || flows.sizeBytes(f) == 0) {
                return -1;
            }
            total += flows.sizeBytes(f);  // each at most 2^62 (Workloads.flowBytes)
            if (total < 0) {
                return -1;  // more bytes than a long counts: no optimum to compare with
            }
            srcs[f] = flows.src(f);
        }
        try {
            return r.routing().incastOptimumPs(srcs, dst, total, r.config().switches().latencyPs(),
                    r.config().nic().mtuBytes());
        } catch (ArithmeticException e) {
            return -1;  // its bytes together take longer than a long counts: no optimum to compare with
        }
    }
}
