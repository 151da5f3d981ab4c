package io.lockfacade.reliability.chaos;

import io.lockfacade.api.LockServiceUnavailableException;
import io.lockfacade.api.MemoryLockService;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Checks that the master lets go of a stopped client's locks in time: once the bound has passed since a node was
 * killed or frozen, {@code unlock(type, key, owner)} for each of its owners on every key must answer
 * {@code false}. The master frees an expired lock on access, so the answer is exact; a {@code true} means the dead
 * or frozen client still held a lock past its lease plus one expiry period (and releases it, too late).
 */
final class HolderChecks {

    private static final int ATTEMPTS = 3;
    private static final long RETRY_MILLIS = 200;
    private static final int MAX_EXAMPLES = 10;

    private record Pending(long dueNanos, String node, List<String> owners, String cause) {
    }

    private final MemoryLockService master;
    private final ChaosSettings settings;
    private final List<Pending> pending = new ArrayList<>();
    private final List<String> examples = new ArrayList<>();
    private long checks;
    private long skipped;
    private long violations;

    /** @param master the master itself, not through the faulty proxy */
    HolderChecks(MemoryLockService master, ChaosSettings settings) {
        this.master = master;
        this.settings = settings;
    }

    /** Schedules a check of {@code owners}, the bound after {@code stoppedAtNanos}. */
    void schedule(String node, List<String> owners, long stoppedAtNanos, String cause) {
        long due = stoppedAtNanos + TimeUnit.MILLISECONDS.toNanos(settings.holderExpiryBoundMillis());
        pending.add(new Pending(due, node, owners, cause));
    }

    /** Runs the checks that are due; with {@code all}, waits for and runs every pending one. */
    void runDue(boolean all) throws InterruptedException {
        for (Iterator<Pending> it = pending.iterator(); it.hasNext(); ) {
            Pending check = it.next();
            long wait = check.dueNanos() - System.nanoTime();
            if (wait > 0 && !all) {
                continue;
            }
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            it.remove();
            run(check);
        }
    }

    long checks() {
        return checks;
    }

    long skipped() {
        return skipped;
    }

    long violations() {
        return violations;
    }

    List<String> examples() {
        return List.copyOf(examples);
    }

    private void run(Pending check) throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                for (int type = 0; type < settings.lockTypes(); type++) {
                    for (int key = 0; key < settings.keysPerType(); key++) {
                        for (String owner : check.owners()) {
                            if (master.unlock("t" + type, "k" + key, owner)) {
                                violations++;
                                if (examples.size() < MAX_EXAMPLES) {
                                    examples.add("t" + type + "/k" + key + " still held by " + owner + " of "
                                            + check.node() + " " + settings.holderExpiryBoundMillis()
                                            + " ms after it was " + check.cause());
                                }
                            }
                        }
                    }
                }
                checks++;
                return;
            } catch (LockServiceUnavailableException e) {
                if (attempt == ATTEMPTS) {
                    skipped++; // the master is down: it holds nothing at all
                    return;
                }
                Thread.sleep(RETRY_MILLIS);
            }
        }
    }
}
