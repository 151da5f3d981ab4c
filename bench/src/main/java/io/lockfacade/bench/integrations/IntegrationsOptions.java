package io.lockfacade.bench.integrations;

import io.lockfacade.bench.cli.OptionReader;

import java.nio.file.Path;

/**
 * Options of {@link IntegrationsBenchMain}.
 *
 * @param rounds   rounds of one batch per cycle
 * @param batch    cycles per batch
 * @param warmup   unmeasured cycles of each kind first, so that the JIT has compiled the paths measured
 * @param busyCpus whether to keep every vCPU busy at the lowest priority while measuring
 * @param out      the folder the results are written to
 */
record IntegrationsOptions(int rounds, int batch, int warmup, boolean busyCpus, Path out) {

    private static final int DEFAULT_ROUNDS = 40;
    private static final int DEFAULT_BATCH = 250;
    private static final int DEFAULT_WARMUP = 5_000;

    IntegrationsOptions {
        if (rounds < 1 || batch < 1 || warmup < 0) {
            throw new IllegalArgumentException("--rounds and --batch must be positive and --warmup not negative");
        }
    }

    /** @throws IllegalArgumentException naming an unknown option or a missing value */
    static IntegrationsOptions parse(String[] args) {
        int rounds = DEFAULT_ROUNDS;
        int batch = DEFAULT_BATCH;
        int warmup = DEFAULT_WARMUP;
        boolean busyCpus = false;
        Path out = IntegrationsBenchMain.defaultOut();
        OptionReader options = new OptionReader(args);
        while (options.hasNext()) {
            switch (options.next()) {
                case "--rounds" -> rounds = options.intValue();
                case "--batch" -> batch = options.intValue();
                case "--warmup" -> warmup = options.intValue();
                case "--busy-cpus" -> busyCpus = true;
                case "--out" -> out = options.pathValue();
                default -> throw options.unknown();
            }
        }
        return new IntegrationsOptions(rounds, batch, warmup, busyCpus, out);
    }
}
