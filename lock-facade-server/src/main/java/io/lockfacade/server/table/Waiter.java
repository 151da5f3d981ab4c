package io.lockfacade.server.table;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One parked {@code tryLock} call, queued first come, first served behind the current holder.
 *
 * <p>A waiter ends exactly once: either the table {@linkplain #claim() claims} it for a grant, or the caller
 * {@linkplain #giveUp() gives up} (wait over, client gone, superseded by a retry of the same owner). The
 * compare-and-set between the two is what guarantees that a grant never goes to a call nobody waits for.
 */
public final class Waiter {

    private static final int WAITING = 0;
    private static final int CLAIMED = 1;
    private static final int GAVE_UP = 2;

    private final LockTable table;
    private final LockKey lockKey;
    private final String owner;
    private final long leaseMillis;
    private final Session session;
    private final AtomicInteger state = new AtomicInteger(WAITING);
    private final CompletableFuture<Handout> result = new CompletableFuture<>();

    Waiter(LockTable table, LockKey lockKey, String owner, long leaseMillis, Session session) {
        this.table = table;
        this.lockKey = lockKey;
        this.owner = owner;
        this.leaseMillis = leaseMillis;
        this.session = session;
    }

    /** @return completes with the handout once granted, or with {@code null} once the waiter gave up */
    public CompletableFuture<Handout> result() {
        return result;
    }

    /**
     * Withdraws from the queue unless the lock was granted already.
     *
     * @return {@code true} if withdrawn (the result completes with {@code null}); {@code false} if the grant
     *         won the race, in which case the result carries it and the caller must deliver or release it
     */
    public boolean giveUp() {
        if (!state.compareAndSet(WAITING, GAVE_UP)) {
            return false;
        }
        table.withdraw(this);
        result.complete(null);
        return true;
    }

    boolean claim() {
        return state.compareAndSet(WAITING, CLAIMED);
    }

    void deliver(Handout handout) {
        result.complete(handout);
    }

    void supersede() {
        if (state.compareAndSet(WAITING, GAVE_UP)) {
            result.complete(null);
        }
    }

    LockKey lockKey() {
        return lockKey;
    }

    String owner() {
        return owner;
    }

    long leaseMillis() {
        return leaseMillis;
    }

    /** @return the session the grant would live under, or {@code null} for a grant with its own lease */
    Session session() {
        return session;
    }
}
