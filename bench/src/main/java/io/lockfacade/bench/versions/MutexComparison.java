package io.lockfacade.bench.versions;

import io.lockfacade.bench.stats.LatencyHistogram;

/**
 * Runs the two builds' clients in alternating blocks: which build goes first alternates from block to block, and
 * each block's samples go to that build's figures. Warm-up first, past HotSpot's C2 threshold on both clients.
 */
final class MutexComparison {

    /** After ÷ before allowed for S1's p50 (and before ÷ after for S3's ops/s): issue 29's bar for the mutex. */
    static final double RATIO_TARGET = 1.05;

    /** Contending threads in S3, as in the main bench. */
    static final int S3_THREADS = 16;

    private static final int WARM_UP_PAIRS = 20_000;
    private static final int WARM_UP_BLOCK = 2_000;
    private static final int S1_BLOCKS = 12;
    private static final int S1_PAIRS = 3_000;
    private static final int S3_BLOCKS = 8;
    private static final long S3_MILLIS = 2_000;

    private final VersionedClient before;
    private final VersionedClient after;

    MutexComparison(VersionedClient before, VersionedClient after) {
        this.before = before;
        this.after = after;
    }

    /** Untimed lock+unlock pairs and one contended block on each client, in turns. */
    void warmUp() {
        for (int done = 0; done < WARM_UP_PAIRS; done += WARM_UP_BLOCK) {
            before.lockUnlockFreshKeys(WARM_UP_BLOCK);
            after.lockUnlockFreshKeys(WARM_UP_BLOCK);
        }
        before.contendOneKey(S3_THREADS, S3_MILLIS);
        after.contendOneKey(S3_THREADS, S3_MILLIS);
    }

    /** @return S1's samples of both builds */
    Latencies s1() {
        Latencies latencies = new Latencies(new LatencyHistogram(), new LatencyHistogram(), new double[S1_BLOCKS],
                new double[S1_BLOCKS]);
        for (int block = 0; block < S1_BLOCKS; block++) {
            boolean beforeFirst = block % 2 == 0;
            for (VersionedClient client : beforeFirst ? new VersionedClient[] {before, after}
                    : new VersionedClient[] {after, before}) {
                LatencyHistogram blockSamples = new LatencyHistogram();
                for (long nanos : client.lockUnlockFreshKeys(S1_PAIRS)) {
                    blockSamples.recordNanos(nanos);
                }
                boolean isBefore = client == before;
                (isBefore ? latencies.before() : latencies.after()).add(blockSamples);
                (isBefore ? latencies.beforeBlockP50s() : latencies.afterBlockP50s())[block] = blockSamples.p50Micros();
            }
        }
        return latencies;
    }

    /** @return S3's ops/s of each block of both builds */
    Rates s3() {
        Rates rates = new Rates(new double[S3_BLOCKS], new double[S3_BLOCKS]);
        for (int block = 0; block < S3_BLOCKS; block++) {
            if (block % 2 == 0) {
                rates.before()[block] = before.contendOneKey(S3_THREADS, S3_MILLIS);
                rates.after()[block] = after.contendOneKey(S3_THREADS, S3_MILLIS);
            } else {
                rates.after()[block] = after.contendOneKey(S3_THREADS, S3_MILLIS);
                rates.before()[block] = before.contendOneKey(S3_THREADS, S3_MILLIS);
            }
        }
        return rates;
    }

    /** S1's samples per build, and each block's median. */
    record Latencies(LatencyHistogram before, LatencyHistogram after, double[] beforeBlockP50s,
                     double[] afterBlockP50s) {
    }

    /** S3's ops/s per block and build. */
    record Rates(double[] before, double[] after) {
    }
}
