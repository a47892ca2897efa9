package org.cosim.fabric.agent;

import org.cosim.agents.api.ActionBatch;
import org.cosim.agents.api.ActionSink;
import org.cosim.agents.api.EventBatch;
import org.cosim.fabric.kernel.EventHandler;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.net.HostEventSink;
import org.cosim.fabric.net.Nic;
import org.cosim.fabric.stats.FlowStats;
import org.cosim.setup.workload.FlowTable;

/**
 * The fabric side of the agent contract, with the window rule of ARCHITECTURE.md:
 * every agent-bound event of the window [W, W+H) is collected into one batch; at
 * W+H (before anything else at that time) the batch goes to the agents through
 * the transport and their answer is checked (every action at or after W+L); at W+L
 * (after that instant's flush) each action is scheduled for its time. H is L /
 * pipeline depth: with H = L (the default) both happen in the one flush event.
 * Flow starts, completions, PFC changes and fired timers are the events; segment
 * hand-overs, timers and flow finishes the actions. Windows without events cost
 * nothing.
 *
 * <p>Same-picosecond order: flush, apply, the actions' own events, then the
 * hardware's ({@code PRIORITY_APPLY}, {@code PRIORITY_ACTION}; OMNeT++'s
 * AgentBridge has the same ranks). The event set orders equal ranks by insertion,
 * and when an action enters it depends on the pipeline depth (its batch's W+L);
 * ranking the actions before the hardware makes the results independent of the
 * depth. Physically: what the host posted to its NIC at a picosecond is there
 * when the NIC decides at that picosecond.
 */
public final class AgentBridge implements EventHandler, HostEventSink {
    private static final int FLUSH = 1;
    private static final int FLOW_START = 2;
    private static final int SEND_SEGMENT = 3;
    private static final int TIMER = 4;
    private static final int SEND_CONTROL = 5;
    private static final int APPLY = 6;
    /** After the flush of the same instant (its batch is complete without them), before the hardware. */
    private static final int PRIORITY_APPLY = Simulator.PRIORITY_FIRST + 1;
    /** The agents' actions at their times: after any apply of that instant, before the hardware. */
    private static final int PRIORITY_ACTION = Simulator.PRIORITY_FIRST + 2;

    private final Simulator sim;
    private final long reactionDelayPs;
    private final long windowPs;
    private final AgentTransport transport;
    private final FlowTable flows;
    private final FlowStats flowStats;
    private final Nic[] nics;
    private final int[] pathCount;
    private final int handler;
    private final EventBatch batch = new EventBatch();
    /** Answers waiting for their W+L, oldest first (a ring: at most L / H at once). */
    private final ActionBatch[] answers;
    private int oldest;
    private int waiting;
    private ActionBatch actions;
    private final PendingActions pending = new PendingActions();
    private final boolean[] finishDeclared;
    private boolean windowOpen;
    private long windows;
    private long eventsSent;
    private long actionsApplied;

    /**
     * {@code pathCount[f]}: the source routes flow f may name (1..pathCount[f]), its
     * data one way and its control packets back (the topologies are symmetric).
     */
    public AgentBridge(Simulator sim, long reactionDelayPs, long windowPs, AgentTransport transport,
                       FlowTable flows, FlowStats flowStats, Nic[] nics, int[] pathCount) {
        if (windowPs <= 0 || reactionDelayPs % windowPs != 0) {
            throw new IllegalArgumentException("batch window " + windowPs + " ps must divide L = " + reactionDelayPs
                    + " ps");
        }
        this.sim = sim;
        this.reactionDelayPs = reactionDelayPs;
        this.windowPs = windowPs;
        this.finishDeclared = new boolean[flows.size()];
        this.answers = new ActionBatch[(int) (reactionDelayPs / windowPs)];
        for (int i = 0; i < answers.length; i++) {
            answers[i] = new ActionBatch();
        }
        this.transport = transport;
        this.flows = flows;
        this.flowStats = flowStats;
        this.nics = nics;
        this.pathCount = pathCount;
        this.handler = sim.register(this);
    }

    public int handler() {
        return handler;
    }

    public long windows() {
        return windows;
    }

    public long eventsSent() {
        return eventsSent;
    }

    /** Schedules every flow's arrival at its source host. */
    public void scheduleFlowStarts() {
        for (int f = 0; f < flows.size(); f++) {
            sim.schedule(flows.startPs(f), handler, FLOW_START, f);
        }
    }

    @Override
    public void completion(int host, int flow, long seq, int bytes, long sendTimePs, long txTimePs,
                           long intMaxHopDelayPs, long intReverseMaxHopDelayPs, boolean ecnEcho, boolean syn) {
        openWindow();
        batch.addCompletion(sim.now(), host, flow, seq, bytes, sendTimePs, txTimePs, intMaxHopDelayPs,
                intReverseMaxHopDelayPs, ecnEcho, syn);
    }

    @Override
    public void completionHop(int host, long queueBytes, long txBytes, long timePs, long rateBps) {
        batch.addIntHop(queueBytes, txBytes, timePs, rateBps);
    }

    @Override
    public void packetArrival(int host, int flow, long seq, int bytes, int path, int flags, long intMaxHopDelayPs,
                              long sendTimePs, long txTimePs) {
        openWindow();
        batch.addPacketArrival(sim.now(), host, flow, seq, bytes, path, flags, intMaxHopDelayPs, sendTimePs,
                txTimePs);
    }

    @Override
    public void controlArrival(int host, int flow, int kind, long seq, long pullNumber, int path, long echoTimePs,
                               long echoTxTimePs) {
        openWindow();
        batch.addControlArrival(sim.now(), host, flow, kind, seq, pullNumber, path, echoTimePs, echoTxTimePs);
    }

    @Override
    public void transmitted(int host, int flow, long seq, int bytes, long sendTimePs) {
        openWindow();
        batch.addTransmitted(sim.now(), host, flow, seq, bytes, sendTimePs);
    }

    @Override
    public void pfcChange(int host, int trafficClass, boolean paused) {
        openWindow();
        batch.addPfcChange(sim.now(), host, trafficClass, paused);
    }

    @Override
    public void handle(int kind, long arg) {
        switch (kind) {
            case FLUSH -> flush();
            case APPLY -> applyOldest();
            case FLOW_START -> {
                int f = (int) arg;
                openWindow();
                batch.addFlowArrival(sim.now(), flows.src(f), f, flows.dst(f), flows.sizeBytes(f));
            }
            case SEND_SEGMENT -> {
                int s = (int) arg;
                nics[pending.host[s]].postSegment(pending.flow[s], pending.seq[s], pending.bytes[s], pending.path[s],
                        pending.options[s]);
                pending.release(s);
            }
            case SEND_CONTROL -> {
                int s = (int) arg;
                nics[pending.host[s]].sendControl(pending.flow[s], pending.options[s], pending.seq[s],
                        pending.timerId[s], pending.path[s], pending.echo[s], pending.echoTx[s]);
                pending.release(s);
            }
            case TIMER -> {
                int s = (int) arg;
                openWindow();
                batch.addTimer(sim.now(), pending.host[s], pending.timerId[s]);
                pending.release(s);
            }
            default -> throw new IllegalStateException("agent bridge: unknown event kind " + kind);
        }
    }

    private void openWindow() {
        if (!windowOpen) {
            long w = Math.floorDiv(sim.now(), windowPs) * windowPs;
            batch.reset(w);
            sim.schedule(w + windowPs, Simulator.PRIORITY_FIRST, handler, FLUSH, 0);
            windowOpen = true;
        }
    }

    private void flush() {
        windowOpen = false;
        windows++;
        eventsSent += batch.size();
        ActionBatch answer = answers[(oldest + waiting) % answers.length];
        answer.reset(batch.windowStartPs());
        transport.exchange(batch, answer);
        checkAll(answer);
        waiting++;
        if (windowPs == reactionDelayPs) {
            applyOldest();  // W+H = W+L: now
        } else {
            sim.schedule(batch.windowStartPs() + reactionDelayPs, PRIORITY_APPLY, handler, APPLY, 0);
        }
    }

    /**
     * Every action of an answer is checked when it arrives, so a broken agent fails at the window it broke
     * (applied only at W+L, a pipelined answer could otherwise wait past the end of the run unchecked).
     * C++ twin: ActionChecker, held to these rules and words by omnetpp-bridge/test/golden/action_vectors.txt
     * (written by ActionVectorsTest).
     */
    void checkAll(ActionBatch answer) {
        actions = answer;
        long earliest = answer.windowStartPs() + reactionDelayPs;
        for (int i = 0; i < answer.size(); i++) {
            check(i, earliest);
        }
    }

    private void check(int i, long earliest) {
        long t = actions.time(i);
        int host = actions.host(i);
        if (host < 0 || host >= nics.length) {
            throw bad(i, "names unknown host " + Integer.toUnsignedString(host) + " (the session has " + nics.length
                    + " hosts)");
        }
        switch (actions.kind(i)) {
            case ActionBatch.SEND_SEGMENT -> {
                checkTime(i, "SendSegment", t, earliest);
                checkSegment(i, host);
                checkStarted(i, earliest, "sends on");
            }
            case ActionBatch.SEND_CONTROL -> {
                checkTime(i, "SendControl", t, earliest);
                checkControl(i, host);
                checkStarted(i, earliest, "sends a control packet of");
                checkEcho(i, t);
            }
            case ActionBatch.SET_TIMER -> checkTime(i, "SetTimer", t, earliest);
            case ActionBatch.FLOW_FINISHED -> {
                checkFinish(i, t, host, earliest);
                checkStarted(i, earliest, "finishes");
            }
            // In-process agents only: an answer off the wire has one of the kinds above (WireFormat.fromProto).
            default -> throw bad(i, "has unknown kind " + actions.kind(i));
        }
    }

    private void applyOldest() {
        actions = answers[oldest];
        oldest = (oldest + 1) % answers.length;
        waiting--;
        for (int i = 0; i < actions.size(); i++) {
            apply(i);
        }
    }

    /** Carries out one checked action. */
    private void apply(int i) {
        long t = actions.time(i);
        int host = actions.host(i);
        switch (actions.kind(i)) {
            case ActionBatch.SEND_SEGMENT -> {
                int s = pending.alloc();
                pending.host[s] = host;
                pending.flow[s] = actions.flow(i);
                pending.seq[s] = actions.seq(i);
                pending.bytes[s] = actions.bytes(i);
                pending.path[s] = actions.path(i);
                pending.options[s] = actions.segmentOptions(i);
                sim.schedule(t, PRIORITY_ACTION, handler, SEND_SEGMENT, s);
            }
            case ActionBatch.SEND_CONTROL -> {
                int s = pending.alloc();
                pending.host[s] = host;
                pending.flow[s] = actions.flow(i);
                pending.seq[s] = actions.seq(i);
                pending.timerId[s] = actions.pullNumber(i);
                pending.path[s] = actions.path(i);
                pending.echo[s] = actions.echoTimePs(i);
                pending.echoTx[s] = actions.echoTxTimePs(i);
                pending.options[s] = actions.controlKind(i);
                sim.schedule(t, PRIORITY_ACTION, handler, SEND_CONTROL, s);
            }
            case ActionBatch.SET_TIMER -> {
                int s = pending.alloc();
                pending.host[s] = host;
                pending.timerId[s] = actions.timerId(i);
                sim.schedule(t, PRIORITY_ACTION, handler, TIMER, s);
            }
            case ActionBatch.FLOW_FINISHED -> flowStats.finish(actions.flow(i), t);
            default -> throw new IllegalStateException("an unchecked action kind " + actions.kind(i));
        }
        actionsApplied++;
    }

    /**
     * An answer to window W can be about a flow only once the flow has started: its FlowArrival lies in a window
     * at or before W. An agent that acts on a flow before that would give it a send before its start, or an FCT
     * below zero.
     */
    private void checkStarted(int i, long earliest, String does) {
        int f = actions.flow(i);
        long w = earliest - reactionDelayPs;
        if (flows.startPs(f) >= w + windowPs) {
            throw bad(i, does + " flow " + f + ", which has not started by the end of this window");
        }
    }

    /**
     * An ACK or NACK echoes the send and TX times of the packet it answers: never later than the control
     * packet itself, nor before the flow started (0: no echo). Another value would make a wrong, even
     * negative, RTT.
     */
    private void checkEcho(int i, long t) {
        checkEchoed(i, t, actions.echoTimePs(i), "a send time");
        checkEchoed(i, t, actions.echoTxTimePs(i), "a TX time");
    }

    private void checkEchoed(int i, long t, long echo, String what) {
        int f = actions.flow(i);
        if (echo != 0 && (echo > t || echo < flows.startPs(f))) {
            throw bad(i, "echoes " + what + " of " + echo + " ps for flow " + f + ", outside [the flow's start "
                    + flows.startPs(f) + " ps, the control packet's own time " + t + " ps]");
        }
    }

    private void checkTime(int i, String kind, long t, long earliest) {
        if (t < earliest) {
            throw bad(i, "is a " + kind + " timed at " + t + " ps, before the window's end W+L = " + earliest
                    + " ps (actions take effect no earlier than L after their event)");
        }
    }

    private void checkSegment(int i, int host) {
        int f = actions.flow(i);
        if (f < 0 || f >= flows.size()) {
            throw bad(i, "sends on unknown flow " + Integer.toUnsignedString(f));
        }
        if (flows.src(f) != host) {
            throw bad(i, "sends flow " + f + " from host " + host + ", but the flow's source is host " + flows.src(f));
        }
        long seq = actions.seq(i);
        int bytes = actions.bytes(i);
        int path = actions.path(i);
        if (path < 0 || path > pathCount[f]) {
            throw bad(i, "sends flow " + f + " on path " + Integer.toUnsignedString(path) + ", but it has paths 1.."
                    + pathCount[f] + " (0 = ECMP)");
        }
        int options = actions.segmentOptions(i);
        int unknownOptions = options & ~(ActionSink.NO_ACK | ActionSink.LAST_OF_FLOW | ActionSink.SYN | ActionSink.REPORT_TX);
        if (unknownOptions != 0) {  // in-process agents only; off the wire: WireFormat's unknown ack mode
            throw bad(i, "sends a segment with unknown options " + unknownOptions);
        }
        if ((options & ActionSink.SYN) != 0) {
            if (bytes != 0 || seq < 0 || options != ActionSink.SYN) {
                throw bad(i, "sends a SYN of flow " + f + " with " + Integer.toUnsignedString(bytes) + " bytes at seq "
                        + Long.toUnsignedString(seq) + (options != ActionSink.SYN ? " and other options" : "")
                        + ": a SYN carries no data, is ACKed and is not the flow's last");
            }
            return;
        }
        if (bytes <= 0 || seq < 0 || seq > Long.MAX_VALUE - bytes) {
            throw bad(i, "sends an empty or out-of-range segment (seq " + Long.toUnsignedString(seq) + ", "
                    + Integer.toUnsignedString(bytes) + " bytes) of flow " + f);
        }
        long size = flows.sizeBytes(f);
        if (size > 0 && seq + bytes > size) {
            throw bad(i, "sends bytes [" + seq + ", " + (seq + bytes) + ") of flow " + f + ", which has only "
                    + size + " bytes");
        }
    }

    private void checkControl(int i, int host) {
        int f = actions.flow(i);
        if (f < 0 || f >= flows.size()) {
            throw bad(i, "sends a control packet on unknown flow " + Integer.toUnsignedString(f));
        }
        if (host != flows.src(f) && host != flows.dst(f)) {
            throw bad(i, "sends a control packet for flow " + f + " from host " + host + ", which is not one of its ends");
        }
        int kind = actions.controlKind(i);
        if (kind < org.cosim.agents.api.ControlArrivalEvent.ACK || kind > org.cosim.agents.api.ControlArrivalEvent.PULL) {
            throw bad(i, "sends a control packet of unknown kind " + kind);
        }
        int path = actions.path(i);
        if (path < 0 || path > pathCount[f]) {
            throw bad(i, "sends a control packet of flow " + f + " on path " + Integer.toUnsignedString(path)
                    + ", but it has paths 1.." + pathCount[f] + " (0 = ECMP)");
        }
    }

    private void checkFinish(int i, long t, int host, long earliest) {
        int f = actions.flow(i);
        if (f < 0 || f >= flows.size()) {
            throw bad(i, "finishes unknown flow " + Integer.toUnsignedString(f));
        }
        if (host != flows.src(f) && host != flows.dst(f)) {
            throw bad(i, "finishes flow " + f + " from host " + host + ", which is not one of its ends");
        }
        long w = earliest - reactionDelayPs;
        if (t < w || t >= w + windowPs) {
            throw bad(i, "finishes flow " + f + " at " + t + " ps, outside the window of the event that finished it ["
                    + w + ", " + (w + windowPs) + ") ps");
        }
        if (finishDeclared[f]) {
            throw bad(i, "finishes flow " + f + " a second time");
        }
        finishDeclared[f] = true;  // a refused answer ends the run, so no undo is needed
    }

    private BadActionException bad(int i, String problem) {
        return new BadActionException(ActionBatch.action(i, actions.windowStartPs()) + " " + problem);
    }
}
