package org.cosim.fabric.packet;

/** Strict-priority classes at every egress: control first, data second. PFC pauses data only. */
public final class TrafficClass {
    public static final int CONTROL = 0;
    public static final int DATA = 1;
    public static final int COUNT = 2;

    private TrafficClass() {}
}
