package org.cosim.fabric.kernel;

import java.util.Arrays;

/**
 * The future event set, ordered by (time, priority, node, insertion sequence): the
 * order the OMNeT++ bridge's CalendarEventSet uses, so both back ends process
 * simultaneous events alike ({@link NodeRank}). No object is allocated per event.
 *
 * <p>A calendar queue: the near future, a "year" of 2^14 buckets of 2^10 ps (16.8
 * us: a 9000-byte packet's time on a 10 Gb/s link, a link's delay, a pull's
 * spacing), is an array of buckets, each a list sorted by (time, order), with a
 * bitmap of the non-empty ones; what lies beyond the year (timeouts, far timers)
 * waits in a heap ({@link EventHeap}), and each pop takes the earlier of the two
 * heads. Pushing and popping near events then costs a few array accesses instead
 * of a heap's branch-mispredicting sift over a dozen levels: with the 1,900 events
 * the 128-host NDP permutation keeps pending, a binary heap takes about 90 ns per
 * push and pop, 40% of that run's time. The OMNeT++ bridge's CalendarQueue does the
 * same for the same reason. Events pop in
 * the total order above whatever structure holds them, so results are unchanged.
 */
final class CalendarQueue {
    // The order key: priority (7 bits, clear of the sign bit), node (NodeRank.BITS), insertion sequence.
    private static final int SEQ_BITS = 63 - 7 - NodeRank.BITS;
    static final int MAX_PRIORITY = 127;
    private static final int WIDTH_BITS = 10;
    private static final int BUCKETS = 1 << 14;
    private static final int MASK = BUCKETS - 1;
    private static final int WORDS = BUCKETS / 64;
    private static final int NONE = -1;

    // The calendar's entries, linked into their buckets' lists (a free list reuses them).
    private long[] eTime = new long[1024];
    private long[] eOrder = new long[1024];
    private long[] eHk = new long[1024];  // handler << 32 | kind
    private long[] eArg = new long[1024];
    private int[] eNext = new int[1024];
    private int used;
    private int free = NONE;

    private final int[] head = new int[BUCKETS];
    private final int[] tail = new int[BUCKETS];
    private final long[] occupied = new long[WORDS];
    private int inCalendar;
    /** The bucket of the latest event popped: no calendar entry lies before it, none a year after it. */
    private long nowBucket;
    /** The earliest non-empty bucket (exact), or Long.MAX_VALUE when the calendar is empty. */
    private long firstBucket = Long.MAX_VALUE;
    private final EventHeap far = new EventHeap();
    private long nextSeq;

    long lastTime;
    int lastHandler;
    int lastKind;
    long lastArg;

    CalendarQueue() {
        Arrays.fill(head, NONE);
        Arrays.fill(tail, NONE);
    }

    int size() {
        return inCalendar + far.size();
    }

    boolean isEmpty() {
        return size() == 0;
    }

    long peekTime() {
        if (inCalendar == 0) {
            return far.topTime();
        }
        long t = eTime[head[slot(firstBucket)]];
        return far.size() == 0 ? t : Math.min(t, far.topTime());
    }

    void push(long t, int priority, int node, int h, int k, long a) {
        if (nextSeq == 1L << SEQ_BITS) {
            throw new IllegalStateException("event calendar: more than 2^" + SEQ_BITS + " events scheduled");
        }
        long o = ((long) priority << (SEQ_BITS + NodeRank.BITS)) | ((long) node << SEQ_BITS) | nextSeq++;
        long hk = ((long) h << 32) | (k & 0xFFFF_FFFFL);
        long b = t >> WIDTH_BITS;
        if (b < nowBucket || b - nowBucket >= BUCKETS) {
            far.push(t, o, hk, a);  // beyond the year (or before the latest pop, which the Simulator never asks)
        } else {
            insert(b, t, o, hk, a);
        }
    }

    /** Removes the first event; its fields are then read from the last* fields. */
    void pop() {
        long hk;
        if (inCalendar > 0 && (far.size() == 0 || calendarFirst())) {
            int s = slot(firstBucket);
            int e = head[s];
            lastTime = eTime[e];
            hk = eHk[e];
            lastArg = eArg[e];
            head[s] = eNext[e];
            release(e);
            if (--inCalendar == 0) {
                firstBucket = Long.MAX_VALUE;
            }
            if (head[s] == NONE) {
                tail[s] = NONE;
                occupied[s >>> 6] &= ~(1L << s);
                if (inCalendar > 0) {
                    firstBucket = nextOccupied(firstBucket + 1);
                }
            }
        } else {
            lastTime = far.topTime();
            hk = far.topHk();
            lastArg = far.topArg();
            far.removeTop();
        }
        lastHandler = (int) (hk >>> 32);
        lastKind = (int) hk;
        nowBucket = Math.max(nowBucket, lastTime >> WIDTH_BITS);
    }

    static boolean before(long t1, long o1, long t2, long o2) {
        return t1 < t2 || (t1 == t2 && o1 < o2);
    }

    private boolean calendarFirst() {
        int e = head[slot(firstBucket)];
        return before(eTime[e], eOrder[e], far.topTime(), far.topOrder());
    }

    /** Into bucket {@code b}'s sorted list: appended in the common case, an entry later than the rest. */
    private void insert(long b, long t, long o, long hk, long a) {
        int e = alloc();
        eTime[e] = t;
        eOrder[e] = o;
        eHk[e] = hk;
        eArg[e] = a;
        eNext[e] = NONE;
        int s = slot(b);
        int first = head[s];
        if (first == NONE) {
            head[s] = e;
            tail[s] = e;
            occupied[s >>> 6] |= 1L << s;
        } else if (!before(t, o, eTime[tail[s]], eOrder[tail[s]])) {
            eNext[tail[s]] = e;
            tail[s] = e;
        } else if (before(t, o, eTime[first], eOrder[first])) {
            eNext[e] = first;
            head[s] = e;
        } else {
            int p = first;  // the tail is later than the entry, so the walk stops before it
            while (before(eTime[eNext[p]], eOrder[eNext[p]], t, o)) {
                p = eNext[p];
            }
            eNext[e] = eNext[p];
            eNext[p] = e;
        }
        inCalendar++;
        firstBucket = Math.min(firstBucket, b);
    }

    /**
     * The first non-empty bucket from bucket {@code from} on. Every calendar entry
     * lies in [from, from + BUCKETS), so ring order from from's slot is time order.
     */
    private long nextOccupied(long from) {
        int start = slot(from);
        int w = start >>> 6;
        long bits = occupied[w] & (-1L << (start & 63));
        for (int scanned = 0; bits == 0; scanned++) {
            if (scanned > WORDS) {
                throw new IllegalStateException("event calendar: " + inCalendar + " entries but no bucket holds one");
            }
            w = (w + 1) & (WORDS - 1);
            bits = occupied[w];
        }
        int s = (w << 6) | Long.numberOfTrailingZeros(bits);
        return from + ((s - start) & MASK);
    }

    private static int slot(long bucket) {
        return (int) (bucket & MASK);
    }

    private int alloc() {
        if (free != NONE) {
            int e = free;
            free = eNext[e];
            return e;
        }
        if (used == eTime.length) {
            int n = used * 2;
            eTime = Arrays.copyOf(eTime, n);
            eOrder = Arrays.copyOf(eOrder, n);
            eHk = Arrays.copyOf(eHk, n);
            eArg = Arrays.copyOf(eArg, n);
            eNext = Arrays.copyOf(eNext, n);
        }
        return used++;
    }

    private void release(int e) {
        eNext[e] = free;
        free = e;
    }
}
