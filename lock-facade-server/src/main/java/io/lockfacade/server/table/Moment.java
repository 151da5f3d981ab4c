package io.lockfacade.server.table;

/**
 * The inputs of one transition that come from outside the state machine: the time and the fencing-token floor.
 *
 * <p>The machine never reads a clock; whoever drives it decides what "now" is. A single master passes its
 * monotonic clock and the wall clock in microseconds as floor; a replicated table passes the time the leader
 * stamped on the log entry and a floor derived from the entry's index. The same commands with the same moments
 * give the same state and the same outcomes.
 *
 * @param nanos      the time now, on the monotonic axis every deadline of the table is on (nanoseconds)
 * @param tokenFloor the least fencing token a grant made now may carry; the token is
 *                   {@code max(last token + 1, tokenFloor)}
 */
public record Moment(long nanos, long tokenFloor) {
}
