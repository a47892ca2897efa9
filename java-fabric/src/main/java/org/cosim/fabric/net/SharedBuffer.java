package org.cosim.fabric.net;

/** A switch's packet memory, shared by its ports: bytes in use against the total. */
public final class SharedBuffer {
    private final long capacity;
    private long used;

    public SharedBuffer(long capacityBytes) {
        this.capacity = capacityBytes;
    }

    public boolean tryReserve(long bytes) {
        if (used + bytes > capacity) {
            return false;
        }
        used += bytes;
        return true;
    }

    public void release(long bytes) {
        used -= bytes;
    }

    public long used() {
        return used;
    }

    public long capacity() {
        return capacity;
    }
}
