package org.example.pulls;

import java.util.List;
import org.cosim.agents.custom.LawParameters;
import org.cosim.agents.ndp.PullOrder;
import org.cosim.agents.ndp.PullingFlow;

/**
 * Round robin over the flows in the order of their ids, as the NDP authors'
 * simulator serves its pull queue (htsim's FairPullQueue cycles over a map keyed
 * by flow id): after a pull of flow k, the next goes to the waiting flow with
 * the smallest id above k, wrapping around. The paper's round robin here takes
 * flows in the order in which each began waiting instead. Both are fair; what
 * differs is where a flow sits in each round, which decides whose packets meet
 * a full queue when several arrive close together (docs/ndp.md, Fig 16).
 */
public class FlowIdRoundRobin implements PullOrder {
    private int lastServed = -1;

    public FlowIdRoundRobin(LawParameters p) {
    }

    @Override
    public int next(List<? extends PullingFlow> waiting, long nowPs) {
        int after = -1;
        int lowest = 0;
        for (int i = 0; i < waiting.size(); i++) {
            int id = waiting.get(i).flowId();
            if (id < waiting.get(lowest).flowId()) {
                lowest = i;
            }
            if (id > lastServed && (after < 0 || id < waiting.get(after).flowId())) {
                after = i;
            }
        }
        int chosen = after >= 0 ? after : lowest;
        lastServed = waiting.get(chosen).flowId();
        return chosen;
    }
}
