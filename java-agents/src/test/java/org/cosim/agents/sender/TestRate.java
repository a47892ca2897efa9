package org.cosim.agents.sender;

import java.util.ArrayList;
import java.util.List;

/** A rate control whose rate the test sets by hand; it records the RTT samples it is fed. */
final class TestRate implements RateControl {
    double rateBps;
    final List<Long> samples = new ArrayList<>();

    TestRate(double rateBps) {
        this.rateBps = rateBps;
    }

    @Override
    public double rateBps() {
        return rateBps;
    }

    @Override
    public void onRttSample(long rttPs) {
        samples.add(rttPs);
    }
}
