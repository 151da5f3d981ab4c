package io.lockfacade.shedlock.cluster;

import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;
import io.lockfacade.shedlock.LockFacadeLockProvider;
import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.DefaultLockingTaskExecutor;
import net.javacrumbs.shedlock.core.LockConfiguration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A scheduler node in its own JVM: runs one ShedLock task through {@link DefaultLockingTaskExecutor} as often as it
 * can for a while, with ShedLock's clock set {@code clockOffsetMinutes} away from the others'. The task proves it
 * runs alone by creating a marker file that must not exist (an atomic create, shared by every node) and deleting it
 * when done. Prints {@code RUNS n OVERLAPS m} at the end.
 *
 * <p>Arguments: master URL(s), node id, clock offset in minutes, marker file, run time in milliseconds.
 */
public final class ShedLockNodeMain {

    private static final String TASK = "nightly-report";
    private static final Duration LOCK_AT_MOST_FOR = Duration.ofSeconds(10);
    private static final long TASK_MILLIS = 15;
    private static final int MAX_PAUSE_MILLIS = 5;

    private ShedLockNodeMain() {
    }

    public static void main(String[] args) throws Exception {
        String masterUrls = args[0];
        String nodeId = args[1];
        ClockProvider.setClock(Clock.offset(Clock.systemUTC(), Duration.ofMinutes(Long.parseLong(args[2]))));
        Path marker = Path.of(args[3]);
        long runNanos = Duration.ofMillis(Long.parseLong(args[4])).toNanos();

        int[] runs = {0};
        int[] overlaps = {0};
        try (DistributeLock locks = new DistributeLock(MemoryLockServiceProxies.create(masterUrls,
                ClientTransportSettings.defaults()), DistributeLockSettings.defaults().withNodeId(nodeId));
             LockFacadeLockProvider provider = new LockFacadeLockProvider(locks)) {
            DefaultLockingTaskExecutor executor = new DefaultLockingTaskExecutor(provider);
            long start = System.nanoTime();
            while (System.nanoTime() - start < runNanos) {
                executor.executeWithLock((Runnable) () -> {
                    runs[0]++;
                    if (!runAlone(marker)) {
                        overlaps[0]++;
                    }
                }, new LockConfiguration(ClockProvider.now(), TASK, LOCK_AT_MOST_FOR, Duration.ZERO));
                Thread.sleep(ThreadLocalRandom.current().nextInt(MAX_PAUSE_MILLIS + 1));
            }
        }
        System.out.println("RUNS " + runs[0] + " OVERLAPS " + overlaps[0]);
    }

    /** @return {@code false} if another node's run was in progress when this one started */
    private static boolean runAlone(Path marker) {
        try {
            Files.createFile(marker);
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            Thread.sleep(TASK_MILLIS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        } finally {
            try {
                Files.deleteIfExists(marker);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
