package io.lockfacade.bench.primitives;

import io.lockfacade.bench.cli.OptionReader;

import java.nio.file.Path;

/** Options of {@link PrimitivesBenchMain}. */
record PrimitivesOptions(int warmup, int seconds, int trials, long ttlMillis, Path out) {

    private static final int DEFAULT_WARMUP = 5;
    private static final int DEFAULT_SECONDS = 10;
    private static final int DEFAULT_TRIALS = 5;
    private static final long DEFAULT_TTL_MILLIS = 2_000;

    PrimitivesOptions {
        if (warmup < 0 || seconds < 1 || trials < 1 || ttlMillis < 100) {
            throw new IllegalArgumentException("--warmup must not be negative, --seconds and --trials must be positive and --ttl at least 100 ms");
        }
    }

    /** @throws IllegalArgumentException naming an unknown option or a missing value */
    static PrimitivesOptions parse(String[] args) {
        int warmup = DEFAULT_WARMUP;
        int seconds = DEFAULT_SECONDS;
        int trials = DEFAULT_TRIALS;
        long ttl = DEFAULT_TTL_MILLIS;
        Path out = Path.of("bench", "results", "primitives");
        OptionReader options = new OptionReader(args);
        while (options.hasNext()) {
            switch (options.next()) {
                case "--warmup" -> warmup = options.intValue();
                case "--seconds" -> seconds = options.intValue();
                case "--trials" -> trials = options.intValue();
                case "--ttl" -> ttl = options.longValue();
                case "--out" -> out = options.pathValue();
                default -> throw options.unknown();
            }
        }
        return new PrimitivesOptions(warmup, seconds, trials, ttl, out);
    }
}
