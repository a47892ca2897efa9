package org.cosim.fabric.packet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PacketPoolTest {
    @Test
    void allocHandsOutLowIdsFirstAndCountsLivePackets() {
        PacketPool pool = new PacketPool();
        assertEquals(0, pool.live());
        assertEquals(0, pool.alloc());
        assertEquals(1, pool.alloc());
        assertEquals(2, pool.alloc());
        assertEquals(3, pool.live());
    }

    @Test
    void releasedIdsAreRecycled() {
        PacketPool pool = new PacketPool();
        for (int i = 0; i < 10; i++) {
            pool.alloc();
        }
        pool.release(4);
        pool.release(7);
        assertEquals(8, pool.live());
        // The free list is a stack: the last released id comes back first.
        assertEquals(7, pool.alloc());
        assertEquals(4, pool.alloc());
        assertEquals(10, pool.alloc());
        assertEquals(11, pool.live());
    }

    @Test
    void allocResetsEveryField() {
        PacketPool pool = new PacketPool();
        int p = pool.alloc();
        pool.type[p] = PacketType.DATA;
        pool.trafficClass[p] = TrafficClass.DATA;
        pool.flags[p] = PacketPool.FLAG_ECN_CE | PacketPool.FLAG_LAST_OF_SEGMENT;
        pool.flow[p] = 9;
        pool.src[p] = 1;
        pool.dst[p] = 2;
        pool.size[p] = 1500;
        pool.seq[p] = 123_456;
        pool.segmentSeq[p] = 100_000;
        pool.segmentBytes[p] = 16384;
        pool.segmentSendTime[p] = 77;
        pool.path[p] = 3;
        pool.ingressPort[p] = 5;
        pool.intMaxHopDelay[p] = 999;
        pool.uid[p] = 42;
        pool.release(p);
        int q = pool.alloc();
        assertEquals(p, q);
        assertEquals(0, pool.type[q]);
        assertEquals(0, pool.trafficClass[q]);
        assertEquals(0, pool.flags[q]);
        assertFalse(pool.has(q, PacketPool.FLAG_ECN_CE));
        assertEquals(-1, pool.flow[q]);
        assertEquals(-1, pool.src[q]);
        assertEquals(-1, pool.dst[q]);
        assertEquals(0, pool.size[q]);
        assertEquals(0, pool.seq[q]);
        assertEquals(0, pool.segmentSeq[q]);
        assertEquals(0, pool.segmentBytes[q]);
        assertEquals(0, pool.segmentSendTime[q]);
        assertEquals(0, pool.path[q]);
        assertEquals(-1, pool.ingressPort[q]);
        assertEquals(0, pool.intMaxHopDelay[q]);
        assertEquals(0, pool.uid[q]);
    }

    @Test
    void growingBeyond1024KeepsEveryLivePacketsData() {
        PacketPool pool = new PacketPool();
        int n = 5000;  // initial capacity 1024: grows to 2048, 4096, 8192
        int[] ids = new int[n];
        Set<Integer> distinct = new HashSet<>();
        for (int i = 0; i < n; i++) {
            int p = pool.alloc();
            ids[i] = p;
            assertTrue(distinct.add(p), "id " + p + " handed out twice");
            pool.size[p] = 64 + i;
            pool.seq[p] = 1000L * i;
            pool.flow[p] = i;
            pool.uid[p] = ((long) i << 32) | i;
            pool.flags[p] = i & 7;
            pool.segmentSendTime[p] = 3L * i;
        }
        assertEquals(n, pool.live());
        for (int i = 0; i < n; i++) {
            int p = ids[i];
            assertEquals(64 + i, pool.size[p]);
            assertEquals(1000L * i, pool.seq[p]);
            assertEquals(i, pool.flow[p]);
            assertEquals(((long) i << 32) | i, pool.uid[p]);
            assertEquals(i & 7, pool.flags[p]);
            assertEquals(3L * i, pool.segmentSendTime[p]);
        }
        for (int p : ids) {
            pool.release(p);
        }
        assertEquals(0, pool.live());
        // Recycled: a second burst of the same size reuses the same ids without growing further.
        Set<Integer> again = new HashSet<>();
        for (int i = 0; i < n; i++) {
            again.add(pool.alloc());
        }
        assertEquals(distinct, again);
    }

    @Test
    void hasTestsSingleFlags() {
        PacketPool pool = new PacketPool();
        int p = pool.alloc();
        pool.flags[p] = PacketPool.FLAG_PAUSE | PacketPool.FLAG_ECN_ECHO;
        assertTrue(pool.has(p, PacketPool.FLAG_PAUSE));
        assertTrue(pool.has(p, PacketPool.FLAG_ECN_ECHO));
        assertFalse(pool.has(p, PacketPool.FLAG_ECN_CE));
        assertFalse(pool.has(p, PacketPool.FLAG_LAST_OF_SEGMENT));
    }

    /**
     * The INT hop records take HOP_SLOTS x 4 longs per packet slot: a pool keeps none until a packet gets its first
     * (HPCC's runs), then one per slot, also across growth; a copy from a packet without records copies none.
     */
    @Test
    void hopRecordsTakeMemoryFromTheFirstRecordOn() {
        PacketPool pool = new PacketPool();
        int a = pool.alloc();
        int b = pool.alloc();
        pool.copyHops(a, b);
        assertEquals(0, pool.intHops[b]);
        assertEquals(0, pool.hopQueueBytes.length, "no records yet");
        pool.pushHop(a, 100, 200, 300, 400);
        assertEquals(1024 * PacketPool.HOP_SLOTS, pool.hopQueueBytes.length, "the initial 1024 slots");
        for (int i = 2; i < 1500; i++) {
            pool.alloc();  // grows to 2048
        }
        assertEquals(2048 * PacketPool.HOP_SLOTS, pool.hopTimePs.length);
        pool.copyHops(a, b);
        assertEquals(1, pool.intHops[b]);
        assertEquals(400, pool.hopRateBps[b * PacketPool.HOP_SLOTS]);
    }
}
