package io.lockfacade.server.admin;

import io.lockfacade.server.service.PrimitiveOperations;
import io.lockfacade.server.table.PrimitivesListing;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * The read-write locks, semaphores and leaderships as the admin pages need them: a listing, and the operator's
 * actions ({@link PrimitiveOperations}: force-release, revoke, set a capacity), which a master group sends through
 * its log. Callers check {@link AdminSource#requireCurrent()} first, as for locks.
 */
public final class AdminPrimitives {

    private final Supplier<PrimitivesListing> listing;
    private final PrimitiveOperations operations;

    /**
     * @param listing    reads every primitive of the master's table now
     * @param operations the master's own operator actions
     */
    public AdminPrimitives(Supplier<PrimitivesListing> listing, PrimitiveOperations operations) {
        this.listing = Objects.requireNonNull(listing, "listing");
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    /** @return every read-write lock, semaphore and leadership now */
    public PrimitivesListing listing() {
        return listing.get();
    }

    /** @return the operator's actions on them */
    public PrimitiveOperations operations() {
        return operations;
    }
}
