package io.lockfacade.bench.integrations;

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
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(value(args, ++i));
                case "--batch" -> batch = Integer.parseInt(value(args, ++i));
                case "--warmup" -> warmup = Integer.parseInt(value(args, ++i));
                case "--busy-cpus" -> busyCpus = true;
                case "--out" -> out = Path.of(value(args, ++i));
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        return new IntegrationsOptions(rounds, batch, warmup, busyCpus, out);
    }

    private static String value(String[] args, int index) {
        if (index >= args.length) {
            throw new IllegalArgumentException(args[index - 1] + " needs a value");
        }
        return args[index];
    }
}
