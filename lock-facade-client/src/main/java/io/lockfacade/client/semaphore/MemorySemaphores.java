package io.lockfacade.client.semaphore;

import io.lockfacade.api.LockArguments;
import io.lockfacade.client.LockFacadeSemaphore;
import io.lockfacade.client.deadlock.ThreadWaits;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The semaphores of one JVM ({@code MemoryLock}'s): per lock type and key, a capacity set by the first user and kept
 * while anybody holds or waits for a permit (then forgotten, as the master does), permits counted per thread,
 * waiters served first come, first served. Never lost, no master.
 *
 * <p>Made with a {@link ThreadWaits}, a permit wait that may last the check delay is checked for deadlocks in the same
 * graph as the lock facade's other waits. It waits for a holder only when that holder is indispensable
 * ({@link #holdersOf}): capacity − the holder's permits − the waiter's own &lt; the permits asked. The wait keeps its
 * place in line throughout: only a victim's interrupt ends it early.
 */
public final class MemorySemaphores {

    private final ConcurrentHashMap<SemaphoreId, FairPermits> semaphores = new ConcurrentHashMap<>();
    private final ThreadWaits<Object> waits;

    /** Semaphores whose waits are not checked for deadlocks. */
    public MemorySemaphores() {
        this(null);
    }

    /** @param waits checks waits for deadlocks ({@link PermitWait} is what a wait waits for); {@code null}: none */
    public MemorySemaphores(ThreadWaits<Object> waits) {
        this.waits = waits;
    }

    /**
     * What a thread waits for when it waits for permits, as a deadlock's message names it: {@code type/key (2 permits)}.
     *
     * @param waiter the waiting thread: which holders it cannot do without depends on what it holds itself
     */
    public record PermitWait(String lockType, String key, int permits, Thread waiter) {

        @Override
        public String toString() {
            return lockType + "/" + key + " (" + permits + (permits == 1 ? " permit)" : " permits)");
        }
    }

    /**
     * @return the holders {@code wait} cannot do without (capacity − holder's permits − waiter's own &lt; asked): while
     *         any of them keeps its permits, no release by anyone else can free enough. Racy reads, as the search wants
     */
    public Collection<Thread> holdersOf(PermitWait wait) {
        FairPermits permits = semaphores.get(new SemaphoreId(wait.lockType(), wait.key()));
        return permits == null ? List.of() : permits.indispensableHoldersFor(wait.waiter(), wait.permits());
    }

    /**
     * @param permits the capacity, if the semaphore has none yet: 1 to 1,000,000
     * @throws IllegalArgumentException if a name or {@code permits} is out of range
     */
    public LockFacadeSemaphore semaphore(String lockType, String key, int permits) {
        SemaphoreId id = SemaphoreId.of(lockType, key);
        int capacity = LockArguments.requirePermits("permits", permits, 1);
        return new View(id, capacity);
    }

    /** @return how many threads of this JVM wait for permits of the semaphore; for metrics and tests */
    public int waiting(String lockType, String key) {
        FairPermits permits = semaphores.get(SemaphoreId.of(lockType, key));
        return permits == null ? 0 : permits.waiting();
    }

    private <T> T use(SemaphoreId id, int capacity, Function<FairPermits, T> call) {
        FairPermits permits = semaphores.compute(id, (k, existing) -> {
            FairPermits state = existing == null ? new FairPermits(capacity) : existing;
            state.users++;
            return state;
        });
        try {
            return call.apply(permits);
        } finally {
            semaphores.computeIfPresent(id, (k, state) -> --state.users == 0 && state.isIdle() ? null : state);
        }
    }

    /** One caller's view: the capacity it asks for if the semaphore has none. */
    private final class View implements LockFacadeSemaphore {

        private final SemaphoreId id;
        private final int capacity;

        View(SemaphoreId id, int capacity) {
            this.id = id;
            this.capacity = capacity;
        }

        @Override
        public boolean tryAcquire(int permits, long timeout, TimeUnit unit) throws InterruptedException {
            LockArguments.requirePermits("permits", permits, 1);
            long timeoutNanos = Objects.requireNonNull(unit, "unit").toNanos(timeout);
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted before waiting for permits of " + id);
            }
            InterruptedException[] interrupted = new InterruptedException[1];
            boolean acquired = use(id, capacity, state -> {
                try {
                    return acquire(state, permits, timeoutNanos);
                } catch (InterruptedException e) {
                    interrupted[0] = e;
                    return false;
                }
            });
            if (interrupted[0] != null) {
                throw interrupted[0];
            }
            return acquired;
        }

        private boolean acquire(FairPermits state, int permits, long timeoutNanos) throws InterruptedException {
            if (waits == null) {
                return state.tryAcquire(permits, timeoutNanos);
            }
            long deadline = System.nanoTime() + timeoutNanos;
            PermitWait wait = new PermitWait(id.lockType(), id.key(), permits, Thread.currentThread());
            return waits.await(wait, timeoutNanos, true, cap -> cap == 0 ? state.tryNow(permits)
                    : state.tryAcquire(permits, deadline - System.nanoTime()));
        }

        @Override
        public void release(int permits) {
            LockArguments.requirePermits("permits", permits, 1);
            use(id, capacity, state -> {
                state.release(permits);
                return null;
            });
        }

        @Override
        public int availablePermits() {
            FairPermits state = semaphores.get(id);
            return state == null ? capacity : state.available();
        }

        @Override
        public String toString() {
            return "semaphore " + id;
        }
    }
}
