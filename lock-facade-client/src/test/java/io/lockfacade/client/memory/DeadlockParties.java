package io.lockfacade.client.memory;

import io.lockfacade.api.DeadlockException;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The parties of a deadlock test on one {@link MemoryLock}, each on a thread of its own, and what a victim was told. */
final class DeadlockParties implements AutoCloseable {

    static final long LONG_WAIT_SECONDS = 30;

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final MemoryLock locks;
    private final String lockType;

    DeadlockParties(MemoryLock locks, String lockType) {
        this.locks = locks;
        this.lockType = lockType;
    }

    /** @return {@code work}'s answer, run on a thread of its own */
    CompletableFuture<Boolean> aside(Callable<Boolean> work) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return work.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, threads);
    }

    /** Takes the lock {@code key} with a long wait and lets it go; whether it was taken. */
    boolean takeAndLeave(String key) throws InterruptedException {
        boolean taken = locks.tryLock(lockType, key, LONG_WAIT_SECONDS, TimeUnit.SECONDS);
        if (taken) {
            locks.unlock(lockType, key);
        }
        return taken;
    }

    /** @return the {@link DeadlockException} that ended {@code wait}, which must end so */
    static DeadlockException victimOf(CompletableFuture<Boolean> wait) {
        ExecutionException told = assertThrows(ExecutionException.class,
                () -> wait.get(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
        Throwable reason = told.getCause();
        while (reason.getCause() != null && !(reason instanceof DeadlockException)) {
            reason = reason.getCause();
        }
        return assertInstanceOf(DeadlockException.class, reason);
    }

    @Override
    public void close() throws InterruptedException {
        threads.shutdownNow();
        assertTrue(threads.awaitTermination(LONG_WAIT_SECONDS, TimeUnit.SECONDS));
    }
}
