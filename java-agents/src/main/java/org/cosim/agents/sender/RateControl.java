package org.cosim.agents.sender;

/**
 * The rate computation engine of a rate-paced sender: one instance per flow. It
 * sees one RTT sample per completed segment and says what rate to pace at.
 */
public interface RateControl {
    double rateBps();

    void onRttSample(long rttPs);
}
