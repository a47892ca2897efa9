package org.cosim.setup.hardware;

/**
 * How a NIC orders the data of its flows onto its link (topology.nic.scheduling).
 * Control frames go first under either.
 */
public enum NicScheduling {
    /**
     * A send queue per flow, served in turn one packet each: RDMA NICs arbitrate
     * between queue pairs this way, and Linux hosts share a link between flows
     * with fair queueing. A flow never waits behind another flow's whole window.
     */
    PER_FLOW,
    /** One queue for all flows, segment after segment in the order handed over (htsim's host queue). */
    FIFO
}
