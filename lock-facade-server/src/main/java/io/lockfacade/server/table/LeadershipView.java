package io.lockfacade.server.table;

import java.util.List;

/**
 * A consistent picture of one leadership.
 *
 * @param lockKey      the leadership (its name is the key)
 * @param leader       the participant that leads, or {@code null} while none does
 * @param epoch        the leader's epoch, 0 while none leads
 * @param sinceNanos   when the leader was elected, 0 while none leads
 * @param participants every participant, in the order they joined (the leader among them)
 */
public record LeadershipView(LockKey lockKey, String leader, long epoch, long sinceNanos, List<String> participants) {

    /** Copies the participants. */
    public LeadershipView {
        participants = List.copyOf(participants);
    }
}
