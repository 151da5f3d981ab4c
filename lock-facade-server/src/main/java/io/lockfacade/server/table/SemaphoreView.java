package io.lockfacade.server.table;

import java.util.List;

/**
 * A consistent picture of one semaphore.
 *
 * @param lockKey        the semaphore
 * @param capacity       how many permits it has (held ones may exceed a capacity an operator lowered)
 * @param held           how many permits are held
 * @param holders        the holders, oldest grant first, each with its permits
 * @param waiting        how many calls wait for permits
 * @param capacityPinned whether an operator set the capacity (it is then kept while nobody holds a permit)
 */
public record SemaphoreView(LockKey lockKey, int capacity, int held, List<HolderView> holders, int waiting,
                            boolean capacityPinned) {

    /** Copies the holders. */
    public SemaphoreView {
        holders = List.copyOf(holders);
    }

    /** @return how many permits are free now; never negative */
    public int available() {
        return Math.max(0, capacity - held);
    }
}
