package org.cosim.agents.window;

import java.util.ArrayDeque;

/**
 * One host's connection to one destination when flows are messages
 * (Window.connection_per_destination): the congestion window, the RTO
 * estimator and the pacing clock that outlive each message, and the messages
 * waiting for the one being sent. A persistent RPC connection keeps what it has
 * learnt about the path; a new message starts from the window the last one
 * left, not from the initial window.
 */
final class Connection {
    final CongestionWindow window;
    final RetransmitTimer rto;
    final int path;  // the source route of every message (0: ECMP, a single path); with PLB only the first
    final PathBalancer plb;  // null: PLB off; else it holds the path the connection has moved to
    final SynHandshake syn;  // null: no SYN round trip; else the first message's sets the connection up
    final ArrayDeque<WindowFlow.Declared> waiting = new ArrayDeque<>();  // flows that arrived while one was sent
    boolean busy;
    long lastSendPs = WindowFlow.NEVER;
    long lastPacedPs = WindowFlow.NEVER;

    Connection(CongestionWindow window, RetransmitTimer rto, int path, PathBalancer plb, SynHandshake syn) {
        this.syn = syn;
        this.window = window;
        this.rto = rto;
        this.path = path;
        this.plb = plb;
    }
}
