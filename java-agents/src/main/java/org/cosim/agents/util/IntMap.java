package org.cosim.agents.util;

import java.util.Arrays;

/**
 * A map from int keys (flow ids) to objects, by open addressing with linear
 * probing: no boxing, so looking a flow up per packet allocates nothing. No
 * removal (agents keep a finished flow's small record to answer late packets).
 * Lookups do not depend on insertion order; {@link #forEach} visits in slot order,
 * for uses that do not depend on the order.
 */
public final class IntMap<V> {
    private static final int EMPTY = Integer.MIN_VALUE;

    private int[] keys;
    private Object[] values;
    private int size;

    public IntMap() {
        keys = new int[16];
        values = new Object[16];
        Arrays.fill(keys, EMPTY);
    }

    public int size() {
        return size;
    }

    @SuppressWarnings("unchecked")
    public V get(int key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            int k = keys[i];
            if (k == key) {
                return (V) values[i];
            }
            if (k == EMPTY) {
                return null;
            }
        }
    }

    /** Adds or replaces the value of {@code key} (any int but Integer.MIN_VALUE). */
    public void put(int key, V value) {
        if (key == EMPTY) {
            throw new IllegalArgumentException("key " + key + " is reserved");
        }
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
            if (keys[i] == EMPTY) {
                keys[i] = key;
                values[i] = value;
                size++;
                return;
            }
        }
    }

    /** Calls {@code action} with every value and its key, in slot order. */
    @SuppressWarnings("unchecked")
    public void forEach(java.util.function.ObjIntConsumer<V> action) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY) {
                action.accept((V) values[i], keys[i]);
            }
        }
    }

    private static int slot(int key, int mask) {
        int h = key * 0x9e3779b9;
        return (h ^ (h >>> 16)) & mask;
    }

    @SuppressWarnings("unchecked")
    private void grow() {
        int[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new int[oldKeys.length * 2];
        values = new Object[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                put(oldKeys[i], (V) oldValues[i]);
            }
        }
    }
}
