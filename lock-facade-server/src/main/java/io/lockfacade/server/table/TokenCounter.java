package io.lockfacade.server.table;

import io.lockfacade.api.LockLimits;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The table's fencing counter: each grant's token is {@code max(last + 1, floor)}, so tokens strictly increase
 * over every grant of the table whatever floors it is given. The floor is what ties tokens to the world outside
 * (the wall clock across a single master's restarts, the log index in a replicated table); the last token is part
 * of the table's state and of its snapshot.
 */
final class TokenCounter {

    private final AtomicLong last;

    TokenCounter(long last) {
        this.last = new AtomicLong(last);
    }

    /**
     * @throws IllegalStateException if the token space below {@link LockLimits#FENCING_TOKEN_BOUND} is exhausted;
     *                               nothing is issued then
     */
    long issue(long floor) {
        long token = last.updateAndGet(previous -> {
            long next = Math.max(previous + 1, floor);
            if (next >= LockLimits.FENCING_TOKEN_BOUND) {
                throw new IllegalStateException("fencing tokens exhausted: " + next);
            }
            return next;
        });
        return token;
    }

    long last() {
        return last.get();
    }
}
