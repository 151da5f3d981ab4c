package io.lockfacade.client.semaphore;

import io.lockfacade.api.DeadlockException;
import io.lockfacade.api.LockArguments;
import io.lockfacade.api.LockLostException;
import io.lockfacade.api.PrimitiveLockService;
import io.lockfacade.api.deadlock.HeldLock;
import io.lockfacade.client.LockFacadeSemaphore;
import io.lockfacade.client.PrimitiveObserver;
import io.lockfacade.client.deadlock.DeadlockDetection;
import io.lockfacade.client.distributed.HeldByThread;
import io.lockfacade.client.distributed.NodeSessionView;
import io.lockfacade.client.distributed.OwnerNames;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The semaphores of one node ({@code DistributeLock}'s), held on the master under the node's session.
 *
 * <p><b>Per thread.</b> Permits belong to the thread that acquired them, as the API says: {@code release} gives back
 * the current thread's permits, latest acquisition first, and fails with {@link IllegalMonitorStateException}
 * (nothing changes) if the thread holds fewer. Each acquisition is one holder on the master, named
 * {@code nodeId:threadName#threadId/s<n>}, so a call retried after a lost reply is answered the same grant.
 *
 * <p><b>Faults.</b> A crashed node's permits come back when its session's TTL runs out on the master; a live node's
 * keep-alives keep them for as long as it runs. A release the master could not be told of is retried in the
 * background while the session lives ({@link PendingReleases}). If the session was lost meanwhile (the master ended
 * it, or keep-alives failed for a whole TTL), the master no longer held the permits: {@code release} then still
 * forgets them locally and throws {@link LockLostException}.
 *
 * <p><b>Deadlocks.</b> A thread that holds locks or permits of the node names them when it waits for permits, and
 * its acquisitions are named when it waits for a lock ({@link HeldByThread}, shared with the node's locks), so the
 * master can find a cycle through semaphores; a victim's {@code tryAcquire} throws {@link DeadlockException},
 * holding what it held before. An acquisition partly given back is no longer named: the master may not have heard
 * of the release yet, and a claim must never outlast the permits behind it.
 */
public final class DistributedSemaphores implements AutoCloseable {

    private final RemotePermits remote;
    private final PendingReleases pending;
    private final String nodeId;
    private final AtomicLong acquisitionNumbers = new AtomicLong();
    private final ConcurrentHashMap<SemaphoreId, Map<Thread, Deque<Acquisition>>> held = new ConcurrentHashMap<>();
    private final PrimitiveObserver observer;
    private final HeldByThread heldByThread;
    private final Consumer<String> victims;

    /**
     * A node's semaphores whose waits the master does not check for deadlocks.
     *
     * @param master        the master's semaphore calls
     * @param session       the node's session, which every permit lives under
     * @param remoteWaitCap the longest wait asked for in one call
     * @param observer      hears permits taken and given back, and threads waiting
     */
    public DistributedSemaphores(PrimitiveLockService master, NodeSessionView session, Duration remoteWaitCap,
                                 PrimitiveObserver observer) {
        this(master, session, remoteWaitCap, observer, new HeldByThread(DeadlockDetection.OFF), lockType -> { });
    }

    /**
     * @param master        the master's semaphore calls
     * @param session       the node's session, which every permit lives under
     * @param remoteWaitCap the longest wait asked for in one call
     * @param observer      hears permits taken and given back, and threads waiting
     * @param heldByThread  what each thread of the node holds, shared with the node's locks
     * @param victims       told the lock type of each deadlock victim's semaphore before its exception is thrown
     */
    public DistributedSemaphores(PrimitiveLockService master, NodeSessionView session, Duration remoteWaitCap,
                                 PrimitiveObserver observer, HeldByThread heldByThread, Consumer<String> victims) {
        this.observer = Objects.requireNonNull(observer, "observer");
        this.heldByThread = Objects.requireNonNull(heldByThread, "heldByThread");
        this.victims = Objects.requireNonNull(victims, "victims");
        this.remote = new RemotePermits(Objects.requireNonNull(master, "master"),
                Objects.requireNonNull(session, "session"), remoteWaitCap);
        this.pending = new PendingReleases(remote);
        this.nodeId = session.nodeId();
        session.keepOpenWhile(() -> !held.isEmpty()); // closing the node must not free permits still held
    }

    /**
     * @param permits the capacity, if the semaphore has none yet on the master: 1 to 1,000,000
     * @throws IllegalArgumentException if a name or {@code permits} is out of range
     */
    public LockFacadeSemaphore semaphore(String lockType, String key, int permits) {
        return new View(SemaphoreId.of(lockType, key), LockArguments.requirePermits("permits", permits, 1));
    }

    /**
     * Stops retrying failed releases; permits still held come back when the node's session's TTL runs out (the
     * session is not closed under them).
     */
    @Override
    public void close() {
        pending.close();
    }

    /** @return the current thread's acquisitions of {@code id}, latest first; only that thread reads or changes them */
    private Deque<Acquisition> mine(SemaphoreId id) {
        Thread thread = Thread.currentThread();
        @SuppressWarnings("unchecked")
        Deque<Acquisition>[] found = new Deque[1];
        held.compute(id, (k, threads) -> {
            Map<Thread, Deque<Acquisition>> byThread = threads == null ? new HashMap<>() : threads;
            found[0] = byThread.computeIfAbsent(thread, t -> new ArrayDeque<>());
            return byThread;
        });
        return found[0];
    }

    private void forgetIfEmpty(SemaphoreId id) {
        held.computeIfPresent(id, (k, threads) -> {
            threads.computeIfPresent(Thread.currentThread(), (t, acquisitions) -> acquisitions.isEmpty() ? null
                    : acquisitions);
            return threads.isEmpty() ? null : threads;
        });
    }

    /** One caller's view: the capacity it asks for if the semaphore has none. */
    private final class View implements LockFacadeSemaphore {

        private final SemaphoreId id;
        private final int capacity;

        View(SemaphoreId id, int capacity) {
            this.id = id;
            this.capacity = capacity;
        }

        /**
         * {@inheritDoc} One holder on the master per call; waits as a series of calls of at most the remote wait
         * cap, so an interrupt is noticed between two of them.
         *
         * @throws io.lockfacade.api.LockServiceUnavailableException if the master cannot be reached; nothing held
         */
        @Override
        public boolean tryAcquire(int permits, long timeout, TimeUnit unit) throws InterruptedException {
            LockArguments.requirePermits("permits", permits, 1);
            long deadline = remote.session().nanoTime() + Math.max(0, Objects.requireNonNull(unit, "unit").toNanos(timeout));
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted before waiting for permits of " + id);
            }
            String holder = OwnerNames.of(nodeId, Thread.currentThread(), "/s" + acquisitionNumbers.incrementAndGet());
            Acquisition acquisition;
            observer.permitWaiters(id.lockType(), 1);
            try {
                acquisition = remote.acquire(id, holder, permits, capacity, deadline, pending,
                        heldByThread.current(), heldByThread.checkDelayMillis());
            } catch (DeadlockException e) {
                victims.accept(id.lockType());
                throw e;
            } finally {
                observer.permitWaiters(id.lockType(), -1);
            }
            if (acquisition == null) {
                return false;
            }
            mine(id).push(acquisition);
            heldByThread.took(acquisition, new HeldLock(id.lockType(), id.key(), acquisition.fencingToken));
            observer.permitsAcquired(id.lockType(), permits);
            return true;
        }

        /**
         * {@inheritDoc} Forgotten locally first, then told to the master (one call per acquisition it touches).
         *
         * @throws LockLostException if the master no longer held some of them (the session was lost)
         * @throws io.lockfacade.api.LockServiceUnavailableException if the master could not be told; retried in the
         *                                                           background while the session lives
         */
        @Override
        public void release(int permits) {
            LockArguments.requirePermits("permits", permits, 1);
            Deque<Acquisition> acquisitions = mine(id);
            int total = acquisitions.stream().mapToInt(a -> a.permits).sum();
            if (total < permits) {
                forgetIfEmpty(id);
                throw new IllegalMonitorStateException(Thread.currentThread().getName() + " holds " + total
                        + " permits of " + id + ", cannot release " + permits);
            }
            Deque<Acquisition> touched = new ArrayDeque<>();
            int left = permits;
            while (left > 0) {
                Acquisition latest = acquisitions.peek();
                int taken = Math.min(left, latest.permits);
                latest.permits -= taken;
                left -= taken;
                if (latest.permits == 0) {
                    acquisitions.pop();
                }
                touched.add(latest);
                heldByThread.released(latest); // partly given back: the master may not know yet
            }
            observer.permitsReleased(id.lockType(), permits);
            forgetIfEmpty(id);
            tellMaster(touched);
        }

        private void tellMaster(Deque<Acquisition> touched) {
            RuntimeException failure = null;
            String lost = null;
            for (Acquisition acquisition : touched) {
                try {
                    if (!pending.release(id, acquisition.holder, acquisition.permits, acquisition.sessionId)) {
                        lost = acquisition.holder;
                    }
                } catch (RuntimeException e) {
                    failure = failure == null ? e : failure;
                }
            }
            if (failure != null) {
                throw failure;
            }
            if (lost != null) {
                throw new LockLostException("permits of " + id + " held by " + lost + " were lost: the master no "
                        + "longer held them (the node's session ended)");
            }
        }

        /** {@inheritDoc} Asks the master; a semaphore nobody uses answers the capacity this view would set. */
        @Override
        public int availablePermits() {
            int free = remote.available(id);
            return free < 0 ? capacity : free;
        }

        @Override
        public String toString() {
            return "semaphore " + id + " of node " + nodeId;
        }
    }
}
