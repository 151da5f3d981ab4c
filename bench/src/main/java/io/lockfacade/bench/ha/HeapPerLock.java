package io.lockfacade.bench.ha;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Heap per held lock on each member of a master (one for the single master, every member of a group): the heap
 * after full collections once {@link #LOCKS} locks are held, minus the heap before they were taken, divided by
 * the locks. On a group this counts everything a held lock costs a member: its table entry and what the Raft log
 * keeps of the entries that granted it. The same client threads first take {@link #PRIMING_LOCKS} locks, before
 * the first reading: a member that had not yet served that many connections would otherwise count the
 * connections' buffers as the locks' cost.
 */
final class HeapPerLock {

    /** Locks held for the measurement: 200 bytes each would be 10 MB, far above a collection's noise. */
    static final int LOCKS = 50_000;
    private static final int PRIMING_LOCKS = 2_000;
    private static final int THREADS = 16;
    private static final int OWNERS = 64;
    private static final String TYPE = "habench-heap";

    private HeapPerLock() {
    }

    /**
     * Takes {@link #LOCKS} locks with {@value #THREADS} threads through {@code client} and measures.
     *
     * @param pids      the member processes, in the order of the result
     * @param endpoints every member's Hessian endpoint
     * @param leader    the index to call first
     * @param client    the client to take the locks with
     * @return bytes per held lock on each member, in the order of {@code pids}
     */
    static List<Double> measure(List<Long> pids, List<String> endpoints, int leader, LockCalls.Kind client)
            throws Exception {
        List<LockCalls> clients = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            clients.add(client.create(endpoints, leader, HaLimits.CALL_TIMEOUT));
        }
        fill(clients, 0, PRIMING_LOCKS);
        List<Long> before = new ArrayList<>();
        for (long pid : pids) {
            before.add(MemberHeap.usedAfterGc(pid));
        }
        fill(clients, PRIMING_LOCKS, PRIMING_LOCKS + LOCKS);
        List<Double> perLock = new ArrayList<>();
        for (int i = 0; i < pids.size(); i++) {
            perLock.add((double) (MemberHeap.usedAfterGc(pids.get(i)) - before.get(i)) / LOCKS);
        }
        return perLock;
    }

    /** Takes the locks of keys {@code from} (inclusive) to {@code to}, one thread per client. */
    private static void fill(List<LockCalls> clients, int from, int to) throws InterruptedException {
        AtomicInteger next = new AtomicInteger(from);
        AtomicReference<Exception> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (LockCalls locks : clients) {
            Thread thread = new Thread(() -> {
                for (int i = next.getAndIncrement(); i < to && failure.get() == null; i = next.getAndIncrement()) {
                    try {
                        if (locks.tryLock(TYPE, "h" + i, "filler-" + (i % OWNERS), HaLimits.HELD_LEASE.toMillis(), 0,
                                System.nanoTime() + HaLimits.RECOVERY_CAP.toNanos()).value() == null) {
                            throw new IllegalStateException("free key h" + i + " was refused");
                        }
                    } catch (Exception e) {
                        failure.compareAndSet(null, e);
                    }
                }
            }, "heap-fill-" + threads.size());
            thread.setDaemon(true);
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join(HaLimits.GROUP_READY_TIMEOUT.toMillis());
        }
        if (failure.get() != null || threads.stream().anyMatch(Thread::isAlive)) {
            throw new IllegalStateException("could not take the locks of keys h" + from + " to h" + (to - 1),
                    failure.get());
        }
    }
}
