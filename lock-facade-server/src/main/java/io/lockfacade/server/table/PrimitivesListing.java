package io.lockfacade.server.table;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Pictures of every read-write lock, semaphore and leadership of a {@link LockMachine}, in key order, for operators:
 * each read inside its key's critical section, weakly consistent across keys.
 *
 * @param readWriteLocks every read-write lock held or waited for
 * @param semaphores     every semaphore held, waited for or set by an operator
 * @param leaderships    every leadership with participants
 */
public record PrimitivesListing(List<ReadWriteView> readWriteLocks, List<SemaphoreView> semaphores,
                                List<LeadershipView> leaderships) {

    /** Copies the lists. */
    public PrimitivesListing {
        readWriteLocks = List.copyOf(readWriteLocks);
        semaphores = List.copyOf(semaphores);
        leaderships = List.copyOf(leaderships);
    }

    /** @return the machine's primitives now */
    public static PrimitivesListing of(LockMachine machine) {
        List<ReadWriteView> readWrite = new ArrayList<>();
        machine.readWriteLocks().forEach(readWrite::add);
        readWrite.sort(Comparator.comparing(ReadWriteView::lockKey, LockKey.ORDER));
        List<SemaphoreView> semaphores = new ArrayList<>();
        machine.semaphores().forEach(semaphores::add);
        semaphores.sort(Comparator.comparing(SemaphoreView::lockKey, LockKey.ORDER));
        List<LeadershipView> leaderships = new ArrayList<>();
        machine.leaderships().forEach(leaderships::add);
        leaderships.sort(Comparator.comparing(LeadershipView::lockKey, LockKey.ORDER));
        return new PrimitivesListing(readWrite, semaphores, leaderships);
    }
}
