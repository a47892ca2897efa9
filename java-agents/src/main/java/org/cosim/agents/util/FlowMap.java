package org.cosim.agents.util;

import java.util.Arrays;

/**
 * Flows by id: an open-addressing hash map from int keys, so that looking up the
 * flow of every ACK allocates nothing (a HashMap would box the key).
 */
public final class FlowMap<T> {
    private int[] keys = new int[16];
    private Object[] values = new Object[16];
    private int size;

    public FlowMap() {
        Arrays.fill(keys, -1);
    }

    public int size() { return size; }

    @SuppressWarnings("unchecked")
    public T get(int key) {
        for (int i = index(key); ; i = (i + 1) & (keys.length - 1)) {
            if (keys[i] == key) {
                return (T) values[i];
            }
            if (keys[i] < 0) {
                return null;
            }
        }
    }

    public void put(int key, T value) {
        if (key < 0) {
            throw new IllegalArgumentException("flow ids are >= 0: " + key);
        }
        if (2 * (size + 1) > keys.length) {
            rehash(keys.length * 2);
        }
        int i = index(key);
        while (keys[i] >= 0 && keys[i] != key) {
            i = (i + 1) & (keys.length - 1);
        }
        if (keys[i] < 0) {
            size++;
        }
        keys[i] = key;
        values[i] = value;
    }

    /** Removes with backward-shift deletion, so probe chains stay unbroken without tombstones. */
    public void remove(int key) {
        int i = index(key);
        while (keys[i] != key) {
            if (keys[i] < 0) {
                return;
            }
            i = (i + 1) & (keys.length - 1);
        }
        size--;
        int mask = keys.length - 1;
        int hole = i;
        for (int j = (hole + 1) & mask; keys[j] >= 0; j = (j + 1) & mask) {
            int home = index(keys[j]);
            boolean movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
            if (movable) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        keys[hole] = -1;
        values[hole] = null;
    }

    /** Calls {@code action} with every value and its key, in slot order. */
    @SuppressWarnings("unchecked")
    public void forEach(java.util.function.ObjIntConsumer<T> action) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] >= 0) {
                action.accept((T) values[i], keys[i]);
            }
        }
    }

    private int index(int key) {
        return (key * 0x9E3779B1 >>> 7) & (keys.length - 1);
    }

    private void rehash(int n) {
        int[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new int[n];
        values = new Object[n];
        Arrays.fill(keys, -1);
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] >= 0) {
                @SuppressWarnings("unchecked")
                T v = (T) oldValues[i];
                put(oldKeys[i], v);
            }
        }
    }
}
