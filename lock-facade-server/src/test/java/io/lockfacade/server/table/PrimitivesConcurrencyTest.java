package io.lockfacade.server.table;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Many threads on one read-write lock, one semaphore and one leadership of the same machine, each under a session
 * of its own that it ends and reopens now and then: invariants, not timings. A thread counts what it holds after it
 * is granted and before it gives it back, so the counts never exceed what the machine granted, and a count over
 * the rules is a real overlap. Once every session has ended, nothing is left in any table.
 */
class PrimitivesConcurrencyTest {

    private static final int THREADS = 6;
    private static final int ROUNDS = 3_000;
    private static final int CAPACITY = 3;
    private static final LockKey RW = new LockKey("rw", "k");
    private static final LockKey SEM = new LockKey("sem", "k");
    private static final LockKey LEAD = Leaderships.key("k");
    private static final Moment NOW = new Moment(1_000_000_000L, 0);

    private final LockMachine machine = new LockMachine();
    private final AtomicInteger writers = new AtomicInteger();
    private final AtomicInteger readers = new AtomicInteger();
    private final AtomicInteger permits = new AtomicInteger();
    private final AtomicInteger leaders = new AtomicInteger();
    private final AtomicInteger violations = new AtomicInteger();
    private final Set<Long> tokens = ConcurrentHashMap.newKeySet();
    private final AtomicInteger grants = new AtomicInteger();

    @Test
    void noWriterBesideAnyoneNoPermitOverCapacityOneLeaderAndNothingLeftBehind() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<String>> workers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int seed = t;
            workers.add(pool.submit(() -> new Worker("owner-" + seed, seed).run()));
        }
        List<String> lastSessions = new ArrayList<>();
        for (Future<String> worker : workers) {
            lastSessions.add(worker.get(60, TimeUnit.SECONDS));
        }
        pool.shutdown();
        lastSessions.forEach(session -> machine.sessions().end(session, Effects.Cause.RELEASED, NOW));

        assertEquals(0, violations.get(), "grants beyond the rules");
        assertEquals(grants.get(), tokens.size(), "a fencing token issued twice");
        assertEquals(0, machine.readWriteLocks().size() + machine.semaphores().size()
                + machine.leaderships().size(), "state left once every session ended");
    }

    private final class Worker {
        private final String owner;
        private final Random random;
        private String session;
        private int generation;
        private boolean reading;
        private boolean writing;
        private int heldPermits;
        private boolean leading;
        private boolean participating;

        Worker(String owner, long seed) {
            this.owner = owner;
            this.random = new Random(seed);
            openSession();
        }

        String run() {
            for (int round = 0; round < ROUNDS; round++) {
                switch (random.nextInt(7)) {
                    case 0 -> readWrite();
                    case 1, 2 -> releaseReadWrite();
                    case 3 -> semaphore();
                    case 4 -> leadership();
                    case 5 -> leave();
                    default -> {
                        if (random.nextInt(20) == 0) {
                            giveUpEverything();
                            machine.sessions().end(session, Effects.Cause.RELEASED, NOW);
                            openSession();
                        }
                    }
                }
            }
            giveUpEverything();
            return session;
        }

        private void readWrite() {
            if (reading || writing) {
                return;
            }
            AccessMode mode = random.nextInt(4) == 0 ? AccessMode.WRITE : AccessMode.READ;
            if (granted(machine.readWriteLocks().acquire(RW, owner, mode, session, 0, NOW))) {
                if (mode == AccessMode.WRITE) {
                    writing = true;
                    check(writers.incrementAndGet() == 1 && readers.get() == 0);
                } else {
                    reading = true;
                    readers.incrementAndGet();
                    check(writers.get() == 0);
                }
            }
        }

        private void releaseReadWrite() {
            AccessMode mode = writing ? AccessMode.WRITE : AccessMode.READ;
            if (writing || reading) {
                (writing ? writers : readers).decrementAndGet();
                writing = false;
                reading = false;
                check(machine.readWriteLocks().release(RW, owner, mode, NOW) instanceof PrimitiveOutcome.Released);
            }
        }

        private void semaphore() {
            if (heldPermits > 0) {
                permits.addAndGet(-heldPermits);
                heldPermits = 0;
                check(machine.semaphores().reduce(SEM, owner, 0, NOW) instanceof PrimitiveOutcome.Released);
                return;
            }
            int asked = 1 + random.nextInt(2);
            if (granted(machine.semaphores().acquire(SEM, owner, asked, CAPACITY, session, 0, NOW))) {
                heldPermits = asked;
                check(permits.addAndGet(asked) <= CAPACITY);
            }
        }

        private void leadership() {
            PrimitiveOutcome outcome = machine.leaderships().join(LEAD, owner, session, 0, NOW);
            participating = true;
            if (!leading && (granted(outcome) || outcome instanceof PrimitiveOutcome.AlreadyHeld)) {
                leading = true;
                check(leaders.incrementAndGet() == 1);
            }
        }

        private void leave() {
            if (participating) {
                if (leading) {
                    leaders.decrementAndGet();
                    leading = false;
                }
                participating = false;
                check(machine.leaderships().leave(LEAD, owner, NOW) instanceof PrimitiveOutcome.Released);
            }
        }

        private void giveUpEverything() {
            releaseReadWrite();
            if (heldPermits > 0) {
                semaphore();
            }
            leave();
        }

        private boolean granted(PrimitiveOutcome outcome) {
            if (outcome instanceof PrimitiveOutcome.Granted granted) {
                grants.incrementAndGet();
                tokens.add(granted.handout().grant().getFencingToken());
                return true;
            }
            return false;
        }

        private void openSession() {
            session = owner + "#" + ++generation;
            machine.sessions().open(session, 60_000, NOW);
        }

        private void check(boolean holds) {
            if (!holds) {
                violations.incrementAndGet();
            }
        }
    }
}
