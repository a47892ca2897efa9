package org.cosim.agents.poseidon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.cosim.agents.window.AckSample;
import org.junit.jupiter.api.Test;

/** The delay Poseidon reacts to: MPD, or in brownfield max(MPD, RTT - base - MPD - reverse MPD). */
class PoseidonSignalTest {
    private static final long US = 1_000_000L;
    private final AckSample a = new AckSample();

    @Test
    void withFullIntTheSignalIsTheForwardMaxHopDelay() {
        // Reverse-path queueing (RTT 40 us on a 6 us path) does not enter the signal.
        assertEquals(3.0, new PoseidonSignal(false).delayUs(a.set(0, 40 * US, 1, 3 * US, 30 * US, 6 * US, 3)), 1e-12);
    }

    @Test
    void brownfieldAddsTheDelayNoIntSwitchReported() {
        PoseidonSignal s = new PoseidonSignal(true);
        // 20 us of RTT above the 6 us base; INT saw 3 us forward and 1 us back: 16 us came from non-INT hops.
        assertEquals(16.0, s.delayUs(a.set(0, 26 * US, 1, 3 * US, 1 * US, 6 * US, 3)), 1e-12);
        // When the INT hops explain the delay, the remainder is smaller than MPD: MPD it is.
        assertEquals(5.0, s.delayUs(a.set(0, 13 * US, 1, 5 * US, 1 * US, 6 * US, 3)), 1e-12);
        // A remainder below zero (timestamp noise) never lowers the signal below MPD.
        assertEquals(0.5, s.delayUs(a.set(0, 6 * US, 1, 500_000, 0, 6 * US, 3)), 1e-12);
    }
}
