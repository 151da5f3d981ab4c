package io.lockfacade.bench.ha;

import io.lockfacade.bench.cli.OptionReader;

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
        OptionReader options = new OptionReader(args);
        while (options.hasNext()) {
            switch (options.next()) {
                case "--master-jar" -> jar = options.pathValue();
                case "--warmup" -> warmup = options.intValue();
                case "--seconds" -> seconds = options.intValue();
                case "--out" -> out = options.pathValue();
                default -> throw options.unknown();
            }
        }
        return new SemaphoreBenchOptions(jar, warmup, seconds, out);
    }
}
