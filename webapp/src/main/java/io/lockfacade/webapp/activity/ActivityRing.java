package io.lockfacade.webapp.activity;

import java.util.ArrayList;
import java.util.List;

/**
 * The last {@code capacity} samples, oldest dropped first: the activity panel's memory is this ring and nothing
 * else. Thread-safe: one sampler adds, any number of requests read.
 */
public final class ActivityRing {

    private final ActivitySample[] samples;
    private int next;
    private int size;

    /** @param capacity how many samples are kept; at least 1 */
    public ActivityRing(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
        }
        this.samples = new ActivitySample[capacity];
    }

    /** Adds a sample, dropping the oldest when full. */
    public synchronized void add(ActivitySample sample) {
        samples[next] = sample;
        next = (next + 1) % samples.length;
        size = Math.min(size + 1, samples.length);
    }

    /** @return the samples kept, oldest first */
    public synchronized List<ActivitySample> snapshot() {
        List<ActivitySample> copy = new ArrayList<>(size);
        int first = (next - size + samples.length) % samples.length;
        for (int i = 0; i < size; i++) {
            copy.add(samples[(first + i) % samples.length]);
        }
        return copy;
    }
}
