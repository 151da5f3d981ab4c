package io.lockfacade.api.deadlock;

import java.util.Objects;

/**
 * One wait of one thread for one lock. Every wait gets a new {@code sequence} from its source, so two reads that
 * return an equal wait saw one uninterrupted wait; a higher sequence is a younger wait.
 *
 * @param lock       what the thread waits for
 * @param sequence   unique and increasing among the waits of one source
 * @param sinceNanos when the wait began, on the source's monotonic clock
 * @param <L>        how the source names a lock
 */
public record Wait<L>(L lock, long sequence, long sinceNanos) {

    /** @throws NullPointerException if {@code lock} is null */
    public Wait {
        Objects.requireNonNull(lock, "lock");
    }

    /** @return whether this wait began after {@code other} */
    public boolean isYoungerThan(Wait<?> other) {
        return sequence > other.sequence;
    }
}
