package io.lockfacade.bench.stats;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Every acquisition of one node (or one thread) during a measurement window: when the lock was acquired, when its
 * release started and ended (all {@link System#nanoTime()}, system-wide on Linux) and its fencing token. Not
 * thread-safe: one per thread, then {@link #concat} them.
 */
public final class AcquisitionLog {

    private static final int FIELDS = 4;
    private static final int INITIAL_RECORDS = 1024;

    private long[] data = new long[INITIAL_RECORDS * FIELDS];
    private int size;

    /** Appends one acquisition. */
    public void add(long acquiredNanos, long releaseStartNanos, long releaseEndNanos, long fencingToken) {
        if ((size + 1) * FIELDS > data.length) {
            data = Arrays.copyOf(data, data.length * 2);
        }
        int at = size * FIELDS;
        data[at] = acquiredNanos;
        data[at + 1] = releaseStartNanos;
        data[at + 2] = releaseEndNanos;
        data[at + 3] = fencingToken;
        size++;
    }

    /** @return how many acquisitions were logged */
    public int size() {
        return size;
    }

    /** @return when acquisition {@code i} returned */
    public long acquired(int i) {
        return data[i * FIELDS];
    }

    /** @return when the release of acquisition {@code i} was called */
    public long releaseStart(int i) {
        return data[i * FIELDS + 1];
    }

    /** @return when the release of acquisition {@code i} returned */
    public long releaseEnd(int i) {
        return data[i * FIELDS + 2];
    }

    /** @return the fencing token of acquisition {@code i} */
    public long token(int i) {
        return data[i * FIELDS + 3];
    }

    /** @return one log with every record of {@code logs}, in no particular order */
    public static AcquisitionLog concat(List<AcquisitionLog> logs) {
        AcquisitionLog all = new AcquisitionLog();
        for (AcquisitionLog log : logs) {
            for (int i = 0; i < log.size; i++) {
                all.add(log.acquired(i), log.releaseStart(i), log.releaseEnd(i), log.token(i));
            }
        }
        return all;
    }

    /** Writes the log to a file, replacing it. */
    public void writeTo(Path file) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            for (int i = 0; i < size * FIELDS; i++) {
                out.writeLong(data[i]);
            }
        }
    }

    /** @return the log written to {@code file} */
    public static AcquisitionLog readFrom(Path file) throws IOException {
        AcquisitionLog log = new AcquisitionLog();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            while (true) {
                long acquired;
                try {
                    acquired = in.readLong();
                } catch (EOFException end) {
                    return log;
                }
                log.add(acquired, in.readLong(), in.readLong(), in.readLong());
            }
        }
    }
}
