package org.cosim.agents.api;

/** A host as its agent sees it: its id and its NIC's line rate. */
public record HostInfo(int id, long nicRateBps) {
    public HostInfo {
        if (nicRateBps <= 0) {
            throw new IllegalArgumentException("host " + id + ": NIC rate must be > 0 b/s, got " + nicRateBps);
        }
    }
}
