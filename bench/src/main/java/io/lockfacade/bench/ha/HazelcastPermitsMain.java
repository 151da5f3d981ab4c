package io.lockfacade.bench.ha;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.cp.ISemaphore;
import io.lockfacade.bench.primitives.HoldLoad;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A Hazelcast client JVM of {@link SemaphoreBenchMain} ({@link HoldLoad}): each thread takes one permit of a CP
 * {@link ISemaphore} (initialised by the parent), waiting at most 10 s a time as the Lock Facade clients do, through
 * one client with Hazelcast's default settings.
 *
 * <p>Arguments: cluster name, member addresses (comma-separated), semaphore name, threads, warm-up seconds, seconds,
 * out file.
 */
public final class HazelcastPermitsMain {

    private static final long WAIT_SECONDS = 10;

    private HazelcastPermitsMain() {
    }

    /**
     * Runs this JVM's load.
     *
     * @param args see the class comment
     * @throws Exception if the client cannot connect or the hold file cannot be written
     */
    public static void main(String[] args) throws Exception {
        HazelcastInstance client = HazelcastClient.newHazelcastClient(HazelcastCpGroup.clientConfig(args[0], args[1]));
        try {
            ISemaphore semaphore = client.getCPSubsystem().getSemaphore(args[2]);
            HoldLoad.run(Integer.parseInt(args[3]), Long.parseLong(args[4]), Long.parseLong(args[5]), Path.of(args[6]),
                    t -> new HoldLoad.Hold(() -> semaphore.tryAcquire(1, WAIT_SECONDS, TimeUnit.SECONDS),
                            () -> semaphore.release(1)));
        } finally {
            client.getLifecycleService().terminate();
        }
    }
}
