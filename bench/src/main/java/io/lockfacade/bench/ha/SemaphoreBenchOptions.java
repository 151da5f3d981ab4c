package io.lockfacade.bench.ha;

import java.nio.file.Path;

/**
 * The command line of {@link SemaphoreBenchMain}.
 *
 * @param masterJar the runnable master under test (it must accept the group flags)
 * @param warmup    unrecorded seconds of load before the recorded ones, per system
 * @param seconds   recorded seconds of load, per system
 * @param out       where {@code results.md} and {@code results.json} go
 */
record SemaphoreBenchOptions(Path masterJar, int warmup, int seconds, Path out) {

    SemaphoreBenchOptions {
        if (warmup < 0 || seconds < 1) {
            throw new IllegalArgumentException("--warmup must not be negative and --seconds must be positive");
        }
    }

    /**
     * Parses {@code [--master-jar P] [--warmup N] [--seconds N] [--out DIR]}.
     *
     * @throws IllegalArgumentException naming an unknown option, a missing value or a value out of range
     */
    static SemaphoreBenchOptions parse(String[] args) {
        Path jar = Path.of("webapp", "target", "lock-facade-webapp.jar");
        int warmup = 5;
        int seconds = 10;
        Path out = Path.of("bench", "results", "primitives-group");
        for (int i = 0; i < args.length; i++) {
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            String value = args[++i];
            switch (args[i - 1]) {
                case "--master-jar" -> jar = Path.of(value);
                case "--warmup" -> warmup = number(args[i - 1], value);
                case "--seconds" -> seconds = number(args[i - 1], value);
                case "--out" -> out = Path.of(value);
                default -> throw new IllegalArgumentException("unknown option " + args[i - 1]);
            }
        }
        return new SemaphoreBenchOptions(jar, warmup, seconds, out);
    }

    private static int number(String option, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a whole number, not " + value);
        }
    }
}
