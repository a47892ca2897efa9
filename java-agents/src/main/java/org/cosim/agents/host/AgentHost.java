package org.cosim.agents.host;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.Agent;
import org.cosim.agents.api.AgentContext;
import org.cosim.agents.api.CompletionEvent;
import org.cosim.agents.api.ControlArrivalEvent;
import org.cosim.agents.api.EventBatch;
import org.cosim.agents.api.FlowArrivalEvent;
import org.cosim.agents.api.HostInfo;
import org.cosim.agents.api.PacketArrivalEvent;
import org.cosim.agents.api.PfcChangeEvent;
import org.cosim.agents.api.TimerEvent;
import org.cosim.agents.api.TransmittedEvent;

/**
 * The agent side of one session: one agent per host (for the protocol that host
 * runs), and the router that hands each event of a window batch to its host's
 * agent in batch order. It checks what the fabric sends against the contract
 * (known hosts and flows, windows on the grid of the batch window H and moving
 * forward, events inside their window and in time order, bytes of their flow,
 * packets and pulls that the agents sent) and throws {@link ContractViolation}
 * naming the first problem. It does not check the agents' actions: the fabric
 * side does, whatever transport carried them.
 */
public final class AgentHost {
    private final Agent[] agents;
    private final String[] protocolOf;
    private final List<FlowInfo> flows;
    private final long windowPs;
    private final long reactionDelayPs;
    private long lastWindowStart = Long.MIN_VALUE;
    private long lastEventTime = Long.MIN_VALUE;
    private long eventsProcessed;
    private final long[] finishedAt;
    // What the agents sent, that packets may be about: the end of the bytes each flow's sender handed
    // over (SendSegment), and the highest pull number each end of a flow sent (SendControl).
    private final long[] sentEnd;
    private final KeyMultiset outstanding = new KeyMultiset();  // (flow, seq, bytes) completions may be about
    private final int[] synsSent;         // SYNs handed over (ActionSink.SYN), resent ones included
    private final int[] synsAnswered;     // SYN-ACKs the fabric reported
    private final long[] pulledBySrc;
    private final long[] pulledByDst;
    private final FlowStateSampler states;  // null without output.agent_state
    private final boolean[] arrived;        // flows whose FlowArrival came
    private final KeyMultiset timers = new KeyMultiset();  // (host, timer id, 0) set and not fired
    private final long durationPs;
    private final boolean[] serves;         // per host: SessionSpec.serves, as an array (asked at every event)

    private final FlowArrivalEvent arrival = new FlowArrivalEvent();
    private final CompletionEvent completion = new CompletionEvent();
    private final TimerEvent timer = new TimerEvent();
    private final PfcChangeEvent pfc = new PfcChangeEvent();
    private final PacketArrivalEvent packet = new PacketArrivalEvent();
    private final ControlArrivalEvent control = new ControlArrivalEvent();
    private final TransmittedEvent transmitted = new TransmittedEvent();

    public AgentHost(SessionSpec spec) {
        AgentContext ctx = spec.context();
        this.windowPs = spec.windowPs();
        this.reactionDelayPs = ctx.reactionDelayPs();
        this.flows = spec.flows();
        this.finishedAt = new long[flows.size()];
        java.util.Arrays.fill(finishedAt, -1);
        this.sentEnd = new long[flows.size()];
        this.synsSent = new int[flows.size()];
        this.synsAnswered = new int[flows.size()];
        this.pulledBySrc = new long[flows.size()];
        this.pulledByDst = new long[flows.size()];
        this.arrived = new boolean[flows.size()];
        this.durationPs = spec.durationPs();
        this.agents = new Agent[spec.hosts().size()];
        this.serves = new boolean[agents.length];
        for (int h = 0; h < agents.length; h++) {
            serves[h] = spec.serves(h);
        }
        this.protocolOf = spec.protocols().toArray(new String[0]);
        Map<String, Function<HostInfo, Agent>> makers = new HashMap<>();
        for (HostInfo h : spec.hosts()) {
            agents[h.id()] = makers.computeIfAbsent(protocolOf[h.id()],
                    name -> ProtocolCatalog.factory(name).forSession(ctx)).apply(h);
        }
        this.states = spec.stateIntervalPs() > 0
                ? new FlowStateSampler(agents, spec.stateIntervalPs(), flows.size(), spec.durationPs()) : null;
    }

    public int hostCount() {
        return agents.length;
    }

    public long eventsProcessed() {
        return eventsProcessed;
    }

    /** Routes every event of {@code in} to its agent; the agents' actions go to {@code out}. */
    public void process(EventBatch in, ActionBatch out) {
        long w = in.windowStartPs();
        checkWindow(w);
        out.reset(w);
        for (int i = 0; i < in.size(); i++) {
            checkEvent(in, i, w);
            if (states != null) {
                states.before(in.time(i));
            }
            dispatch(in, i, out);
        }
        for (int i = 0; i < out.size(); i++) {
            if (out.kind(i) == ActionBatch.FLOW_FINISHED && out.flow(i) >= 0 && out.flow(i) < finishedAt.length) {
                finishedAt[out.flow(i)] = out.time(i);
            } else if (out.kind(i) == ActionBatch.SEND_SEGMENT && out.flow(i) >= 0 && out.flow(i) < flows.size()) {
                noteSent(out, i);
            } else if (out.kind(i) == ActionBatch.SEND_CONTROL && out.flow(i) >= 0 && out.flow(i) < flows.size()) {
                notePull(out.host(i), flows.get(out.flow(i)), out.pullNumber(i));
            } else if (out.kind(i) == ActionBatch.SET_TIMER) {
                timers.add(out.host(i), out.timerId(i), 0);
            }
        }
        eventsProcessed += in.size();
        lastWindowStart = w;
    }

    /** The run ended at {@code endPs} (FabricDone): the last state samples are taken. */
    public void finish(long endPs) {
        if (endPs < 0 || (durationPs > 0 && endPs > durationPs)) {
            throw new ContractViolation("the run ends at " + endPs + " ps, outside [0, "
                    + (durationPs > 0 ? durationPs + "] ps, the scenario's duration" : "...)"));
        }
        if (endPs <= lastEventTime) {
            throw new ContractViolation("the run ends at " + endPs + " ps, not after its last event at "
                    + lastEventTime + " ps");
        }
        if (states != null) {
            states.finish(endPs);
        }
    }

    /** The sampled flow states (output.agent_state), or null when not asked for. */
    public FlowStates flowStates() {
        return states == null ? null : states.states();
    }

    public int flowCount() {
        return finishedAt.length;
    }

    /** When the agents declared the flow finished, or -1. */
    public long finishedAt(int flow) {
        return finishedAt[flow];
    }

    private void checkWindow(long w) {
        if (w < 0) {
            throw new ContractViolation("window start " + w + " ps is negative: simulated time starts at 0 ps");
        }
        if (Math.floorMod(w, windowPs) != 0) {
            throw new ContractViolation("window start " + w + " ps is not a multiple of the batch window H = "
                    + windowPs + " ps");
        }
        if (w <= lastWindowStart) {
            throw new ContractViolation("window start " + w + " ps does not move past the previous window ("
                    + lastWindowStart + " ps): time going backwards");
        }
        if (w > Long.MAX_VALUE - reactionDelayPs) {
            throw new ContractViolation("window start " + w + " ps is too late: its actions would be due at W+L, "
                    + "past the last picosecond there is (" + Long.MAX_VALUE + " ps)");
        }
    }

    private void checkEvent(EventBatch in, int i, long w) {
        long t = in.time(i);
        if (t < w || t >= w + windowPs) {
            throw new ContractViolation("event " + i + " at " + t + " ps lies outside its window ["
                    + w + ", " + (w + windowPs) + ") ps");
        }
        if (t < lastEventTime) {
            throw new ContractViolation("event " + i + " at " + t + " ps comes before the previous event at "
                    + lastEventTime + " ps: time going backwards");
        }
        lastEventTime = t;
        int h = in.host(i);
        if (h < 0 || h >= agents.length) {
            throw new ContractViolation("event " + i + " names unknown host " + h + " (hosts are 0.."
                    + (agents.length - 1) + ")");
        }
        if (!serves[h]) {
            throw new ContractViolation("event " + i + " is for host " + h + ", which is not one of this session's "
                    + "hosts (the fabric's partition)");
        }
        byte kind = in.kind(i);
        if (kind == EventBatch.TIMER) {
            in.read(i, timer);
            if (!timers.take(h, timer.timerId(), 0)) {
                throw new ContractViolation("event " + i + " fires timer " + Long.toUnsignedString(timer.timerId())
                        + " of host " + h + ", which its agent has not set (or which fired already)");
            }
            return;
        }
        if (kind == EventBatch.PFC_CHANGE) {
            return;
        }
        int f = in.flow(i);
        if (f < 0 || f >= flows.size()) {
            throw new ContractViolation("event " + i + " names unknown flow " + Integer.toUnsignedString(f));
        }
        FlowInfo flow = flows.get(f);
        switch (kind) {
            case EventBatch.FLOW_ARRIVAL -> {
                requireHost(i, flow, h, flow.src(), "source");
                if (arrived[f]) {
                    throw new ContractViolation("event " + i + ": flow " + f + " arrives a second time");
                }
                arrived[f] = true;
            }
            case EventBatch.COMPLETION -> {
                requireHost(i, flow, h, flow.src(), "source");
                in.read(i, completion);
                if (completion.syn()) {
                    checkSynAck(i, flow);
                } else {
                    checkBytes(i, flow, completion.seq(), completion.bytes(), sentEnd[f], "its sender has handed over");
                    checkOutstanding(i, flow);
                }
            }
            case EventBatch.PACKET_ARRIVAL -> {
                in.read(i, packet);
                if (packet.returned()) {
                    requireHost(i, flow, h, flow.src(), "source (a returned header goes back to it)");
                } else {
                    requireHost(i, flow, h, flow.dst(), "destination");
                }
                if (serves[flow.src()]) {  // else what the sender handed over is in another session
                    checkBytes(i, flow, packet.seq(), packet.bytes(), sentEnd[f], "its sender has handed over");
                }
            }
            case EventBatch.TRANSMITTED -> {
                requireHost(i, flow, h, flow.src(), "source");
                in.read(i, transmitted);
                checkBytes(i, flow, transmitted.seq(), transmitted.bytes(), sentEnd[f], "its sender has handed over");
            }
            case EventBatch.CONTROL_ARRIVAL -> {
                if (h != flow.src() && h != flow.dst()) {
                    throw new ContractViolation("event " + i + " for flow " + f + " went to host " + h
                            + ", which is neither end of the flow (" + flow.src() + " -> " + flow.dst() + ")");
                }
                in.read(i, control);
                if (control.kind() < ControlArrivalEvent.ACK || control.kind() > ControlArrivalEvent.PULL) {
                    throw new ContractViolation("event " + i + " is a control arrival of unknown kind "
                            + control.kind());
                }
                checkPull(i, flow, h);
            }
            default -> throw new ContractViolation("event " + i + " has unknown kind " + kind);
        }
        if (kind == EventBatch.FLOW_ARRIVAL) {
            checkArrival(in, i, flow);
        }
    }

    private static void requireHost(int i, FlowInfo flow, int host, int expected, String role) {
        if (host != expected) {
            throw new ContractViolation("event " + i + " for flow " + flow.flow() + " went to host " + host
                    + " but the flow's " + role + " is host " + expected);
        }
    }

    /**
     * A completion or packet arrival is about some bytes below {@code end}, what the
     * flow's sender handed over: a completion of bytes never sent would count as
     * acknowledged (a rate-based sender finishes a flow on its acknowledged bytes), and
     * a receiver keeps a mark for every packet up to the highest it saw (repeated
     * completions: {@link #checkOutstanding}). No bytes, or a peer's uint32 above
     * 2^31 - 1, are none at all.
     */
    private static void checkBytes(int i, FlowInfo f, long seq, int bytes, long end, String has) {
        if (seq < 0 || bytes <= 0 || seq > end - bytes) {
            throw new ContractViolation("event " + i + " is about " + Integer.toUnsignedString(bytes)
                    + " bytes at seq " + Long.toUnsignedString(seq) + " of flow " + f.flow() + ", but " + has
                    + " bytes below " + end + " only");
        }
    }

    /**
     * Each transmission of a segment completes once: a completion for a segment the
     * sender did not hand over with an ACK asked for, or more often than it sent it,
     * repeats a completion, which a rate-based sender would count as acknowledged.
     */
    private void checkOutstanding(int i, FlowInfo f) {
        if (!outstanding.take(f.flow(), completion.seq(), completion.bytes())) {
            throw new ContractViolation("event " + i + " completes the segment of flow " + f.flow() + " at seq "
                    + completion.seq() + " (" + completion.bytes() + " bytes), which is not outstanding: its "
                    + "sender did not send it with an ACK asked for, or every copy sent has completed already "
                    + "(a completion repeated?)");
        }
    }

    /** What segment {@code i} of {@code out} hands over: a SYN, or bytes a completion may then be about. */
    private void noteSent(ActionBatch out, int i) {
        int f = out.flow(i);
        if ((out.segmentOptions(i) & ActionSink.SYN) != 0) {
            synsSent[f]++;
        } else {
            sentEnd[f] = Math.max(sentEnd[f], out.seq(i) + out.bytes(i));
            if ((out.segmentOptions(i) & ActionSink.NO_ACK) == 0) {
                outstanding.add(f, out.seq(i), out.bytes(i));
            }
        }
    }

    /** A SYN-ACK answers a SYN the flow's sender sent, once each, and completes no bytes. */
    private void checkSynAck(int i, FlowInfo f) {
        if (completion.bytes() != 0) {
            throw new ContractViolation("event " + i + " is a SYN-ACK of flow " + f.flow() + " completing "
                    + Integer.toUnsignedString(completion.bytes()) + " bytes: a SYN carries none");
        }
        if (++synsAnswered[f.flow()] > synsSent[f.flow()]) {
            throw new ContractViolation("event " + i + " is SYN-ACK number " + synsAnswered[f.flow()] + " of flow "
                    + f.flow() + ", but its sender has sent " + synsSent[f.flow()] + " SYNs");
        }
    }

    private void notePull(int host, FlowInfo f, long number) {
        long[] pulled = host == f.src() ? pulledBySrc : host == f.dst() ? pulledByDst : null;
        if (pulled != null && number > pulled[f.flow()]) {
            pulled[f.flow()] = number;
        }
    }

    /**
     * A control packet carries a pull number its sender, the flow's other end, used:
     * a sender sends one packet per number it has not seen, so a number from nowhere
     * would make it send without end.
     */
    private void checkPull(int i, FlowInfo f, int host) {
        if (!serves[host == f.src() ? f.dst() : f.src()]) {
            return;  // the other end's pulls are in another session
        }
        long sent = host == f.src() ? pulledByDst[f.flow()] : pulledBySrc[f.flow()];
        if (Long.compareUnsigned(control.pullNumber(), sent) > 0) {
            throw new ContractViolation("event " + i + ": a control packet of flow " + f.flow() + " at host " + host
                    + " carries pull number " + Long.toUnsignedString(control.pullNumber())
                    + ", but the flow's other end has sent pull numbers up to " + sent + " only");
        }
    }

    /** A flow arrival must say what the handshake said of the flow: one source of truth. */
    private void checkArrival(EventBatch in, int i, FlowInfo f) {
        in.read(i, arrival);
        if (arrival.dst() != f.dst() || arrival.sizeBytes() != f.sizeBytes()) {
            throw new ContractViolation("event " + i + ": flow " + f.flow() + " arrives to host "
                    + Integer.toUnsignedString(arrival.dst()) + " with " + Long.toUnsignedString(arrival.sizeBytes())
                    + " bytes, but the handshake declared host " + f.dst() + " and " + f.sizeBytes() + " bytes");
        }
    }

    /**
     * Hands event {@code i} to its host's agent. checkEvent has read the events of a
     * flow (arrivals, completions, packets, control packets) into their views already,
     * to check them: they are not read twice.
     */
    private void dispatch(EventBatch in, int i, ActionBatch out) {
        Agent agent = agents[in.host(i)];
        switch (in.kind(i)) {
            case EventBatch.FLOW_ARRIVAL -> {
                FlowInfo f = flows.get(arrival.flow());
                arrival.describePath(f.pathCount(), f.hops(), f.baseRttPs());
                arrival.closeAt(f.stopPs());
                agent.onFlowArrival(arrival, out);
            }
            case EventBatch.COMPLETION -> agent.onCompletion(completion, out);
            case EventBatch.TIMER -> agent.onTimer(timer, out);
            case EventBatch.PFC_CHANGE -> {
                in.read(i, pfc);
                agent.onPfcChange(pfc, out);
            }
            case EventBatch.PACKET_ARRIVAL -> agent.onPacketArrival(packet, out);
            case EventBatch.CONTROL_ARRIVAL -> agent.onControlArrival(control, out);
            case EventBatch.TRANSMITTED -> agent.onTransmitted(transmitted, out);
            default -> throw new ContractViolation("event " + i + " has unknown kind " + in.kind(i));
        }
    }
}
