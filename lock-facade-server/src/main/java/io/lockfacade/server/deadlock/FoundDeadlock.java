package io.lockfacade.server.deadlock;

/**
 * A deadlock the master found and broke: when, the lock type its victim waited for, the victim, and the cycle as
 * the victim's {@code DeadlockException} names it.
 *
 * @param atEpochMillis when the victim was told (wall clock)
 * @param lockType      the type of the lock the victim waited for
 * @param victim        the victim thread ({@code node:thread#id})
 * @param cycle         the cycle, beginning with {@code deadlock: }
 */
public record FoundDeadlock(long atEpochMillis, String lockType, String victim, String cycle) {
}
