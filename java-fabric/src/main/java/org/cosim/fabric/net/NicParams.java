package org.cosim.fabric.net;

/** Host NIC settings: the MTU it cuts segments into and the size of the control frames it makes. */
public record NicParams(int mtuBytes, int ackBytes) {}
