package io.lockfacade.server.fencing;

/**
 * Where the fencing tokens of a lock table start from: the table issues {@code max(last token + 1, floor)} for
 * each grant, so tokens strictly increase within the table whatever the floor, and the floor is what keeps them
 * increasing across the table's restarts or replicas.
 *
 * <ul>
 *   <li>A single master, which keeps no state on disk, uses {@link WallClockFloor}: the wall clock in
 *       microseconds, above every token of an earlier run as long as the clock did not step back by more than the
 *       restart took.</li>
 *   <li>A replicated table passes each log entry's index as the floor of that entry's transition (the last token
 *       is part of the replicated state and of its snapshots), so every replica issues the same tokens and a new
 *       leader's tokens follow the old leader's.</li>
 * </ul>
 */
@FunctionalInterface
public interface TokenFloor {

    /** @return the least token a grant made now may carry */
    long floor();
}
