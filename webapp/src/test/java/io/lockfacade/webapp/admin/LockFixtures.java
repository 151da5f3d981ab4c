package io.lockfacade.webapp.admin;

import io.lockfacade.api.LockGrant;
import io.lockfacade.server.table.Handout;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.webapp.MasterServer;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Puts locks and waiters straight into a test master's service, and clears its table between tests. */
final class LockFixtures {

    /** Lease of fixture locks: long enough never to run out during a test. */
    static final long LEASE_MILLIS = 600_000;

    /** How long a fixture waiter is parked at most. */
    static final long WAIT_MILLIS = 10_000;

    private static final int CLEAR_ROUNDS = 100;

    private LockFixtures() {
    }

    /** @return the fencing token of a new grant to {@code owner} */
    static long hold(MasterServer master, String type, String key, String owner) {
        return hold(master, type, key, owner, LEASE_MILLIS);
    }

    /** @return the fencing token of a new grant to {@code owner} with that lease */
    static long hold(MasterServer master, String type, String key, String owner, long leaseMillis) {
        LockGrant grant = master.service().tryLock(type, key, owner, leaseMillis, 0);
        if (grant == null) {
            throw new AssertionError(type + "/" + key + " is already held");
        }
        return grant.getFencingToken();
    }

    /** @return a call parked on the lock, completed with its grant when it gets the lock */
    static CompletableFuture<Handout> park(MasterServer master, String type, String key, String owner) {
        return master.service().tryLockAsync(type, key, owner, LEASE_MILLIS, WAIT_MILLIS);
    }

    /** Removes every lock; parked calls that get a lock on the way are removed too. */
    static void clear(MasterServer master) {
        for (int round = 0; round < CLEAR_ROUNDS && master.service().table().size() > 0; round++) {
            List<LockKey> keys = new ArrayList<>();
            master.service().table().forEachKey(keys::add);
            keys.forEach(key -> master.service().table().forceRemove(key));
        }
    }
}
