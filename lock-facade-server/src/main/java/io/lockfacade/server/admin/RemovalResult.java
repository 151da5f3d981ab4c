package io.lockfacade.server.admin;

import io.lockfacade.server.table.LockInfo;
import io.lockfacade.server.table.LockKey;

import java.util.Objects;

/**
 * What one force-removal did.
 *
 * @param key     the lock asked for
 * @param outcome what happened
 * @param removed the grant that was removed ({@link Outcome#REMOVED}), else {@code null}
 * @param current who holds the lock now: the waiter it was handed to after a removal, the new holder when it
 *                changed hands, or {@code null} when it is free
 */
public record RemovalResult(LockKey key, Outcome outcome, LockInfo removed, LockInfo current) {

    /** The three ways a removal ends. */
    public enum Outcome {
        /** The grant was removed; {@link #current()} is the waiter that got the lock, if any. */
        REMOVED,
        /** Nothing was held under that key: released, expired or removed already. Nothing changed. */
        NOT_HELD,
        /** The lock is held under another fencing token than the one expected. Nothing changed. */
        CHANGED_HANDS
    }

    /** Checks that the pictures match the outcome. */
    public RemovalResult {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(outcome, "outcome");
        if ((outcome == Outcome.REMOVED) != (removed != null)) {
            throw new IllegalArgumentException("a removed grant goes with REMOVED and only with it");
        }
        if (outcome == Outcome.CHANGED_HANDS && current == null) {
            throw new IllegalArgumentException("CHANGED_HANDS needs the current holder");
        }
    }

    static RemovalResult removed(LockKey key, LockInfo removed, LockInfo now) {
        return new RemovalResult(key, Outcome.REMOVED, removed, now);
    }

    static RemovalResult notHeld(LockKey key) {
        return new RemovalResult(key, Outcome.NOT_HELD, null, null);
    }

    static RemovalResult changedHands(LockKey key, LockInfo now) {
        return new RemovalResult(key, Outcome.CHANGED_HANDS, null, now);
    }
}
