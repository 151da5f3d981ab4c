package io.lockfacade.server.table;

import java.util.List;

/**
 * The read-write locks, semaphores and leaderships of a {@link TableSnapshot}, as plain values in canonical order
 * (by key), parked calls included: who is served next decides later outcomes, so replicas must agree on the lines.
 *
 * @param readWriteLocks every read-write lock held or waited for
 * @param semaphores     every semaphore held, waited for or set by an operator
 * @param leaderships    every leadership with participants
 */
public record PrimitivesSnapshot(List<ReadWriteEntry> readWriteLocks, List<SemaphoreEntry> semaphores,
                                 List<LeadershipEntry> leaderships) {

    /** No primitive at all: what a table without any has, and what an older snapshot format stands for. */
    public static final PrimitivesSnapshot EMPTY = new PrimitivesSnapshot(List.of(), List.of(), List.of());

    /** Copies the lists. */
    public PrimitivesSnapshot {
        readWriteLocks = List.copyOf(readWriteLocks);
        semaphores = List.copyOf(semaphores);
        leaderships = List.copyOf(leaderships);
    }

    /**
     * One parked call of a read-write lock or a semaphore.
     *
     * @param waiter  the call
     * @param mode    the mode it asks for (read-write locks), or {@code null}
     * @param permits the permits it asks for (semaphores), or 0
     */
    public record ParkedAsk(Waiter waiter, AccessMode mode, int permits) {
    }

    /**
     * One read-write lock.
     *
     * @param lockKey the lock
     * @param writer  its writer, or {@code null}
     * @param readers its readers, oldest grant first
     * @param line    its parked calls, oldest first
     */
    public record ReadWriteEntry(LockKey lockKey, HolderView writer, List<HolderView> readers, List<ParkedAsk> line) {

        /** Copies the lists. */
        public ReadWriteEntry {
            readers = List.copyOf(readers);
            line = List.copyOf(line);
        }
    }

    /**
     * One semaphore.
     *
     * @param lockKey        the semaphore
     * @param capacity       its capacity
     * @param capacityPinned whether an operator set it
     * @param holders        its holders, oldest grant first
     * @param line           its parked calls, oldest first
     */
    public record SemaphoreEntry(LockKey lockKey, int capacity, boolean capacityPinned, List<HolderView> holders,
                                 List<ParkedAsk> line) {

        /** Copies the lists. */
        public SemaphoreEntry {
            holders = List.copyOf(holders);
            line = List.copyOf(line);
        }
    }

    /**
     * One participant of a leadership.
     *
     * @param name      the participant
     * @param sessionId the session it takes part under
     */
    public record Participant(String name, String sessionId) {
    }

    /**
     * One leadership.
     *
     * @param lockKey      the leadership
     * @param participants its participants, in the order they joined
     * @param leader       its leader with its epoch, or {@code null}
     * @param parked       the parked calls of participants waiting to be elected, oldest first
     */
    public record LeadershipEntry(LockKey lockKey, List<Participant> participants, HolderView leader,
                                  List<Waiter> parked) {

        /** Copies the lists. */
        public LeadershipEntry {
            participants = List.copyOf(participants);
            parked = List.copyOf(parked);
        }
    }
}
