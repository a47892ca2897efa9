package org.cosim.agents.wire;

import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.host.AgentHost;
import org.cosim.agents.host.ContractViolation;
import org.cosim.agents.host.FlowInfo;
import org.cosim.agents.host.FlowStates;
import org.cosim.agents.host.ProtocolCatalog;
import org.cosim.agents.host.SessionSpec;
import org.cosim.proto.AckMode;
import org.cosim.proto.Action;
import org.cosim.proto.AgentResults;
import org.cosim.proto.ControlArrival;
import org.cosim.proto.ContractVersion;
import org.cosim.proto.Event;
import org.cosim.proto.FabricDone;
import org.cosim.proto.FlowArrival;
import org.cosim.proto.FlowFinished;
import org.cosim.proto.FlowResult;
import org.cosim.proto.FlowSpec;
import org.cosim.proto.Hello;
import org.cosim.proto.HostSpec;
import org.cosim.proto.IntHop;
import org.cosim.proto.PacketArrival;
import org.cosim.proto.PfcChange;
import org.cosim.proto.Scenario;
import org.cosim.proto.SegmentCompletion;
import org.cosim.proto.SendControl;
import org.cosim.proto.SendSegment;
import org.cosim.proto.SetTimer;
import org.cosim.proto.TimerFired;
import org.cosim.scenario.Defaults;
import org.cosim.scenario.LawSources;
import org.cosim.scenario.OutputSettings;
import org.cosim.scenario.ScenarioException;
import org.cosim.scenario.ScenarioFiles;
import org.cosim.scenario.Units;

/**
 * Conversions between the in-memory batches ({@link EventBatch}, {@link ActionBatch},
 * {@link SessionSpec}) and the messages of cosim.proto. One place, used by the
 * agent server, the Java client and the trace recorder, so the wire form of a
 * window is the same whoever sends it.
 */
public final class WireFormat {
    public static final ContractVersion VERSION = ContractVersion.CONTRACT_VERSION_1;
    /**
     * The largest flow (4 EiB): its byte offsets plus a segment stay below 2^63, where
     * the agents' ledgers count in signed 64 bits (size_bytes is uint64 on the wire).
     */
    public static final long MAX_FLOW_BYTES = 1L << 62;
    /** The most shortest paths a flow may have (a fat tree of 64-port switches has 1024). */
    static final int MAX_PATHS = 1 << 16;
    /** The most switches on a flow's shortest path: what an 8-bit IP TTL can count. */
    static final int MAX_HOPS = 255;

    private WireFormat() {}

    // ------------------------------------------------------------------ events

    public static org.cosim.proto.EventBatch toProto(EventBatch b) {
        org.cosim.proto.EventBatch.Builder out = org.cosim.proto.EventBatch.newBuilder()
                .setWindowStartPs(b.windowStartPs());
        org.cosim.agents.api.FlowArrivalEvent fa = new org.cosim.agents.api.FlowArrivalEvent();
        org.cosim.agents.api.CompletionEvent c = new org.cosim.agents.api.CompletionEvent();
        org.cosim.agents.api.PfcChangeEvent p = new org.cosim.agents.api.PfcChangeEvent();
        org.cosim.agents.api.TimerEvent t = new org.cosim.agents.api.TimerEvent();
        org.cosim.agents.api.PacketArrivalEvent pa = new org.cosim.agents.api.PacketArrivalEvent();
        org.cosim.agents.api.ControlArrivalEvent ca = new org.cosim.agents.api.ControlArrivalEvent();
        org.cosim.agents.api.TransmittedEvent tx = new org.cosim.agents.api.TransmittedEvent();
        for (int i = 0; i < b.size(); i++) {
            Event.Builder e = out.addEventsBuilder().setTimePs(b.time(i)).setHost(b.host(i));
            switch (b.kind(i)) {
                case EventBatch.FLOW_ARRIVAL -> {
                    b.read(i, fa);
                    e.setFlowArrival(FlowArrival.newBuilder().setFlow(fa.flow()).setDst(fa.dst())
                            .setSizeBytes(fa.sizeBytes()));
                }
                case EventBatch.COMPLETION -> {
                    b.read(i, c);
                    e.setCompletion(SegmentCompletion.newBuilder().setFlow(c.flow()).setSeq(c.seq())
                            .setBytes(c.bytes()).setSendTimePs(c.sendTimePs())
                            .setCompletionTimePs(c.completionTimePs()).setIntMaxHopDelayPs(c.intMaxHopDelayPs())
                            .setIntReverseMaxHopDelayPs(c.intReverseMaxHopDelayPs()).setEcnEcho(c.ecnEcho())
                            .setTxTimePs(c.txTimePs()).setSyn(c.syn()));
                    for (int k = 0; k < c.intHopCount(); k++) {
                        e.getCompletionBuilder().addIntHops(IntHop.newBuilder().setQueueBytes(c.intHopQueueBytes(k))
                                .setTxBytes(c.intHopTxBytes(k)).setTimestampPs(c.intHopTimePs(k))
                                .setRateBps(c.intHopRateBps(k)));
                    }
                }
                case EventBatch.PFC_CHANGE -> {
                    b.read(i, p);
                    e.setPfcChange(PfcChange.newBuilder().setTrafficClass(p.trafficClass()).setPaused(p.paused()));
                }
                case EventBatch.TIMER -> {
                    b.read(i, t);
                    e.setTimer(TimerFired.newBuilder().setTimerId(t.timerId()));
                }
                case EventBatch.PACKET_ARRIVAL -> {
                    b.read(i, pa);
                    e.setPacketArrival(PacketArrival.newBuilder().setFlow(pa.flow()).setSeq(pa.seq())
                            .setBytes(pa.bytes()).setPath(pa.path()).setTrimmed(pa.trimmed())
                            .setReturned(pa.returned()).setLastOfFlow(pa.lastOfFlow())
                            .setIntMaxHopDelayPs(pa.intMaxHopDelayPs()).setEcn(pa.ecn())
                            .setSendTimePs(pa.sendTimePs()).setTxTimePs(pa.txTimePs()));
                }
                case EventBatch.CONTROL_ARRIVAL -> {
                    b.read(i, ca);
                    e.setControlArrival(ControlArrival.newBuilder().setKindValue(ca.kind()).setFlow(ca.flow())
                            .setSeq(ca.seq()).setPullNumber(ca.pullNumber()).setPath(ca.path())
                            .setEchoTimePs(ca.echoTimePs()).setEchoTxTimePs(ca.echoTxTimePs()));
                }
                case EventBatch.TRANSMITTED -> {
                    b.read(i, tx);
                    e.setTransmitted(org.cosim.proto.SegmentTransmitted.newBuilder().setFlow(tx.flow())
                            .setSeq(tx.seq()).setBytes(tx.bytes()).setSendTimePs(tx.sendTimePs()));
                }
                default -> throw new IllegalArgumentException("event " + i + " has unknown kind " + b.kind(i));
            }
        }
        return out.build();
    }

    /** Fills {@code into} from a wire batch; an event without a kind is a contract violation. */
    public static void fromProto(org.cosim.proto.EventBatch in, EventBatch into) {
        into.reset(in.getWindowStartPs());
        for (int i = 0; i < in.getEventsCount(); i++) {
            Event e = in.getEvents(i);
            long t = e.getTimePs();
            int h = e.getHost();
            switch (e.getKindCase()) {
                case FLOW_ARRIVAL -> {
                    FlowArrival f = e.getFlowArrival();
                    into.addFlowArrival(t, h, f.getFlow(), f.getDst(), f.getSizeBytes());
                }
                case COMPLETION -> {
                    SegmentCompletion c = e.getCompletion();
                    if (c.getCompletionTimePs() != t) {
                        throw new ContractViolation("event " + i + ": completion_time_ps " + c.getCompletionTimePs()
                                + " differs from the event time " + t);
                    }
                    into.addCompletion(t, h, c.getFlow(), c.getSeq(), c.getBytes(), c.getSendTimePs(), c.getTxTimePs(),
                            c.getIntMaxHopDelayPs(), c.getIntReverseMaxHopDelayPs(), c.getEcnEcho(), c.getSyn());
                    addIntHops(i, t, c, into);
                }
                case PACKET_ARRIVAL -> {
                    PacketArrival p = e.getPacketArrival();
                    int flags = (p.getTrimmed() ? EventBatch.TRIMMED : 0) | (p.getReturned() ? EventBatch.RETURNED : 0)
                            | (p.getLastOfFlow() ? EventBatch.LAST_OF_FLOW : 0) | (p.getEcn() ? EventBatch.ECN : 0);
                    into.addPacketArrival(t, h, p.getFlow(), p.getSeq(), p.getBytes(), p.getPath(), flags,
                            p.getIntMaxHopDelayPs(), p.getSendTimePs(), p.getTxTimePs());
                }
                case CONTROL_ARRIVAL -> {
                    ControlArrival c = e.getControlArrival();
                    into.addControlArrival(t, h, c.getFlow(), c.getKindValue(), c.getSeq(), c.getPullNumber(),
                            c.getPath(), c.getEchoTimePs(), c.getEchoTxTimePs());
                }
                case PFC_CHANGE -> into.addPfcChange(t, h, e.getPfcChange().getTrafficClass(), e.getPfcChange().getPaused());
                case TIMER -> into.addTimer(t, h, e.getTimer().getTimerId());
                case TRANSMITTED -> {
                    org.cosim.proto.SegmentTransmitted x = e.getTransmitted();
                    into.addTransmitted(t, h, x.getFlow(), x.getSeq(), x.getBytes(), x.getSendTimePs());
                }
                case KIND_NOT_SET -> throw new ContractViolation("event " + i + " at " + t + " ps has no kind");
            }
        }
    }

    /** A completion's INT hop records, checked: at most the bound, each from before the ACK arrived. */
    private static void addIntHops(int i, long t, SegmentCompletion c, EventBatch into) {
        if (c.getIntHopsCount() > org.cosim.agents.api.CompletionEvent.MAX_INT_HOPS) {
            throw new ContractViolation("event " + i + ": " + c.getIntHopsCount() + " int_hops, more than "
                    + org.cosim.agents.api.CompletionEvent.MAX_INT_HOPS);
        }
        for (int k = 0; k < c.getIntHopsCount(); k++) {
            IntHop hop = c.getIntHops(k);
            addIntHop(i, k, t, hop.getQueueBytes(), hop.getTxBytes(), hop.getTimestampPs(), hop.getRateBps(), into);
        }
    }

    /** INT hop record k of event i (a completion at t), checked: a record from before the ACK arrived. */
    static void addIntHop(int i, int k, long t, long queueBytes, long txBytes, long timestampPs, long rateBps,
                          EventBatch into) {
        if (queueBytes < 0 || txBytes < 0 || rateBps <= 0 || timestampPs < 0 || timestampPs > t) {
            throw new ContractViolation("event " + i + ": int_hops[" + k + "] is impossible (queue_bytes "
                    + queueBytes + ", tx_bytes " + txBytes + ", rate_bps " + rateBps
                    + ", timestamp_ps " + timestampPs + " for a completion at " + t + " ps)");
        }
        into.addIntHop(queueBytes, txBytes, timestampPs, rateBps);
    }

    // ------------------------------------------------------------------ actions

    public static org.cosim.proto.ActionBatch toProto(ActionBatch b) {
        org.cosim.proto.ActionBatch.Builder out = org.cosim.proto.ActionBatch.newBuilder()
                .setWindowStartPs(b.windowStartPs());
        for (int i = 0; i < b.size(); i++) {
            Action.Builder a = out.addActionsBuilder().setTimePs(b.time(i)).setHost(b.host(i));
            switch (b.kind(i)) {
                case ActionBatch.SEND_SEGMENT -> a.setSendSegment(SendSegment.newBuilder().setFlow(b.flow(i))
                        .setSeq(b.seq(i)).setBytes(b.bytes(i)).setPath(b.path(i))
                        .setAck((b.segmentOptions(i) & org.cosim.agents.api.ActionSink.NO_ACK) != 0
                                ? AckMode.ACK_NONE : AckMode.ACK_SEGMENT)
                        .setLastOfFlow((b.segmentOptions(i) & org.cosim.agents.api.ActionSink.LAST_OF_FLOW) != 0)
                        .setSyn((b.segmentOptions(i) & org.cosim.agents.api.ActionSink.SYN) != 0)
                        .setReportTx((b.segmentOptions(i) & org.cosim.agents.api.ActionSink.REPORT_TX) != 0));
                case ActionBatch.SEND_CONTROL -> a.setSendControl(SendControl.newBuilder()
                        .setKindValue(b.controlKind(i)).setFlow(b.flow(i)).setSeq(b.seq(i))
                        .setPullNumber(b.pullNumber(i)).setPath(b.path(i)).setEchoTimePs(b.echoTimePs(i))
                        .setEchoTxTimePs(b.echoTxTimePs(i)));
                case ActionBatch.SET_TIMER -> a.setSetTimer(SetTimer.newBuilder().setTimerId(b.timerId(i)));
                case ActionBatch.FLOW_FINISHED -> a.setFlowFinished(FlowFinished.newBuilder().setFlow(b.flow(i)));
                default -> throw new IllegalArgumentException("action " + i + " has unknown kind " + b.kind(i));
            }
        }
        return out.build();
    }

    /**
     * Fills {@code into} from a wire batch; an action without a kind, or a segment with an unknown ack mode, is
     * rejected with the words of the fabric's other action checks (AgentBridge).
     */
    public static void fromProto(org.cosim.proto.ActionBatch in, ActionBatch into) {
        into.reset(in.getWindowStartPs());
        for (int i = 0; i < in.getActionsCount(); i++) {
            Action a = in.getActions(i);
            switch (a.getKindCase()) {
                case SEND_SEGMENT -> {
                    SendSegment s = a.getSendSegment();
                    int options = (s.getAck() == AckMode.ACK_NONE ? org.cosim.agents.api.ActionSink.NO_ACK : 0)
                            | (s.getLastOfFlow() ? org.cosim.agents.api.ActionSink.LAST_OF_FLOW : 0)
                            | (s.getSyn() ? org.cosim.agents.api.ActionSink.SYN : 0)
                            | (s.getReportTx() ? org.cosim.agents.api.ActionSink.REPORT_TX : 0);
                    if (s.getAck() == AckMode.UNRECOGNIZED) {
                        throw new ContractViolation(ActionBatch.action(i, in.getWindowStartPs())
                                + " sends a segment with unknown ack mode " + s.getAckValue());
                    }
                    into.sendSegment(a.getTimePs(), a.getHost(), s.getFlow(), s.getSeq(), s.getBytes(), s.getPath(),
                            options);
                }
                case SEND_CONTROL -> {
                    SendControl c = a.getSendControl();
                    into.sendControl(a.getTimePs(), a.getHost(), c.getFlow(), c.getKindValue(), c.getSeq(),
                            c.getPullNumber(), c.getPath(), c.getEchoTimePs(), c.getEchoTxTimePs());
                }
                case SET_TIMER -> into.setTimer(a.getTimePs(), a.getHost(), a.getSetTimer().getTimerId());
                case FLOW_FINISHED -> into.flowFinished(a.getTimePs(), a.getHost(), a.getFlowFinished().getFlow());
                case KIND_NOT_SET -> throw new ContractViolation(ActionBatch.action(i, in.getWindowStartPs())
                        + " has no kind (timed at " + a.getTimePs() + " ps)");
            }
        }
    }

    // ------------------------------------------------------------------ session

    /** The handshake for a session: the scenario travels as text so the agents read their parameters from it. */
    public static Hello hello(SessionSpec spec, Scenario scenario) {
        Hello.Builder h = Hello.newBuilder()
                .setVersion(VERSION)
                .setScenarioText(ScenarioFiles.canonicalText(scenario))
                .setScenarioDigest(ScenarioFiles.digest(scenario))
                .setReactionDelayPs(spec.context().reactionDelayPs())
                .setWindowPs(spec.windowPs())
                .setBaseRttPs(spec.context().baseRttPs())
                .setSeed(spec.context().seed())
                .setMtuBytes(spec.context().mtuBytes());
        for (int i = 0; i < spec.hosts().size(); i++) {
            HostInfo host = spec.hosts().get(i);
            h.addHosts(HostSpec.newBuilder().setHost(host.id()).setProtocol(spec.protocols().get(i))
                    .setNicRateBps(host.nicRateBps()));
        }
        for (FlowInfo f : spec.flows()) {
            h.addFlows(FlowSpec.newBuilder().setFlow(f.flow()).setSrc(f.src()).setDst(f.dst())
                    .setSizeBytes(f.sizeBytes()).setPathCount(f.pathCount()).setHops(f.hops())
                    .setBaseRttPs(f.baseRttPs()).setStopPs(f.stopPs()));
        }
        return h.build();
    }

    /** Checks a handshake and builds the session it describes; every problem is a {@link ContractViolation}. */
    public static SessionSpec sessionSpec(Hello h) {
        return sessionSpec(h, true);
    }

    /**
     * The same; {@code runsLawCode} false refuses a scenario carrying a law's Java
     * source before anything of it is compiled or run (checking the protocol's
     * parameters constructs the law).
     */
    public static SessionSpec sessionSpec(Hello h, boolean runsLawCode) {
        if (h.getVersion() != VERSION) {
            throw new ContractViolation("contract version " + h.getVersionValue() + " is not spoken here (this server: "
                    + VERSION.getNumber() + ")");
        }
        Scenario scenario;
        try {
            scenario = ScenarioFiles.parse(h.getScenarioText(), "hello.scenario_text");
        } catch (ScenarioException e) {
            throw new ContractViolation("the scenario in the handshake does not parse: " + e.getMessage());
        }
        try {
            LawSources.requireRunnable(scenario.getProtocol(), runsLawCode);
        } catch (ScenarioException e) {
            throw new ContractViolation("the scenario carries a custom law's " + e.getMessage());
        }
        String digest = ScenarioFiles.digest(scenario);
        if (!digest.equals(h.getScenarioDigest())) {
            throw new ContractViolation("scenario digest mismatch: the handshake says " + h.getScenarioDigest()
                    + ", its scenario text hashes to " + digest);
        }
        if (h.getReactionDelayPs() <= 0) {
            throw new ContractViolation("reaction delay L must be > 0 ps, got " + h.getReactionDelayPs());
        }
        String protocol = protocolOf(scenario);
        List<HostInfo> hosts = new ArrayList<>();
        List<String> protocols = new ArrayList<>();
        for (int i = 0; i < h.getHostsCount(); i++) {
            HostSpec hs = h.getHosts(i);
            if (hs.getHost() != i) {
                throw new ContractViolation(seenBefore(hs.getHost(), i)
                        ? "duplicate host id " + hs.getHost() + " at position " + i
                        : "host ids must be dense and in order: position " + i + " holds host " + hs.getHost());
            }
            if (hs.getNicRateBps() <= 0) {
                throw new ContractViolation("host " + i + " has NIC rate " + hs.getNicRateBps() + " b/s");
            }
            if (!hs.getProtocol().equals(protocol)) {
                throw new ContractViolation("host " + i + " runs '" + hs.getProtocol()
                        + "' but the scenario's protocol is '" + protocol + "'");
            }
            ProtocolCatalog.factory(hs.getProtocol());
            hosts.add(new HostInfo(i, hs.getNicRateBps()));
            protocols.add(hs.getProtocol());
        }
        List<FlowInfo> flows = new ArrayList<>();
        for (int i = 0; i < h.getFlowsCount(); i++) {
            FlowSpec f = h.getFlows(i);
            if (f.getFlow() != i) {
                throw new ContractViolation(seenBefore(f.getFlow(), i)
                        ? "duplicate flow id " + f.getFlow() + " at position " + i
                        : "flow ids must be dense and in order: position " + i + " holds flow " + f.getFlow());
            }
            checkPaths(i, f);
            if (f.getBaseRttPs() < 0) {
                throw new ContractViolation("flow " + i + " has a negative base RTT " + f.getBaseRttPs() + " ps");
            }
            if (f.getSizeBytes() < 0 || f.getSizeBytes() > MAX_FLOW_BYTES) {
                throw new ContractViolation("flow " + i + " has size_bytes " + Long.toUnsignedString(f.getSizeBytes())
                        + ", more than " + MAX_FLOW_BYTES);
            }
            if (f.getStopPs() < 0 || (f.getStopPs() > 0 && f.getSizeBytes() != 0)) {
                throw new ContractViolation("flow " + i + " has stop time " + f.getStopPs()
                        + " ps: only long-lived flows close, at a time > 0");
            }
            flows.add(new FlowInfo(i, f.getSrc(), f.getDst(), f.getSizeBytes(), Math.max(1, f.getPathCount()),
                    f.getHops(), f.getBaseRttPs(), f.getStopPs()));
        }
        if (h.getMtuBytes() < 0) {
            throw new ContractViolation("MTU " + Integer.toUnsignedString(h.getMtuBytes()) + " bytes is out of range");
        }
        // The session's own checks throw ContractViolation, so only the protocol's land in the catch.
        try {
            ProtocolCatalog.validate(scenario, h.getBaseRttPs(), h.getMtuBytes());
            SessionSpec session = new SessionSpec(hosts, protocols, flows,
                    new AgentContext(h.getReactionDelayPs(), h.getBaseRttPs(), h.getSeed(), scenario.getProtocol(),
                            h.getMtuBytes()), windowPs(h, scenario), stateIntervalPs(scenario),
                    Units.usToPs(scenario.getDurationUs()), h.getLocalHostsList());
            ProtocolCatalog.checkRateFloor(scenario.getProtocol(), session);
            return session;
        } catch (ScenarioException e) {
            throw new ContractViolation("the scenario's protocol parameters are invalid: " + e.getMessage());
        }
    }

    /** The scenario's protocol: a handshake without one names no agent to run. */
    private static String protocolOf(Scenario scenario) {
        try {
            return ProtocolCatalog.nameOf(scenario.getProtocol());
        } catch (ScenarioException e) {
            throw new ContractViolation("the scenario in the handshake has no protocol: " + e.getMessage());
        }
    }

    /**
     * A flow's path count and hops (uint32 on the wire) within what agents can hold:
     * NDP and MPTCP keep state per path, and a path is a shortest path whose hops an
     * IP TTL counts.
     */
    private static void checkPaths(int i, FlowSpec f) {
        if (Integer.toUnsignedLong(f.getPathCount()) > MAX_PATHS) {
            throw new ContractViolation("flow " + i + " has path_count " + Integer.toUnsignedString(f.getPathCount())
                    + ", more than " + MAX_PATHS);
        }
        if (Integer.toUnsignedLong(f.getHops()) > MAX_HOPS) {
            throw new ContractViolation("flow " + i + " has hops " + Integer.toUnsignedString(f.getHops())
                    + ", more than " + MAX_HOPS + " (an IP TTL)");
        }
    }

    /** The agents' sampled flow states, as AgentResults carries them. */
    /** Ends the session's agents at FabricDone and gives their results: each flow's finish, the sampled states. */
    public static AgentResults finish(AgentHost agents, FabricDone done) {
        agents.finish(done.getEndTimePs());
        AgentResults.Builder r = AgentResults.newBuilder();
        for (int f = 0; f < agents.flowCount(); f++) {
            long t = agents.finishedAt(f);
            r.addFlows(FlowResult.newBuilder().setFlow(f).setFinished(t >= 0).setFinishTimePs(Math.max(t, 0)));
        }
        if (agents.flowStates() != null) {
            r.setFlowStates(toProto(agents.flowStates()));
        }
        return r.build();
    }

    public static org.cosim.proto.FlowStates toProto(FlowStates states) {
        org.cosim.proto.FlowStates.Builder b = org.cosim.proto.FlowStates.newBuilder().addAllNames(states.names())
                .setIntervalPs(states.intervalPs()).setFlows(states.flows());
        for (double v : states.values()) {
            b.addValues(v);
        }
        return b.build();
    }

    /** The agents' sampled flow states from AgentResults; a shape that does not add up is a broken peer. */
    public static FlowStates fromProto(org.cosim.proto.FlowStates p) {
        try {
            double[] values = new double[p.getValuesCount()];
            for (int i = 0; i < values.length; i++) {
                values[i] = p.getValues(i);
            }
            return new FlowStates(p.getNamesList(), p.getIntervalPs(), p.getFlows(), values);
        } catch (IllegalArgumentException e) {
            throw new ContractViolation("AgentResults.flow_states: " + e.getMessage());
        }
    }

    private static long stateIntervalPs(Scenario scenario) {
        try {
            return OutputSettings.stateIntervalPs(scenario.getOutput());
        } catch (ScenarioException e) {
            throw new ContractViolation("the scenario's output settings are invalid: " + e.getMessage());
        }
    }

    /** H from the handshake (0: a fabric without pipelining, H = L), which must be the scenario's L / depth. */
    private static long windowPs(Hello h, Scenario scenario) {
        long l = h.getReactionDelayPs();
        if (h.getWindowPs() == 0) {
            return l;
        }
        long depth = Integer.toUnsignedLong(Defaults.intOf(scenario, "pipeline_depth"));
        if (depth == 0 || h.getWindowPs() * depth != l) {
            throw new ContractViolation("batch window " + h.getWindowPs() + " ps is not L / pipeline_depth = " + l
                    + " / " + depth + " ps of the scenario in the handshake");
        }
        return h.getWindowPs();
    }

    private static boolean seenBefore(int id, int position) {
        return id >= 0 && id < position;
    }
}
