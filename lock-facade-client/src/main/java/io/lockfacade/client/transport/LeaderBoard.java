package io.lockfacade.client.transport;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What the clients of one JVM know about a master group: which member they believe leads, and which members were
 * silent lately. Every {@link FailoverMemoryLockService} of the same member list shares one board, so that a
 * silent leader costs one client's attempt, not one attempt per client, and a new leader found by one is asked
 * first by all. Thread-safe.
 */
final class LeaderBoard {

    private static final Map<List<URI>, LeaderBoard> BOARDS = new ConcurrentHashMap<>();

    private final int size;
    private final AtomicLongArray suspectUntil;
    private volatile int leader;

    private LeaderBoard(int size) {
        this.size = size;
        this.suspectUntil = new AtomicLongArray(size);
        long now = System.nanoTime();
        for (int i = 0; i < size; i++) {
            suspectUntil.set(i, now);
        }
    }

    /** @return the board this JVM keeps for the group of these members, in this order */
    static LeaderBoard of(List<URI> members) {
        return BOARDS.computeIfAbsent(List.copyOf(members), list -> new LeaderBoard(list.size()));
    }

    /** @return the index of the member believed to lead */
    int leader() {
        return leader;
    }

    /** The member at {@code from} did not serve: believe {@code to} leads, unless another caller moved on already. */
    synchronized void moveLeader(int from, int to) {
        if (leader == from) {
            leader = to;
        }
    }

    /** The member answered: it is not suspect. */
    void answered(int member) {
        suspectUntil.set(member, System.nanoTime());
    }

    /** The member could not be reached or did not answer in time: skip it for {@code nanos}. */
    void suspect(int member, long nanos) {
        suspectUntil.set(member, System.nanoTime() + nanos);
    }

    /** @return whether the member is skipped now */
    boolean isSuspect(int member) {
        return System.nanoTime() - suspectUntil.get(member) < 0;
    }

    /** @return the member after {@code from} that is not suspect, or simply the next if all are */
    int next(int from) {
        for (int step = 1; step < size; step++) {
            int candidate = (from + step) % size;
            if (!isSuspect(candidate)) {
                return candidate;
            }
        }
        return (from + 1) % size;
    }
}
