package org.cosim.agents.api;

/** A host as its agent sees it: its id and its NIC's line rate. */
public record HostInfo(int id, long nicRateBps) {}
