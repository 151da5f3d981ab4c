package io.lockfacade.bench.versions;

import io.lockfacade.bench.cli.OptionReader;

import java.net.URISyntaxException;
import java.nio.file.Path;

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

    /**
     * @throws IllegalArgumentException on an unknown option, an option without a value, or a missing before jar
     */
    static VersionsOptions parse(String[] args) throws URISyntaxException {
        Path ownJar = Path.of(MutexBeforeAfterMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path beforeBench = null;
        Path beforeMaster = null;
        Path afterBench = ownJar;
        Path afterMaster = Path.of("webapp/target/lock-facade-webapp.jar");
        Path out = Path.of("bench/results/mutex-before-after/results.txt");
        OptionReader options = new OptionReader(args);
        while (options.hasNext()) {
            switch (options.next()) {
                case "--before-bench" -> beforeBench = options.pathValue();
                case "--before-master" -> beforeMaster = options.pathValue();
                case "--after-bench" -> afterBench = options.pathValue();
                case "--after-master" -> afterMaster = options.pathValue();
                case "--out" -> out = options.pathValue();
                default -> throw options.unknown();
            }
        }
        if (beforeBench == null || beforeMaster == null) {
            throw new IllegalArgumentException((beforeBench == null ? "--before-bench" : "--before-master")
                    + " is required");
        }
        return new VersionsOptions(beforeBench, beforeMaster, afterBench, afterMaster, out);
    }
}
