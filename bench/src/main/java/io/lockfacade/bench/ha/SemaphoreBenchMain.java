package io.lockfacade.bench.ha;

import com.hazelcast.cp.ISemaphore;
import io.lockfacade.bench.primitives.HoldLoadJvms;
import io.lockfacade.bench.primitives.HoldSweep;
import io.lockfacade.bench.primitives.PermitsLoadMain;
import io.lockfacade.bench.report.LoadAverage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeoutException;

/**
 * A semaphore of 8 permits on a Lock Facade master group (3 members, fsync on) beside a Hazelcast CP
 * {@code ISemaphore} of 8 permits (3 CP members), in one run: each gets 2 client JVMs x 32 threads taking one permit
 * with zero-length holds, every hold recorded and swept for holders at once ({@link HoldSweep}). The Lock Facade
 * clients go through {@code DistributeLock} with the group's member URLs ({@link PermitsLoadMain}), the Hazelcast
 * ones through a default Hazelcast client ({@link HazelcastPermitsMain}). Writes {@code results.md} and
 * {@code results.json}; exits with 1 if either system ever over-granted a permit. Every process it starts has ended
 * when it returns.
 *
 * <p>{@code java -cp bench/target/lock-facade-bench.jar io.lockfacade.bench.ha.SemaphoreBenchMain
 * [--master-jar webapp/target/lock-facade-webapp.jar] [--warmup 5] [--seconds 10] [--out bench/results/primitives-group]}
 */
public final class SemaphoreBenchMain {

    static final int JVMS = 2;
    static final int THREADS = 32;
    static final int PERMITS = 8;
    private static final String HAZELCAST_SEMAPHORE = "bench-permits";

    private SemaphoreBenchMain() {
    }

    /**
     * Runs the benchmark; see the class comment for the options.
     *
     * @param args the options
     * @throws Exception if a group or a client JVM fails to start or to finish in time
     */
    public static void main(String[] args) throws Exception {
        SemaphoreBenchOptions options = SemaphoreBenchOptions.parse(args);
        SemaphoreBenchResults results = run(options);
        System.out.println(results.write(options.out()));
        System.exit(results.allTargetsMet() ? 0 : 1);
    }

    /** @return the figures of one run; the members' data and logs are deleted */
    static SemaphoreBenchResults run(SemaphoreBenchOptions options)
            throws IOException, InterruptedException, TimeoutException {
        String loadBefore = LoadAverage.now();
        Path work = Files.createTempDirectory("semaphore-bench-");
        try {
            HoldSweep lockFacade = lockFacade(options, work);
            HoldSweep hazelcast = hazelcast(options, work);
            return new SemaphoreBenchResults(options, lockFacade, hazelcast,
                    loadBefore + " before, " + LoadAverage.now() + " after");
        } finally {
            HaBenchMain.deleteTree(work);
        }
    }

    private static HoldSweep lockFacade(SemaphoreBenchOptions options, Path work)
            throws IOException, InterruptedException, TimeoutException {
        MasterJar jar = MasterJar.copyOf(options.masterJar(), work, UUID.randomUUID().toString());
        try (LockFacadeGroup group = new LockFacadeGroup(jar, Files.createDirectories(work.resolve("group")))) {
            group.start();
            group.awaitAgreedLeader();
            String endpoints = String.join(",", group.endpoints());
            return HoldLoadJvms.run("lf", PermitsLoadMain.class, (id, file) -> List.of(endpoints, id, "semaphore",
                    Integer.toString(THREADS), Integer.toString(PERMITS), Integer.toString(options.warmup()),
                    Integer.toString(options.seconds()), file.toString()), JVMS, PERMITS, options.warmup(),
                    options.seconds(), work);
        }
    }

    private static HoldSweep hazelcast(SemaphoreBenchOptions options, Path work)
            throws IOException, InterruptedException, TimeoutException {
        try (HazelcastCpGroup group = new HazelcastCpGroup(work.resolve("hazelcast"))) {
            ISemaphore semaphore = group.newClient().getCPSubsystem().getSemaphore(HAZELCAST_SEMAPHORE);
            if (!semaphore.init(PERMITS)) {
                throw new IllegalStateException("the new cluster's semaphore " + HAZELCAST_SEMAPHORE
                        + " was already initialised");
            }
            return HoldLoadJvms.run("hz", HazelcastPermitsMain.class, (id, file) -> List.of(group.clusterName(),
                    group.addresses(), HAZELCAST_SEMAPHORE, Integer.toString(THREADS),
                    Integer.toString(options.warmup()), Integer.toString(options.seconds()), file.toString()), JVMS,
                    PERMITS, options.warmup(), options.seconds(), work);
        }
    }
}
