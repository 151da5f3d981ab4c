package io.lockfacade.reliability.group;

import io.lockfacade.reliability.resource.FencedStore;
import io.lockfacade.testkit.group.GroupChaosLimits;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * Lock traffic against the group while faults hit it: {@link GroupChaosLimits#LOAD_WORKERS} owners, each in its
 * own thread, take one of {@link GroupChaosLimits#LOAD_KEYS} keys, enter a section of the {@link FencedStore},
 * write, leave and unlock, through a {@link LoadClient} of their own (the harness's caller or a client node). Every
 * grant is
 * recorded with the member that answered it, so a test can see when a new leader granted first after a fault.
 *
 * <p>Every call is timed against its bound: for the harness's caller, its wait plus the caller's deadline plus
 * {@link GroupChaosLimits#HANG_SLACK}; for a client node ({@link #ofClientNodes}), the Java client's own bounds
 * ({@link GroupChaosLimits#CLIENT_TRY_LOCK_OVERRUN} beyond a {@code tryLock}'s wait,
 * {@link GroupChaosLimits#CLIENT_CALL_OVERRUN} for an unlock). A call beyond its bound is a hang. A call that found no leader within its deadline is counted, not an
 * error: it is the answer the contract promises while no majority is up.
 */
public final class GroupLoad implements AutoCloseable {

    /** The lock type of the load. */
    public static final String LOCK_TYPE = "load";

    private final FencedStore store = new FencedStore();
    private final ConcurrentLinkedQueue<GrantRecord> grants = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
    private final AtomicLong unavailable = new AtomicLong();
    private final AtomicLong calls = new AtomicLong();
    private final AtomicLong maxTryLockOverrunMillis = new AtomicLong();
    private final AtomicLong maxOtherOverrunMillis = new AtomicLong();
    private final long tryLockBoundMillis;
    private final long otherBoundMillis;
    private final AtomicLong sections = new AtomicLong();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopping;

    /**
     * Starts the workers.
     *
     * @param clients worker index to its client (each may sit behind proxies of its own)
     */
    public GroupLoad(IntFunction<LoadClient> clients) {
        this(clients, hangBoundMillis(), hangBoundMillis());
    }

    /** @return workers that are client nodes, held to the Java client's bounds */
    public static GroupLoad ofClientNodes(IntFunction<LoadClient> clients) {
        return new GroupLoad(clients, GroupChaosLimits.CLIENT_TRY_LOCK_OVERRUN.toMillis(),
                GroupChaosLimits.CLIENT_CALL_OVERRUN.toMillis());
    }

    private GroupLoad(IntFunction<LoadClient> clients, long tryLockBoundMillis, long otherBoundMillis) {
        this.tryLockBoundMillis = tryLockBoundMillis;
        this.otherBoundMillis = otherBoundMillis;
        for (int i = 0; i < GroupChaosLimits.LOAD_WORKERS; i++) {
            String owner = "worker-" + i;
            LoadClient client = clients.apply(i);
            Thread thread = new Thread(() -> work(owner, client), "group-load-" + i);
            thread.setDaemon(true);
            threads.add(thread);
        }
        threads.forEach(Thread::start);
    }

    /** @return workers that call through the harness's caller, each built by {@code callers} */
    public static GroupLoad ofCallers(IntFunction<LeaderFollowingCaller> callers) {
        return new GroupLoad(i -> new CallerLoadClient("worker-" + i, callers.apply(i)));
    }

    /** @return the first grant answered after {@code afterNanos} by a member other than {@code except} */
    public Optional<GrantRecord> firstGrantAfter(long afterNanos, String except) {
        return grants.stream().filter(grant -> grant.atNanos() > afterNanos && !grant.member().equals(except))
                .min(java.util.Comparator.comparingLong(GrantRecord::atNanos));
    }

    /** @return the grants {@code member} answered after {@code afterNanos}, in no particular order */
    public List<GrantRecord> grantsBy(String member, long afterNanos) {
        return grants.stream().filter(grant -> grant.atNanos() > afterNanos && grant.member().equals(member))
                .toList();
    }

    /** @return grants answered so far */
    public long grantCount() {
        return grants.size();
    }

    /** @return the largest token granted so far */
    public long maxToken() {
        return grants.stream().mapToLong(GrantRecord::token).max().orElse(0);
    }

    /** @return the fenced resource's verdict so far */
    public FencedStore.Verdict verdict() {
        return store.verdict();
    }

    /** @return unexpected failures (client or member bugs), described */
    public List<String> errors() {
        return List.copyOf(errors);
    }

    /** @return calls that found no leader within their deadline */
    public long unavailableCalls() {
        return unavailable.get();
    }

    /** @return calls made */
    public long calls() {
        return calls.get();
    }

    /** @return whether every call stayed within its bound (see the class comment) */
    public boolean withinBounds() {
        return maxTryLockOverrunMillis.get() <= tryLockBoundMillis && maxOtherOverrunMillis.get() <= otherBoundMillis;
    }

    /** @return the longest overruns and their bounds, for a report line */
    public String overruns() {
        return "tryLock " + maxTryLockOverrunMillis.get() + "ms (bound " + tryLockBoundMillis + "ms), other "
                + maxOtherOverrunMillis.get() + "ms (bound " + otherBoundMillis + "ms)";
    }

    /** @return the bound of the harness's caller on any call's overrun of its wait */
    public static long hangBoundMillis() {
        return GroupChaosLimits.CALL_DEADLINE.plus(GroupChaosLimits.HANG_SLACK).toMillis();
    }

    /** Stops the workers after their current section; bounded by a call's hang bound. */
    @Override
    public void close() {
        stopping = true;
        long deadline = System.currentTimeMillis() + 2 * hangBoundMillis();
        for (Thread thread : threads) {
            try {
                thread.join(Math.max(1, deadline - System.currentTimeMillis()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (thread.isAlive()) {
                errors.add(thread.getName() + " did not stop within " + 2 * hangBoundMillis() + " ms");
            }
        }
    }

    private void work(String owner, LoadClient client) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        while (!stopping) {
            String key = "k" + random.nextInt(GroupChaosLimits.LOAD_KEYS);
            try {
                Optional<LoadClient.Granted> grant = timed(GroupChaosLimits.LOAD_WAIT.toMillis(),
                        maxTryLockOverrunMillis, () -> client.tryLock(key));
                if (grant.isPresent()) {
                    grants.add(new GrantRecord(System.nanoTime(), grant.get().member(), key, grant.get().token()));
                    section(owner, key, grant.get().token(), client, random);
                }
            } catch (GroupUnavailableException e) {
                unavailable.incrementAndGet();
            } catch (RuntimeException e) {
                errors.add(owner + " on " + key + ": " + e);
            }
        }
    }

    private void section(String owner, String key, long token, LoadClient client, ThreadLocalRandom random) {
        String sectionId = owner + "#" + sections.incrementAndGet();
        long hold = random.nextLong(GroupChaosLimits.LOAD_MAX_HOLD.toMillis() + 1);
        if (store.enter(LOCK_TYPE + "/" + key, token, owner, sectionId, hold)) {
            store.write(sectionId, true);
            sleep(hold);
            store.write(sectionId, true);
        }
        store.leave(sectionId);
        FencedStore.Outcome outcome;
        try {
            outcome = timed(0, maxOtherOverrunMillis, () -> client.unlock(key));
        } catch (GroupUnavailableException e) {
            unavailable.incrementAndGet();
            outcome = FencedStore.Outcome.UNAVAILABLE;
        }
        store.outcome(sectionId, outcome);
    }

    private <T> T timed(long waitMillis, AtomicLong maxOfKind, java.util.function.Supplier<T> call) {
        long start = System.nanoTime();
        try {
            return call.get();
        } finally {
            calls.incrementAndGet();
            long overrun = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) - waitMillis;
            maxOfKind.accumulateAndGet(overrun, Math::max);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
