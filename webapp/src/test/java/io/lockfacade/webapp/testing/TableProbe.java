package io.lockfacade.webapp.testing;

import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;
import io.lockfacade.testsupport.await.Await;
import io.lockfacade.webapp.MasterServer;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/** Looks into a test master's lock table, with bounded polling for states reached asynchronously. */
public final class TableProbe {

    /** Longest a probe polls before failing. */
    public static final Duration PATIENCE = Duration.ofSeconds(10);

    private static final Duration POLL = Duration.ofMillis(10);

    private TableProbe() {
    }

    /** @return the lock's picture, or empty if it is not held */
    public static Optional<LockInfo> lock(MasterServer master, String type, String key) {
        return master.service().table().describe(new LockKey(type, key));
    }

    /** @return every held lock, as a snapshot */
    public static List<LockInfo> allLocks(MasterServer master) {
        List<LockInfo> all = new java.util.ArrayList<>();
        master.service().table().forEachLock((key, info) -> all.add(info));
        return all;
    }

    /** Waits until the lock's state satisfies the condition (empty when not held). */
    public static void await(MasterServer master, String type, String key, Predicate<Optional<LockInfo>> condition,
                             String what) throws InterruptedException {
        Await.until(PATIENCE, POLL, () -> condition.test(lock(master, type, key)),
                () -> "not reached within " + PATIENCE + ": " + what + "; lock is " + lock(master, type, key));
    }

    /** Waits until at least {@code count} calls are parked on the lock. */
    public static void awaitWaiters(MasterServer master, String type, String key, int count)
            throws InterruptedException {
        await(master, type, key, info -> info.map(LockInfo::waiters).orElse(0) >= count,
                count + " waiter(s) parked on " + type + "/" + key);
    }
}
