package io.lockfacade.bench.primitives;

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
        for (int i = 0; i < args.length; i++) {
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            switch (args[i]) {
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--seconds" -> seconds = Integer.parseInt(args[++i]);
                case "--trials" -> trials = Integer.parseInt(args[++i]);
                case "--ttl" -> ttl = Long.parseLong(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        return new PrimitivesOptions(warmup, seconds, trials, ttl, out);
    }
}
