package io.lockfacade.bench.ha;

import io.lockfacade.bench.cli.OptionReader;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The command line of {@link HaBenchMain}.
 *
 * @param masterJar   the runnable master under test (it must accept the group flags)
 * @param groupCommit what the report names as the group code measured
 * @param trials      trials per fault against the Lock Facade group
 * @param hazelcastTrials trials per fault against Hazelcast CP (a fresh cluster each, so slower)
 * @param s1Rounds    timed S1 rounds per master
 * @param s3Seconds   S3 duration per master
 * @param out         where the markdown and JSON go
 * @param keepWork    keep the members' data and logs (in a temporary directory) instead of deleting them
 * @param client      the client that drives the Lock Facade masters ({@code java} by default)
 * @param only        if not {@code null}, run only the Lock Facade group's trials of this fault (no latency, no
 *                    Hazelcast, no report written): for studying one failover
 * @param latencyOnly run only S1, S2 and S3 on the single master and the group ({@code --only latency}: no faults,
 *                    no Hazelcast, no report written): for comparing group settings quickly
 * @param restartCrashOnly run only {@code --trials} leader crashes each 5 s after a follower's restart under load
 *                    ({@code --only restart-crash}; no report written)
 */
record HaOptions(Path masterJar, String groupCommit, int trials, int hazelcastTrials, int s1Rounds, int s3Seconds,
                 Path out, boolean keepWork, LockCalls.Kind client, FaultKind only, boolean latencyOnly,
                 boolean restartCrashOnly) {

    private static final int MAX_TRIALS = 50;

    /**
     * Fewest untimed S1 rounds per master: a freshly started master (and client path) answers its first thousand
     * calls two to three times slower than once compiled (seen with a single master: lock p50 1.08 ms over the
     * first 1,000 calls, 0.36 ms over the next 1,000), which would flatter a ratio to the single master.
     */
    static final int S1_MIN_WARMUP = 2000;

    /**
     * Parses {@code --master-jar P --group-commit C --trials N --hz-trials N --s1-rounds N --s3-seconds N
     * --out DIR --keep-work true|false --client java|contract --only crash|hang|restart-crash|latency}.
     *
     * @throws IllegalArgumentException on an unknown flag, a missing value or a value out of range
     */
    static HaOptions parse(String[] args) {
        Path jar = Path.of("webapp/target/lock-facade-webapp.jar");
        String commit = "unknown";
        int trials = 5;
        Integer hzTrials = null;
        int s1 = 2000;
        int s3 = 5;
        Path out = Path.of("bench/results/ha");
        boolean keep = false;
        LockCalls.Kind client = LockCalls.Kind.JAVA;
        FaultKind only = null;
        boolean latencyOnly = false;
        boolean restartCrashOnly = false;
        OptionReader options = new OptionReader(args);
        while (options.hasNext()) {
            String option = options.next();
            switch (option) {
                case "--master-jar" -> jar = options.pathValue();
                case "--group-commit" -> commit = options.value();
                case "--trials" -> trials = positive(option, options.intValue(), MAX_TRIALS);
                case "--hz-trials" -> hzTrials = positive(option, options.intValue(), MAX_TRIALS);
                case "--s1-rounds" -> s1 = positive(option, options.intValue(), Integer.MAX_VALUE);
                case "--s3-seconds" -> s3 = positive(option, options.intValue(), Integer.MAX_VALUE);
                case "--out" -> out = options.pathValue();
                case "--keep-work" -> keep = Boolean.parseBoolean(options.value());
                case "--client" -> client = clientKind(options.value());
                case "--only" -> {
                    String value = options.value();
                    latencyOnly = "latency".equalsIgnoreCase(value);
                    restartCrashOnly = "restart-crash".equalsIgnoreCase(value);
                    only = latencyOnly || restartCrashOnly ? null : faultKind(value);
                }
                default -> throw options.unknown();
            }
        }
        return new HaOptions(jar, commit, trials, hzTrials == null ? trials : hzTrials, s1, s3, out, keep, client,
                only, latencyOnly, restartCrashOnly);
    }

    private static FaultKind faultKind(String value) {
        try {
            return FaultKind.valueOf(value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--only must be crash, hang, restart-crash or latency, was " + value,
                    e);
        }
    }

    private static LockCalls.Kind clientKind(String value) {
        try {
            return LockCalls.Kind.valueOf(value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--client must be java or contract, was " + value, e);
        }
    }

    private static int positive(String flag, int value, int max) {
        if (value < 1 || value > max) {
            throw new IllegalArgumentException(flag + " must be 1.." + max + ", was " + value);
        }
        return value;
    }

    /** @return untimed S1 rounds before the timed ones, the same for every master measured */
    int s1Warmup() {
        return Math.max(S1_MIN_WARMUP, s1Rounds / 5);
    }
}
