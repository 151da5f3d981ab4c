package io.lockfacade.client.cluster;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.distributed.DistributeLock;
import io.lockfacade.client.distributed.DistributeLockSettings;
import io.lockfacade.client.transport.ClientTransportSettings;
import io.lockfacade.client.transport.MemoryLockServiceProxies;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

/**
 * A client node of a ring of nodes: it takes its own lock, prints {@code HOLDS}, waits for the file {@code go} to
 * exist, prints {@code WAITING} and waits for the next node's lock. It ends with {@code END COMPLETED} (it got that lock
 * too) or {@code END VICTIM <millis> <message>} (it was told {@link DeadlockException} after that many milliseconds),
 * releases what it holds and prints {@code RELEASED}. Arguments: master URL, node id, lock type, own key, next key,
 * go file, check delay in milliseconds. A key {@code read:K} or {@code write:K} names that side of the read-write lock
 * {@code K} instead of the lock {@code K}.
 */
public final class DeadlockRingNode {

    private static final long LONG_WAIT_MILLIS = 60_000;
    private static final long GO_POLL_MILLIS = 5;

    private static Lock named(DistributeLock locks, String type, String key) {
        if (key.startsWith("read:")) {
            return locks.asReadWriteLock(type, key.substring("read:".length())).readLock();
        }
        if (key.startsWith("write:")) {
            return locks.asReadWriteLock(type, key.substring("write:".length())).writeLock();
        }
        return locks.asLock(type, key);
    }

    public static void main(String[] args) throws Exception {
        String type = args[2];
        String mine = args[3];
        String next = args[4];
        Path go = Path.of(args[5]);
        DistributeLock locks = new DistributeLock(
                MemoryLockServiceProxies.create(URI.create(args[0]), ClientTransportSettings.defaults()),
                DistributeLockSettings.defaults().withNodeId(args[1])
                        .withDeadlockDetection(DeadlockDetection.after(Duration.ofMillis(Long.parseLong(args[6])))));
        Lock own = named(locks, type, mine);
        Lock wanted = named(locks, type, next);
        if (!own.tryLock(LONG_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("could not take " + mine);
        }
        System.out.println("HOLDS");
        long givenUp = System.nanoTime() + Duration.ofMillis(LONG_WAIT_MILLIS).toNanos();
        while (!Files.exists(go) && System.nanoTime() < givenUp) {
            Thread.sleep(GO_POLL_MILLIS);
        }
        System.out.println("WAITING");
        long started = System.nanoTime();
        try {
            if (!wanted.tryLock(LONG_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("could not take " + next);
            }
            wanted.unlock();
            System.out.println("END COMPLETED");
        } catch (DeadlockException e) {
            System.out.println("END VICTIM " + Duration.ofNanos(System.nanoTime() - started).toMillis() + " "
                    + e.getMessage());
        } finally {
            own.unlock();
            locks.close();
            System.out.println("RELEASED");
        }
    }
}
