package org.cosim.agents.ndp;

import java.util.List;

/**
 * The order in which a receiver sends its flows' queued pulls: NDP's one
 * scheduling decision, made each time the pull pacer has a slot. The paper's is
 * fair round robin; a class of your own implementing this, named by
 * protocol.ndp.pull_order, tries another (oldest first, least received first,
 * ...) on NDP's unchanged sender, switches and pacing. Prioritized flows
 * (protocol.ndp.prioritized_flows) are still served first: the order chooses
 * among the flows of one class. One instance per receiving host, built with a
 * constructor taking {@link org.cosim.agents.custom.LawParameters}.
 */
public interface PullOrder {
    /**
     * The flow whose pull goes next, as an index into {@code waiting}: the flows
     * with pulls queued, in the order in which each began its current wait (a flow
     * that takes its last queued pull leaves; it joins at the end when it next
     * gets one). Never empty; do not keep or change it. {@code nowPs}: when the
     * choice is made, one reaction delay before the pull leaves.
     */
    int next(List<? extends PullingFlow> waiting, long nowPs);
}
