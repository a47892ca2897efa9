package org.cosim.fabric.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.TextFormat;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.cosim.agents.host.ContractViolation;
import org.cosim.agents.wire.AgentClient;
import org.cosim.agents.wire.AgentLinkException;
import org.cosim.agents.wire.WireFormat;
import org.cosim.fabric.GoldenFiles;
import org.cosim.fabric.kernel.Simulator;
import org.cosim.fabric.net.Nic;
import org.cosim.fabric.stats.FlowStats;
import org.cosim.proto.AckMode;
import org.cosim.proto.Action;
import org.cosim.proto.ActionBatch;
import org.cosim.proto.ControlKind;
import org.cosim.proto.FlowFinished;
import org.cosim.proto.FlowSpec;
import org.cosim.proto.Hello;
import org.cosim.proto.HostSpec;
import org.cosim.proto.RunSpec;
import org.cosim.proto.SendControl;
import org.cosim.proto.SendSegment;
import org.cosim.proto.SetTimer;
import org.cosim.setup.workload.FlowTable;
import org.junit.jupiter.api.Test;

/**
 * The agent-action contract as cases both back ends must judge alike: each rule the Java fabric checks an answer
 * against (AgentClient's window, WireFormat.fromProto's wire form, AgentBridge's actions), broken once, and answers
 * that keep every rule. Each case goes through the Java checks here and must be accepted, or refused with exactly
 * the message given; the cases are omnetpp-bridge/test/golden/action_vectors.txt, which the C++
 * agentlink_action_test replays through AgentLink's ActionChecker (-Dcosim.golden.write=true writes it anew).
 *
 * <p>The session: hosts 0..3; L = 1 us, H = 0.5 us (pipeline depth 2). Flow 0: host 1 to host 0, 16384 bytes,
 * from 0 ps, 1 path. Flow 1: host 2 to host 0, long-lived (size 0), from 100000 ps, 4 paths. Flow 2: host 3 to
 * host 1, 4000 bytes, from 2750000 ps, 2 paths. Most answers are to the window [2 us, 2.5 us): actions from
 * W+L = 3 us, finishes in [2 us, 2.5 us), flow 2 not yet started.
 */
class ActionVectorsTest {
    private static final long L = 1_000_000;
    private static final long H = 500_000;
    private static final int HOSTS = 4;
    /** A flow of the session: its hosts, size (0: long-lived), start and number of paths. */
    private record FlowDef(int src, int dst, long sizeBytes, long startPs, int paths) { }

    /** The session's flows, by flow id. */
    private static final List<FlowDef> FLOWS = List.of(
        new FlowDef(1, 0, 16384, 0, 1),
        new FlowDef(2, 0, 0, 100_000, 4),
        new FlowDef(3, 1, 4000, 2_750_000, 2));
    private static final long W = 2_000_000;
    private static final long T = W + L;  // the earliest an action may be timed

    /** The answer to the window at {@code window}; {@code refusal} null: accepted. */
    record Case(String name, long window, ActionBatch batch, String refusal) {}

    /** "agent action i of the window starting at 2000000 ps ", how a refusal in window W begins. */
    private static String action(int i) {
        return "agent action " + i + " of the window starting at " + W + " ps ";
    }

    private static Action.Builder at(long t, int host) {
        return Action.newBuilder().setTimePs(t).setHost(host);
    }

    private static SendSegment.Builder seg(int flow, long seq, int bytes) {
        return SendSegment.newBuilder().setFlow(flow).setSeq(seq).setBytes(bytes);
    }

    private static SendSegment.Builder syn(int flow) {
        return SendSegment.newBuilder().setFlow(flow).setSyn(true);
    }

    private static Action send(long t, int host, SendSegment.Builder s) {
        return at(t, host).setSendSegment(s).build();
    }

    private static Action control(long t, int host, ControlKind kind, int flow, long echo, long echoTx) {
        return at(t, host).setSendControl(SendControl.newBuilder().setKind(kind).setFlow(flow).setEchoTimePs(echo)
                .setEchoTxTimePs(echoTx)).build();
    }

    private static Action control(long t, int host, SendControl.Builder c) {
        return at(t, host).setSendControl(c).build();
    }

    private static Action timer(long t, int host) {
        return at(t, host).setSetTimer(SetTimer.newBuilder().setTimerId(5)).build();
    }

    private static Action finish(long t, int host, int flow) {
        return at(t, host).setFlowFinished(FlowFinished.newBuilder().setFlow(flow)).build();
    }

    private static ActionBatch batch(long window, Action... actions) {
        return ActionBatch.newBuilder().setWindowStartPs(window).addAllActions(List.of(actions)).build();
    }

    static List<Case> cases() {
        List<Case> c = new ArrayList<>();
        // ---------------------------------------------------------------- accepted
        c.add(new Case("every kind of action, each keeping the rules", W, batch(W,
                send(T, 1, seg(0, 0, 1000).setPath(1)),
                send(T, 1, seg(0, 15384, 1000).setAck(AckMode.ACK_NONE).setLastOfFlow(true).setReportTx(true)),
                send(T, 2, syn(1).setPath(4)),
                send(T + 1, 2, seg(1, 1L << 40, 9000).setPath(3)),
                control(T, 0, SendControl.newBuilder().setKind(ControlKind.CONTROL_ACK).setFlow(0).setPath(1)
                        .setEchoTimePs(2_400_000).setEchoTxTimePs(2_400_100)),
                control(T + 100_000, 2, SendControl.newBuilder().setKind(ControlKind.CONTROL_PULL).setFlow(1)
                        .setPullNumber(7)),
                control(T, 1, ControlKind.CONTROL_NACK, 0, T, 0),  // an echo of its own time
                timer(T, 3),
                finish(W, 0, 0),
                finish(W + H - 1, 2, 1)), null));
        c.add(new Case("an empty answer", W, batch(W), null));
        // flow 2 starts at 2.75 us, inside the window [2.5 us, 3 us): its answer may act on it
        long w2 = W + H;
        c.add(new Case("a flow whose FlowArrival is in the window", w2, batch(w2,
                send(w2 + L, 3, seg(2, 0, 4000).setPath(2)),
                control(w2 + L, 1, ControlKind.CONTROL_ACK, 2, 2_750_000, 2_750_000),  // echoes its flow's start
                finish(2_750_000, 1, 2)), null));
        c.add(new Case("a SYN at seq 2^63 - 1", W, batch(W, send(T, 1, syn(0).setSeq(Long.MAX_VALUE))), null));
        c.add(new Case("a segment ending at byte 2^63 - 1 of a long-lived flow", W, batch(W,
                send(T, 2, seg(1, Long.MAX_VALUE - 1000, 1000))), null));

        // ---------------------------------------------------------------- the answer and its wire form
        c.add(new Case("an answer to another window", W, batch(W + H, timer(T + H, 3)),
                "the agent server answered the window at 2000000 ps with the actions of the window at 2500000 ps"));
        c.add(new Case("an action without a kind", W, batch(W, at(T, 1).build()),
                action(0) + "has no kind (timed at 3000000 ps)"));
        c.add(new Case("a segment with an unknown ack mode", W, batch(W, send(T, 1, seg(0, 0, 1000).setAckValue(2))),
                action(0) + "sends a segment with unknown ack mode 2"));
        c.add(new Case("the wire form is checked before the actions", W, batch(W,
                send(T - 1, 1, seg(0, 0, 1000)), at(T, 1).build()),
                action(1) + "has no kind (timed at 3000000 ps)"));

        // ---------------------------------------------------------------- every action
        c.add(new Case("an unknown host", W, batch(W, timer(T, 4)),
                action(0) + "names unknown host 4 (the session has 4 hosts)"));
        c.add(new Case("host 2^32 - 1, before the action's time is looked at", W, batch(W,
                send(0, -1, seg(0, 0, 1000))),
                action(0) + "names unknown host 4294967295 (the session has 4 hosts)"));
        String early = " ps, before the window's end W+L = 3000000 ps (actions take effect no earlier than L after"
                + " their event)";
        c.add(new Case("a SendSegment 1 ps before W+L", W, batch(W, send(T - 1, 1, seg(0, 0, 1000))),
                action(0) + "is a SendSegment timed at 2999999" + early));
        c.add(new Case("a SendControl before W+L", W, batch(W, control(W + H, 0, ControlKind.CONTROL_ACK, 0, 0, 0)),
                action(0) + "is a SendControl timed at 2500000" + early));
        c.add(new Case("a SetTimer inside its own window", W, batch(W, timer(W + 1, 3)),
                action(0) + "is a SetTimer timed at 2000001" + early));
        c.add(new Case("the first bad action is named: two good ones, then a late third", W, batch(W,
                send(T, 1, seg(0, 0, 1000)), timer(T, 3), finish(W - 1, 0, 0)),
                "agent action 2 of the window starting at 2000000 ps finishes flow 0 at 1999999 ps, outside the "
                        + "window of the event that finished it [2000000, 2500000) ps"));

        // ---------------------------------------------------------------- SendSegment
        c.add(new Case("a segment of an unknown flow", W, batch(W, send(T, 1, seg(3, 0, 1000))),
                action(0) + "sends on unknown flow 3"));
        c.add(new Case("a segment of flow 2^32 - 1", W, batch(W, send(T, 1, seg(-1, 0, 1000))),
                action(0) + "sends on unknown flow 4294967295"));
        c.add(new Case("a segment from the flow's destination", W, batch(W, send(T, 0, seg(0, 0, 1000).setPath(9))),
                action(0) + "sends flow 0 from host 0, but the flow's source is host 1"));
        c.add(new Case("a segment on path 2 of a flow with 1", W, batch(W, send(T, 1, seg(0, 0, 1000).setPath(2))),
                action(0) + "sends flow 0 on path 2, but it has paths 1..1 (0 = ECMP)"));
        c.add(new Case("a segment on path 2^31", W, batch(W, send(T, 2, seg(1, 0, 1000).setPath(1 << 31))),
                action(0) + "sends flow 1 on path 2147483648, but it has paths 1..4 (0 = ECMP)"));
        String synRule = ": a SYN carries no data, is ACKed and is not the flow's last";
        c.add(new Case("a SYN carrying 100 bytes", W, batch(W, send(T, 1, syn(0).setBytes(100))),
                action(0) + "sends a SYN of flow 0 with 100 bytes at seq 0" + synRule));
        c.add(new Case("a SYN without a hardware ACK", W, batch(W, send(T, 1, syn(0).setAck(AckMode.ACK_NONE))),
                action(0) + "sends a SYN of flow 0 with 0 bytes at seq 0 and other options" + synRule));
        c.add(new Case("a SYN marked the flow's last", W, batch(W, send(T, 1, syn(0).setLastOfFlow(true))),
                action(0) + "sends a SYN of flow 0 with 0 bytes at seq 0 and other options" + synRule));
        c.add(new Case("a SYN asking for its TX time", W, batch(W, send(T, 1, syn(0).setReportTx(true))),
                action(0) + "sends a SYN of flow 0 with 0 bytes at seq 0 and other options" + synRule));
        c.add(new Case("a SYN at seq 2^63", W, batch(W, send(T, 1, syn(0).setSeq(Long.MIN_VALUE))),
                action(0) + "sends a SYN of flow 0 with 0 bytes at seq 9223372036854775808" + synRule));
        c.add(new Case("an empty segment that is not a SYN", W, batch(W, send(T, 1, seg(0, 0, 0))),
                action(0) + "sends an empty or out-of-range segment (seq 0, 0 bytes) of flow 0"));
        c.add(new Case("a segment of 2^31 bytes", W, batch(W, send(T, 2, seg(1, 0, 1 << 31))),
                action(0) + "sends an empty or out-of-range segment (seq 0, 2147483648 bytes) of flow 1"));
        c.add(new Case("a segment ending past byte 2^63 - 1", W, batch(W,
                send(T, 2, seg(1, Long.MAX_VALUE - 100, 3000))),
                action(0) + "sends an empty or out-of-range segment (seq 9223372036854775707, 3000 bytes) of flow 1"));
        c.add(new Case("a segment at seq 2^63", W, batch(W, send(T, 2, seg(1, Long.MIN_VALUE, 1))),
                action(0) + "sends an empty or out-of-range segment (seq 9223372036854775808, 1 bytes) of flow 1"));
        c.add(new Case("a segment past the flow's end: 16000 + 1000 > 16384", W, batch(W,
                send(T, 1, seg(0, 16000, 1000))),
                action(0) + "sends bytes [16000, 17000) of flow 0, which has only 16384 bytes"));
        c.add(new Case("a segment starting beyond the flow's end", W, batch(W, send(T, 1, seg(0, 20000, 10))),
                action(0) + "sends bytes [20000, 20010) of flow 0, which has only 16384 bytes"));
        String notStarted = ", which has not started by the end of this window";
        c.add(new Case("a segment of a flow that starts after the window", W, batch(W, send(T, 3, seg(2, 0, 1000))),
                action(0) + "sends on flow 2" + notStarted));
        c.add(new Case("a SYN of a flow that starts after the window", W, batch(W, send(T, 3, syn(2))),
                action(0) + "sends on flow 2" + notStarted));

        // ---------------------------------------------------------------- SendControl
        c.add(new Case("a control packet of an unknown flow", W, batch(W,
                control(T, 0, ControlKind.CONTROL_ACK, 3, 0, 0)),
                action(0) + "sends a control packet on unknown flow 3"));
        c.add(new Case("a control packet from a host that is not an end of the flow", W, batch(W,
                control(T, 2, ControlKind.CONTROL_ACK, 0, 0, 0)),
                action(0) + "sends a control packet for flow 0 from host 2, which is not one of its ends"));
        c.add(new Case("a control packet of kind CONTROL_KIND_UNSPECIFIED", W, batch(W,
                control(T, 0, ControlKind.CONTROL_KIND_UNSPECIFIED, 0, 0, 0)),
                action(0) + "sends a control packet of unknown kind 0"));
        c.add(new Case("a control packet of kind 4", W, batch(W,
                control(T, 0, SendControl.newBuilder().setKindValue(4).setFlow(0))),
                action(0) + "sends a control packet of unknown kind 4"));
        c.add(new Case("a control packet on path 3 of a flow with 2", W + H, batch(W + H,
                control(W + H + L, 1, SendControl.newBuilder().setKind(ControlKind.CONTROL_PULL).setFlow(2)
                        .setPath(3))),
                "agent action 0 of the window starting at 2500000 ps sends a control packet of flow 2 on path 3, but "
                        + "it has paths 1..2 (0 = ECMP)"));
        c.add(new Case("a control packet on path 2^31", W, batch(W,
                control(T, 0, SendControl.newBuilder().setKind(ControlKind.CONTROL_ACK).setFlow(0).setPath(1 << 31))),
                action(0) + "sends a control packet of flow 0 on path 2147483648, but it has paths 1..1 (0 = ECMP)"));
        c.add(new Case("a control packet of a flow that starts after the window", W, batch(W,
                control(T, 1, ControlKind.CONTROL_ACK, 2, 0, 0)),
                action(0) + "sends a control packet of flow 2" + notStarted));
        String echoed = " ps, the control packet's own time 3000000 ps]";
        c.add(new Case("an echoed send time after the control packet's own", W, batch(W,
                control(T, 0, ControlKind.CONTROL_ACK, 0, T + 1, 0)),
                action(0) + "echoes a send time of 3000001 ps for flow 0, outside [the flow's start 0" + echoed));
        c.add(new Case("an echoed send time before the flow's start", W, batch(W,
                control(T, 0, ControlKind.CONTROL_ACK, 1, 99_999, 0)),
                action(0) + "echoes a send time of 99999 ps for flow 1, outside [the flow's start 100000" + echoed));
        c.add(new Case("an echoed send time below zero", W, batch(W,
                control(T, 0, ControlKind.CONTROL_NACK, 0, -5, 0)),
                action(0) + "echoes a send time of -5 ps for flow 0, outside [the flow's start 0" + echoed));
        c.add(new Case("an echoed TX time after the control packet's own", W, batch(W,
                control(T, 0, ControlKind.CONTROL_ACK, 0, W, T + 1)),
                action(0) + "echoes a TX time of 3000001 ps for flow 0, outside [the flow's start 0" + echoed));

        // ---------------------------------------------------------------- FlowFinished
        c.add(new Case("a finish of an unknown flow", W, batch(W, finish(W, 0, 3)),
                action(0) + "finishes unknown flow 3"));
        c.add(new Case("a finish of flow 2^32 - 1", W, batch(W, finish(W, 0, -1)),
                action(0) + "finishes unknown flow 4294967295"));
        c.add(new Case("a finish from a host that is not an end of the flow", W, batch(W, finish(W, 3, 0)),
                action(0) + "finishes flow 0 from host 3, which is not one of its ends"));
        c.add(new Case("a finish at W+H, after the batch window [W, W+H) though before W+L", W, batch(W,
                finish(W + H, 1, 0)),
                action(0) + "finishes flow 0 at 2500000 ps, outside the window of the event that finished it "
                        + "[2000000, 2500000) ps"));
        c.add(new Case("a flow finished twice", W, batch(W, finish(W, 1, 0), finish(W + 1, 0, 0)),
                action(1) + "finishes flow 0 a second time"));
        c.add(new Case("a finish of a flow that starts after the window", W, batch(W, finish(W, 3, 2)),
                action(0) + "finishes flow 2" + notStarted));
        return c;
    }

    /** The session as the C++ side builds it: the Hello of hosts, flows, L and H, and the flows' start times. */
    static RunSpec setup() {
        Hello.Builder h = Hello.newBuilder().setReactionDelayPs(L).setWindowPs(H);
        for (int i = 0; i < HOSTS; i++) {
            h.addHosts(HostSpec.newBuilder().setHost(i));
        }
        RunSpec.Builder spec = RunSpec.newBuilder();
        for (int f = 0; f < FLOWS.size(); f++) {
            FlowDef d = FLOWS.get(f);
            h.addFlows(FlowSpec.newBuilder().setFlow(f).setSrc(d.src()).setDst(d.dst()).setSizeBytes(d.sizeBytes())
                    .setPathCount(d.paths()));
            spec.addFlowStartPs(d.startPs());
        }
        return spec.setHello(h).build();
    }

    /** The Java fabric's verdict on one answer, in a fresh session: null when accepted, else its message. */
    static String verdict(Case c) {
        FlowTable flows = new FlowTable();
        int[] pathCount = new int[FLOWS.size()];
        for (FlowDef d : FLOWS) {
            pathCount[flows.add(d.src(), d.dst(), d.sizeBytes(), d.startPs())] = d.paths();
        }
        AgentBridge bridge = new AgentBridge(new Simulator(), L, H, null, flows, new FlowStats(flows.size(), 0),
                new Nic[HOSTS], pathCount);
        try {
            AgentClient.requireWindow(c.window(), c.batch());
            org.cosim.agents.api.ActionBatch answer = new org.cosim.agents.api.ActionBatch();
            WireFormat.fromProto(c.batch(), answer);
            bridge.checkAll(answer);
            return null;
        } catch (AgentLinkException | ContractViolation | BadActionException e) {
            return e.getMessage();
        }
    }

    private static String text(com.google.protobuf.MessageOrBuilder m) {
        return TextFormat.printer().emittingSingleLine(true).printToString(m).strip();
    }

    @Test
    void everyCaseIsAcceptedOrRefusedWithItsExactMessage() {
        for (Case c : cases()) {
            assertEquals(c.refusal(), verdict(c), c.name());
        }
    }

    @Test
    void theCommittedVectorsAreTheseCases() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("setup " + text(setup()));
        for (Case c : cases()) {
            lines.add("case " + c.name());
            lines.add("window " + c.window());
            lines.add("batch " + text(c.batch()));
            lines.add(c.refusal() == null ? "accept" : "refuse " + c.refusal());
        }
        List<String> recorded = GoldenFiles.record("action_vectors.txt", List.of(
                "Agent-action contract cases written by the Java fabric (ActionVectorsTest, java-fabric): each answer",
                "is accepted or refused with the message given. The C++ agentlink_action_test replays them through",
                "AgentLink's ActionChecker. Do not edit by hand: -Dcosim.golden.write=true writes the file anew.",
                "setup RUNSPEC / case NAME / window W / batch ACTIONBATCH / accept | refuse MESSAGE (text format)."),
                lines);
        assertTrue(cases().size() >= 40, "a case per rule: " + cases().size());
        assertEquals(lines, recorded);
    }
}
