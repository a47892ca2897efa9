// An example of a rate law of your own (docs/custom-laws.md):
// additive increase while a segment's RTT is below a target, multiplicative
// decrease above it, on every RTT sample (TIMELY without the gradient, HAI or
// the [T_low, T_high] band). The sender around it (16 KB segments paced at the
// rate, at most 4 outstanding per flow) is cosim's, shared with TIMELY, DCQCN,
// FAST* and PFC-only.
//
// Run it: ./cosim run scenarios/custom/delay-aimd-incast.textproto
// A rate law is a class implementing org.cosim.agents.sender.RateControl with a
// constructor taking (LawParameters, RateFlow); one instance per flow.
import java.util.List;
import org.cosim.agents.custom.LawParameters;
import org.cosim.agents.custom.RateFlow;
import org.cosim.agents.sender.RateControl;

public final class DelayAimdRate implements RateControl {
    private final double lineRateBps;
    private final double targetPs;
    private final double stepBps;
    private final double cut;
    private final double minRateBps;
    private double rateBps;
    private double lastRttUs = Double.NaN;

    public DelayAimdRate(LawParameters p, RateFlow flow) {
        lineRateBps = flow.nicRateBps();
        targetPs = p.get("target_us", 50) * 1e6;
        stepBps = p.get("step_mbps", 10) * 1e6;
        cut = p.get("cut", 0.8);
        minRateBps = p.get("min_rate_mbps", 10) * 1e6;
        if (!(targetPs > 0) || !(stepBps > 0) || !(cut > 0 && cut < 1) || !(minRateBps > 0)) {
            throw new IllegalArgumentException("need target_us > 0, step_mbps > 0, cut in (0, 1), min_rate_mbps > 0");
        }
        rateBps = lineRateBps / (flow.activeFlowsAtSender() + 1);  // TIMELY's start: C / (N + 1)
    }

    @Override
    public double rateBps() {
        return rateBps;
    }

    @Override
    public void onRttSample(long rttPs) {
        lastRttUs = rttPs / 1e6;
        rateBps = rttPs < targetPs ? Math.min(lineRateBps, rateBps + stepBps) : Math.max(minRateBps, rateBps * cut);
    }

    // With output.agent_state, agent_state.csv gets a column per signal after the rate: here the RTT the
    // law last reacted to. Optional: a law without them reports its rate alone.
    @Override
    public List<String> signalNames() {
        return List.of("rtt_us");
    }

    @Override
    public double signal(int i) {
        return lastRttUs;
    }
}
