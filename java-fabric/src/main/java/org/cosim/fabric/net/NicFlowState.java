package org.cosim.fabric.net;

import java.util.Arrays;

/**
 * What NICs keep per flow, indexed by flow id and shared by every NIC of a run:
 * only a flow's source NIC touches its sending counters and only its destination
 * NIC its receiving ones, so one table serves all hosts (8192 NICs x 1000 flows
 * would otherwise hold 8 million entries).
 */
public final class NicFlowState {
    final int[] packetsMade;         // sender: packets made so far (packet identities)
    final long[] segmentInProgress;  // receiver: segmentSeq of the segment being received, -1 none
    final long[] segmentBytesSeen;   // receiver: its bytes received so far
    final boolean[] ecnSinceAck;
    final long[] intSinceAck;
    final int[] sendHead;            // sender: its oldest segment in the NIC's SegmentQueue, -1 none
    final int[] sendTail;
    final int[] sendOffset;          // sender: bytes of that segment already cut into packets

    public NicFlowState(int flows) {
        packetsMade = new int[flows];
        segmentInProgress = new long[flows];
        segmentBytesSeen = new long[flows];
        Arrays.fill(segmentInProgress, -1);
        ecnSinceAck = new boolean[flows];
        intSinceAck = new long[flows];
        sendHead = new int[flows];
        sendTail = new int[flows];
        sendOffset = new int[flows];
        Arrays.fill(sendHead, -1);
        Arrays.fill(sendTail, -1);
    }
}
