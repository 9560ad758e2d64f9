package org.acapengine.eval;

import java.util.concurrent.ConcurrentHashMap;

/**
 * A bounded map that keeps what was used recently: two generations of at most {@code capacity}
 * entries each. Entries go into the young one; when it is full it becomes the old one and the
 * previous old one is dropped; an entry found in the old generation is copied back into the young
 * one. So a working set of up to {@code capacity} keys stays, however many other keys pass
 * through, and each operation is a hash look-up or two, without a lock on reads. Thread-safe.
 */
final class RecentCache<K, V> {

  private final int capacity;
  private volatile ConcurrentHashMap<K, V> young = new ConcurrentHashMap<>();
  private volatile ConcurrentHashMap<K, V> old = new ConcurrentHashMap<>();

  RecentCache(int capacity) {
    this.capacity = capacity;
  }

  /** The value for {@code key}, or null. */
  V get(K key) {
    V v = young.get(key);
    if (v == null) {
      v = old.get(key);
      if (v != null) {
        put(key, v);
      }
    }
    return v;
  }

  /** Keeps {@code value} for {@code key} unless one is kept already; returns the one kept. */
  V put(K key, V value) {
    ConcurrentHashMap<K, V> y = young;
    V prior = y.putIfAbsent(key, value);
    if (y.size() >= capacity) {
      synchronized (this) {
        if (young == y) {
          old = y;
          young = new ConcurrentHashMap<>();
        }
      }
    }
    return prior != null ? prior : value;
  }

  /** The number of entries held (both generations; a key may be in both). */
  int size() {
    return young.size() + old.size();
  }
}
