package io.lockfacade.bench.versions;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The jars {@link MutexBeforeAfterMain} compares and where it writes. The after side defaults to the running bench
 * jar and the webapp jar built beside it.
 *
 * @param beforeBench  a bench jar of the earlier build (its client)
 * @param beforeMaster the earlier build's webapp jar (its master)
 * @param afterBench   a bench jar of the later build
 * @param afterMaster  the later build's webapp jar
 * @param out          the results file
 */
record VersionsOptions(Path beforeBench, Path beforeMaster, Path afterBench, Path afterMaster, Path out) {

    private static final Set<String> FLAGS = Set.of("--before-bench", "--before-master", "--after-bench",
            "--after-master", "--out");

    /**
     * @throws IllegalArgumentException on an unknown flag, a flag without a value, or a missing before jar
     */
    static VersionsOptions parse(String[] args) throws URISyntaxException {
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!FLAGS.contains(args[i])) {
                throw new IllegalArgumentException("unknown flag " + args[i] + "; flags: " + FLAGS);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            values.put(args[i], args[i + 1]);
        }
        for (String required : new String[] {"--before-bench", "--before-master"}) {
            if (!values.containsKey(required)) {
                throw new IllegalArgumentException(required + " is required");
            }
        }
        Path ownJar = Path.of(MutexBeforeAfterMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return new VersionsOptions(Path.of(values.get("--before-bench")), Path.of(values.get("--before-master")),
                Path.of(values.getOrDefault("--after-bench", ownJar.toString())),
                Path.of(values.getOrDefault("--after-master", "webapp/target/lock-facade-webapp.jar")),
                Path.of(values.getOrDefault("--out", "bench/results/mutex-before-after/results.txt")));
    }
}
