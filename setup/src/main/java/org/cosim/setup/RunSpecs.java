package org.cosim.setup;

import java.nio.file.Path;
import org.cosim.agents.wire.WireFormat;
import org.cosim.proto.CutPayloadSpec;
import org.cosim.proto.HardwareSpec;
import org.cosim.proto.LinkChangeSpec;
import org.cosim.proto.LinkSpec;
import org.cosim.proto.NdpQueueSpec;
import org.cosim.proto.NodeRef;
import org.cosim.proto.PortRef;
import org.cosim.proto.ResolveRequest;
import org.cosim.proto.RunSpec;
import org.cosim.proto.Scenario;
import org.cosim.proto.SwitchSpec;
import org.cosim.proto.Topology;
import org.cosim.proto.TopologySpec;
import org.cosim.scenario.FileRoot;
import org.cosim.scenario.LawSources;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.setup.hardware.CutPayloadParams;
import org.cosim.setup.hardware.NdpQueueParams;
import org.cosim.setup.hardware.NicScheduling;
import org.cosim.setup.hardware.QueueDiscipline;
import org.cosim.setup.hardware.SwitchParams;
import org.cosim.setup.topology.LinkChanges;
import org.cosim.setup.topology.RouteTable;
import org.cosim.setup.topology.TopologyGraph;

/**
 * The RunSpec of cosim.proto: everything an external fabric (the OMNeT++ back end)
 * needs to run a scenario exactly as this fabric would, taken from the same
 * objects this fabric runs from ({@link RunSetup}: FabricConfig, the
 * topology builders' TopologyGraph, Routing, the workload's FlowTable, the
 * session's Hello). Nothing is computed twice: the external fabric resolves its
 * scenario through {@link #resolve} (the agent server's Resolve RPC) and checks
 * its own network against the result.
 */
public final class RunSpecs {
    private RunSpecs() {}

    /** The Resolve RPC: reads the scenario (its base relative to the path given), checks it, and describes the run. */
    public static RunSpec resolve(ResolveRequest request) {
        return resolve(request, FileRoot.ANYWHERE);
    }

    /** The same, reading the files the scenario names only under {@code root} (a server other machines reach). */
    public static RunSpec resolve(ResolveRequest request, FileRoot root) {
        return resolve(request, root, true);
    }

    /**
     * The same; {@code runsLawCode} false refuses a scenario that carries a law's
     * Java source before any of it is compiled or constructed (checking a scenario
     * builds its law), as the session's handshake does on such a server.
     */
    public static RunSpec resolve(ResolveRequest request, FileRoot root, boolean runsLawCode) {
        Path source = request.getScenarioPath().isEmpty() ? null : FileRoot.path(null, request.getScenarioPath(), "scenario_path");
        Scenario scenario = ScenarioFiles.read(request.getScenarioText(), source, root);
        LawSources.requireRunnable(scenario.getProtocol(), runsLawCode);
        return of(RunSetup.of(scenario));
    }

    public static RunSpec of(RunSetup setup) {
        FabricConfig c = setup.config();
        RunSpec.Builder r = RunSpec.newBuilder()
                .setHello(WireFormat.hello(setup.session(), setup.scenario()))
                .setScenarioName(setup.scenario().getName())
                .setDurationPs(c.durationPs())
                .setWarmupPs(c.warmupPs())
                .setSampleIntervalPs(c.sampleIntervalPs())
                .setQueueBucketBytes(RunSetup.QUEUE_BUCKET_BYTES)
                .setHardware(hardware(c))
                .setTopology(topology(setup));
        for (int f = 0; f < setup.flows().size(); f++) {
            r.addFlowStartPs(setup.flows().startPs(f));
        }
        if (setup.packetTrace() != null) {
            org.cosim.proto.PacketTraceSpec.Builder t = org.cosim.proto.PacketTraceSpec.newBuilder()
                    .setMaxRecords(setup.packetTrace().maxRecords()).setFromPs(setup.packetTrace().fromPs())
                    .setToPs(setup.packetTrace().toPs());
            for (int f : setup.packetTrace().flows()) {
                t.addFlows(f);
            }
            r.setPacketTrace(t);
        }
        return r.build();
    }

    private static HardwareSpec hardware(FabricConfig c) {
        SwitchParams s = c.switches();
        HardwareSpec.Builder b = HardwareSpec.newBuilder()
                .setMtuBytes(c.nic().mtuBytes())
                .setAckBytes(c.nic().ackBytes())
                .setBufferBytes(s.bufferBytes())
                .setPortBufferBytes(s.portBufferBytes())
                .setEcnThresholdBytes(s.ecnThresholdBytes())
                .setSwitchLatencyPs(s.latencyPs())
                .setPfcEnabled(s.pfc().enabled())
                .setPfcXoffBytes(s.pfc().xoffBytes())
                .setPfcXonBytes(s.pfc().xonBytes())
                .setQueueDiscipline(s.queue().name())
                .setIntQuantize(s.intTelemetry().quantize())
                .setIntHopRecords(s.intTelemetry().hopRecords())
                .setAcksShareDataQueue(c.nic().acksShareDataQueue())
                .setNicTxGapJitterPs(c.nic().txGapJitterPs())
                .setNicFifo(c.nic().scheduling() == NicScheduling.FIFO);
        s.queue().accept(new QueueDiscipline.Cases<Void>() {
            @Override
            public Void priority() {
                return null;
            }

            @Override
            public Void ndp(NdpQueueParams q) {
                b.setNdp(NdpQueueSpec.newBuilder()
                        .setDataQueueBytes(q.dataQueueBytes())
                        .setHeaderQueueBytes(q.headerQueueBytes())
                        .setHeaderWeight(q.headerWeight())
                        .setDataWeight(q.dataWeight())
                        .setStrictPriority(q.strictPriority())
                        .setReturnToSender(q.returnToSender())
                        .setTrimmedBytes(q.trimmedBytes())
                        .setTrimTail(q.trimTail()));
                return null;
            }

            @Override
            public Void cutPayload(CutPayloadParams q) {
                b.setCutPayload(CutPayloadSpec.newBuilder()
                        .setQueueBytes(q.queueBytes())
                        .setTrimThresholdBytes(q.trimThresholdBytes())
                        .setTrimmedBytes(q.trimmedBytes()));
                return null;
            }
        });
        return b.build();
    }

    private static TopologySpec topology(RunSetup setup) {
        TopologyGraph g = setup.graph();
        Topology t = setup.scenario().getTopology();
        TopologySpec.Builder b = TopologySpec.newBuilder()
                .setFamily(Topology.getDescriptor().findFieldByNumber(t.getShapeCase().getNumber()).getName());
        for (int h = 0; h < g.hostCount(); h++) {
            b.addHostNames(g.hostName(h));
        }
        for (int s = 0; s < g.switchCount(); s++) {
            SwitchSpec.Builder sw = SwitchSpec.newBuilder()
                    .setName(g.switchName(s))
                    .setPorts(g.switchPorts(s))
                    .setIntEnabled(setup.config().switches().intTelemetry().on(g.switchName(s)));
            if (g.switchBuffers().containsKey(s)) {
                sw.setBufferBytes(setup.switchParams(s).bufferBytes())
                        .setPortBufferBytes(setup.switchParams(s).portBufferBytes());
            }
            RouteTable routes = setup.routing().table(s);
            sw.setOwnRouteGroup(routes.ownGroup());
            int offset = 0;
            for (int group = 0; group < setup.routing().groupCount(); group++) {
                int[] ports = routes.entry(group);
                sw.addRouteOffsets(offset);
                for (int p : ports) {
                    sw.addRoutePorts(p);
                }
                offset += ports.length;
            }
            sw.addRouteOffsets(offset);
            b.addSwitches(sw);
        }
        for (int h = 0; h < g.hostCount(); h++) {
            b.addHostRouteGroups(setup.routing().hostGroup(h));
            b.addHostPorts(setup.routing().hostPort(h));
        }
        for (TopologyGraph.Link l : g.links()) {
            b.addLinks(LinkSpec.newBuilder().setA(node(l.a())).setPortA(l.portA()).setB(node(l.b()))
                    .setPortB(l.portB()).setRateBps(l.rateBps()).setDelayPs(l.delayPs()));
        }
        for (LinkChanges.Change c : setup.linkChanges()) {
            b.addLinkChanges(LinkChangeSpec.newBuilder().setLink(c.link()).setAtPs(c.atPs()).setRateBps(c.rateBps()));
        }
        for (TopologyGraph.PortRef m : g.monitored()) {
            b.addMonitored(PortRef.newBuilder().setSwitchId(m.switchId()).setPort(m.port()));
        }
        return b.build();
    }

    private static NodeRef node(int ref) {
        return TopologyGraph.isSwitch(ref)
                ? NodeRef.newBuilder().setIsSwitch(true).setId(TopologyGraph.switchId(ref)).build()
                : NodeRef.newBuilder().setId(ref).build();
    }
}
